"""A batch run keeps nothing per decision: its peak memory does not grow with the number of decisions."""

from __future__ import annotations

import tracemalloc

from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from


def _waiting(sessions: int):
    """One slot held by a long job, a second job pending behind it until it is removed at `sessions`, and a session
    every second: the second job pends in each of the sessions at 0 to sessions - 1."""
    return recording_from({
        "cluster": {"hosts": [{"name": "a", "slots": 1}]},
        "sessions": {"policy": "every", "interval": 1},
        "events": [{"time": 0, "submit": {"id": 1, "run_time": sessions + 10}},
                   {"time": 0, "submit": {"id": 2, "run_time": 1}},
                   {"time": sessions, "remove": 2}],
    }, "waiting")


def _peak(sessions: int) -> tuple[int, int]:
    records: list[str] = []
    tracemalloc.start()
    try:
        result = run_batch(_waiting(sessions), sink=lambda record: records.append(record["kind"][0]))
        return tracemalloc.get_traced_memory()[1], result.decisions
    finally:
        tracemalloc.stop()


def test_ten_times_the_pends_take_no_more_memory():
    """3,000 and 30,000 pends of the same job (a sink and a verifier-free run, as `refsim sim` makes): the larger
    run's peak stays within 1 MB of the smaller's, while keeping each decision's record (about 300 bytes as a
    dict) would add over 8 MB. Kills: sim/batch.py asking ReplayOutputs to keep records (keep_records=True)."""
    small, small_decisions = _peak(3_000)
    large, large_decisions = _peak(30_000)
    assert (small_decisions, large_decisions) == (3_001, 30_001)  # the pends, and job 1's dispatch
    assert large - small < 1_000_000, (small, large)
