"""Best fit in time counts a host's idle time from its last end, jobs that already ended included
(docs/disciplines.md, "Where a backfill reservation goes"; SchedulerState.idle_since), worked by hand.

EASY on four one-slot hosts h1-h4. At 0, J1 and J2 (limit 30) start on h1 and h2, J3 (limit 3) on h3 and J4
(limit 5) on h4; J3 ends at 3 and J4 at 5, each on time. At 6 J5 (3 tasks, limit 10) finds only h3 and h4 free:
it reserves [30, 40), where all four hosts are free. Ranked for best fit at 30: h1 and h2 first (held until 30,
idle 0 before it), then h4 (idle since 5: 25), then h3 (idle since 3: 27). So J5 holds h1 h2 h4. J6 (1 task,
limit 100) fits now but would run past 30: textbook EASY places it on what the reservation leaves, over
[6, 106): h3 only. J6 starts on h3; at 30 J5 starts on h1 h2 h4, the free hosts.

Were h3 and h4 ranked as hosts nothing ever held (idle for ever, then in cluster order), J5 would hold h1 h2 h3
and J6 would start on h4."""

from __future__ import annotations

from refsim.sched.decisions import Dispatch, Pend
from refsim.sched.results import SessionResult, StartRule
from refsim.sim.replay import Simulator
from tests.property.test_fast_path import replay
from tests.support.recordings import recording

HISTORY = """
scheduling: {discipline: easy}
cluster:
  hosts:
    - {name: h1, slots: 1}
    - {name: h2, slots: 1}
    - {name: h3, slots: 1}
    - {name: h4, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 30, run_limit: 30}}
  - {time: 0, submit: {id: 2, run_time: 30, run_limit: 30}}
  - {time: 0, submit: {id: 3, run_time: 3, run_limit: 3}}
  - {time: 0, submit: {id: 4, run_time: 5, run_limit: 5}}
  - {time: 6, submit: {id: 5, tasks: 3, run_time: 10, run_limit: 10}}
  - {time: 6, submit: {id: 6, run_time: 100, run_limit: 100}}
"""


def _hosts(allocation) -> list[str]:
    return [h.host for h in allocation.hosts]


def test_a_reservation_takes_the_hosts_idle_the_shortest_ended_jobs_included():
    """Kills: profile.py's best fit leaving SchedulerState.idle_since out (J5 on h1 h2 h3, J6 on h4), and
    sim/replay.py not telling the state when a job ended."""
    sim = Simulator(recording(HISTORY))
    results = [r for r in sim.reports() if isinstance(r, SessionResult)]
    j5 = next(r for r in results if r.job.job == 5 and isinstance(r.outcome, Pend))
    assert j5.ruling is not None and j5.ruling.reservation is not None
    assert (j5.ruling.reservation.planned_start, _hosts(j5.ruling.reservation.allocation)) == (30, ["h1", "h2", "h4"])
    j6 = next(r for r in results if r.job.job == 6)
    assert isinstance(j6.outcome, Dispatch) and _hosts(j6.outcome.allocation) == ["h3"]
    assert j6.ruling is not None and j6.ruling.rule is StartRule.EXTRA
    assert sim.state.idle_since == {"h3": 6.0 + 100, "h4": 40.0, "h1": 40.0, "h2": 40.0}  # each host's last end


def test_both_paths_rank_the_same():
    rec = recording(HISTORY)
    assert replay(rec, reference=False) == replay(rec, reference=True)
