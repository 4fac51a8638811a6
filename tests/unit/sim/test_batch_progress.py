"""A batch run tells its caller the simulated time as it goes, and an interrupt leaves no partial output."""

import pytest

from refsim.sim.batch import run_batch
from tests.support.recordings import recording

# Job 1 runs 0-10 and job 2 waits for it (each takes all 4 slots of host a and host b is closed), so job 2 starts at
# t=10 and ends at t=15.
RECORDING = """
cluster:
  hosts:
    - {name: a, slots: 4}
    - {name: b, slots: 4, status: closed}
events:
  - {time: 0, submit: {id: 1, tasks: 4, run_time: 10}}
  - {time: 0, submit: {id: 2, tasks: 4, run_time: 5}}
"""


def test_progress_is_told_the_simulated_time_after_each_report():
    """Kills: sim/batch.py:run_batch's progress call dropped or its test negated. Round 1 at t=0 (4 reports: its
    start, job 1's dispatch, job 2's pend, its end), round 2 at t=10 when job 1 ends (start, job 2's dispatch, end),
    round 3 at t=15 when job 2 ends (start and end: nothing is pending), then the replay's end: 4 reports at 0, 3 at
    10, 3 at 15."""
    seen: list[float] = []
    result = run_batch(recording(RECORDING), progress=seen.append)
    assert seen == [0, 0, 0, 0, 10, 10, 10, 15, 15, 15] and result.statistics.time == 15


def test_an_interrupted_run_leaves_no_output_file(tmp_path):
    """Kills: sim/batch.py:run_batch's `outputs.discard()` on an interrupt dropped (the --sim-output file's
    temporary copy would be left behind). The run is interrupted at its first report; the folder stays empty."""
    def interrupt(time: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batch(recording(RECORDING), output=tmp_path / "out.jsonl", progress=interrupt)
    assert list(tmp_path.iterdir()) == []
