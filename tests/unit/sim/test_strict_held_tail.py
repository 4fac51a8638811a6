"""A bulk replay (a batch run that reads no job's pend) takes a strict session's jobs behind its blocker as one
HeldTail, a count of them and of their pends, and decides and counts exactly as a replay that reports each."""

from __future__ import annotations

from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import HeldTail
from refsim.sim.batch import run_batch
from refsim.sim.replay import Simulator
from tests.support.recordings import recording

# One host of 2 slots, all four jobs submitted at t=0, each running 10 s. Round 1 (t=0): job 1 (1 slot) starts;
# job 2 (2 slots) does not fit and blocks; job 3 (1 slot) fits but is held back behind it; job 4 (3 slots) can
# never fit and pends for its own reasons; job 5's requirement does not parse: no decision. So the tail is
# positions 3 to 5: 3 jobs, 2 pends. Round 2 (t=10, job 1 ended): job 2 takes both slots, job 3 blocks, jobs 4
# and 5 are its tail (2 jobs, 1 pend). Round 3 (t=20): job 3 starts, job 4 blocks, job 5 alone behind it (1 job,
# no pend). Round 4 (t=30): job 4 blocks, job 5 again (1 job, no pend).
BLOCKED = """
scheduling: {discipline: strict}
cluster:
  hosts:
    - {name: h1, slots: 2}
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10, tasks: 2}}
  - {time: 0, submit: {id: 3, run_time: 10}}
  - {time: 0, submit: {id: 4, run_time: 10, tasks: 3}}
  - {time: 0, submit: {id: 5, run_time: 10, resreq: "select[(]"}}
"""


def test_a_strict_session_behind_its_blocker_is_one_count_of_jobs_and_pends():
    """Kills: sched/session.py taking the tail before the blocker (or not at all), buckets.py:held_tail counting
    a no-decision as a pend or a held-back fit as a no-decision."""
    reports = list(Simulator(recording(BLOCKED)).reports(compact=True, bulk=True))
    assert [r for r in reports if isinstance(r, HeldTail)] == [
        HeldTail(1, 3, 3, 2), HeldTail(2, 3, 2, 1), HeldTail(3, 3, 1, 0), HeldTail(4, 2, 1, 0)]


def test_a_bulk_batch_run_counts_the_decisions_one_by_one_reports():
    """Kills: sim/outputs.py:report_tail dropping or miscounting a tail's pends. Decisions by round as worked
    above: 4 (dispatch 1, pends 2, 3, 4), 3 (dispatch 2, pends 3, 4), 2 (dispatch 3, pend 4), 1 (pend 4) = 10."""
    plain = list(Simulator(recording(BLOCKED)).reports())
    outcomes = [r.outcome for r in plain if hasattr(r, "outcome")]
    assert sum(isinstance(o, (Dispatch, Pend)) for o in outcomes) == 10
    assert sum(isinstance(o, NoDecision) for o in outcomes) == 4  # job 5 in each round
    assert run_batch(recording(BLOCKED)).decisions == 10
