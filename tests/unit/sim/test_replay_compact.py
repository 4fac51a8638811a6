"""A compact replay (a batch run that writes no record of each decision) reports the same rounds as a replay that
reports every decision: runs of remembered outcomes are summed into the same round summaries."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sim.load import recording_from
from refsim.sim.replay import RoundEnded, Simulator

# Job 1's requirement `{}` has no content: it gets a no-decision without any pend reason (not a pend), which the
# scheduler remembers for its bucket. Job 2 arrives at t=10 and runs 5, so there are sessions at t=0 (job 1 decided),
# t=10 (job 1 remembered, job 2 dispatched) and t=15 (job 2 finished; job 1 remembered again).
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 2}]},
             "events": [{"time": 0, "submit": {"id": 1, "resreq": "{}", "run_time": 10}},
                        {"time": 10, "submit": {"id": 2, "run_time": 5}}]}


def _summaries(compact: bool) -> list[tuple[int, float, tuple, tuple, tuple]]:
    sim = Simulator(recording_from(RECORDING, "r.yaml"))
    return [(r.summary.round, r.summary.time, r.summary.dispatched, r.summary.pended, r.summary.no_decision)
            for r in sim.reports(compact) if isinstance(r, RoundEnded)]


def test_a_remembered_no_decision_is_listed_in_its_round_summary_in_a_compact_replay():
    """Kills: refsim/sim/replay.py:Simulator._record_known `no_decision +=` -> `-=` (a compact replay fails on the
    first run of remembered outcomes holding a no-decision), its `if` negated or its `is not Pend` inverted (the
    remembered no-decision would be left out of round 2's summary)."""
    one, two = JobId(1), JobId(2)
    expected = [(1, 0.0, (), (), (one,)), (2, 10.0, (two,), (), (one,)), (3, 15.0, (), (), (one,))]
    assert _summaries(compact=False) == expected
    assert _summaries(compact=True) == expected
