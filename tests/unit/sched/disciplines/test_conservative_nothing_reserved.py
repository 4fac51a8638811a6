"""Conservative with nothing reserved keeps the allocator's own placement."""

from refsim.sched.decisions import Dispatch
from tests.unit.sched.disciplines.schedule import simulate

# a: 1 slot (type X); b: 2 slots (type Y). At 0 job 1, which selects type Y, starts on b until 100. At 5 job 2
# (one task, run limit 10) is alone in its session and nothing is reserved, so the plan is the current state and
# the allocator's first fit in scan order, a, is kept. The reservation profile would rank b first instead (its
# best fit prefers the host held up to the interval: b is idle 0 before 5, a for ever), so a start on b would mean
# the profile's allocation replaced the allocator's.
TEXT = """
cluster:
  hosts:
    - {name: a, slots: 1, type: X}
    - {name: b, slots: 2, type: Y}
events:
  - {time: 0, submit: {id: 1, run_time: 100, run_limit: 100, resreq: "select[type==Y]"}}
  - {time: 5, submit: {id: 2, run_time: 10, run_limit: 10}}
"""


def test_the_first_job_to_fit_with_nothing_reserved_starts_on_the_allocators_host():
    """Kills: refsim/sched/disciplines/conservative.py:ConservativeRound.rule sending a job that fits with no job
    waiting ahead through the profile's earliest reservation (`self.first_waiting is None` inverted), which
    starts it on b."""
    _, results = simulate(TEXT, "conservative")
    placed = [(r.round, r.job.job, [h.host for h in r.outcome.allocation.hosts]) for r in results
              if isinstance(r.outcome, Dispatch)]
    assert placed == [(1, 1, ["b"]), (2, 2, ["a"])]
