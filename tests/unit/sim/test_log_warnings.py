"""The scheduler log ends with the replay's warnings, like the batch summary."""

from refsim.sim.batch import run_batch
from tests.support.recordings import recording


def test_the_log_records_each_warning_at_the_end(tmp_path):
    """Kills: the warning lines dropped from SchedulerLog.report for ReplayEnded."""
    # Job 2 asks 9 tasks of the 8 slots (hosts a and b, 4 each): it never runs, so its recorded finish at t=5 is
    # ignored with a warning.
    log = tmp_path / "sched.log"
    run_batch(recording("""
events:
  - {time: 0, submit: {id: 2, tasks: 9, run_time: 10}}
  - {time: 5, finish: 2}
"""), log=log)
    lines = log.read_text().splitlines()
    assert "[t=5] warning: finish of job 2, which is pending, ignored" in lines
    assert lines[-1].startswith("[t=5] replay ended after")
