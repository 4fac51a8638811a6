"""Times in the scheduler log and the batch summary: exact, in the console's number format
(refsim.model.units.format_number), and each warning stamped with the time of the event it concerns."""

import os
import sys

from refsim.sim.batch import run_batch, summary_lines
from tests.support.recordings import recording

# Times like the NASA log's: 3010264 printed with %g would read 3.01026e+06.
TEXT = """
events:
  - {time: 3010264, submit: {id: 1, run_time: 2.5}}
  - {time: 3010270, finish: 1}
  - {time: 3010300.125, submit: {id: 2, run_time: 1}}
"""


def test_log_lines_carry_exact_times_and_warnings_their_events_time(tmp_path):
    # Sessions at 3010264 (1 runs 2.5 s), 3010266.5 (its finish), 3010300.125 (2 arrives) and 3010301.125.
    # The finish at 3010270 names a finished job: a warning written at the end but stamped 3010270.
    log = tmp_path / "sched.log"
    run_batch(recording(TEXT), log=log)
    assert log.read_text(encoding="utf-8").splitlines() == [
        "[t=3010264] round 1: 1 dispatched, 0 pended, 0 no decision",
        "[t=3010266.5] round 2: 0 dispatched, 0 pended, 0 no decision",
        "[t=3010300.125] round 3: 1 dispatched, 0 pended, 0 no decision",
        "[t=3010301.125] round 4: 0 dispatched, 0 pended, 0 no decision",
        "[t=3010270] warning: finish of job 1, which is finished, ignored",
        "[t=3010301.125] replay ended after 4 rounds: 2 dispatched, 0 pending",
    ]


def test_batch_summary_prints_the_exact_final_time_and_stamped_warnings():
    rec = recording(TEXT)
    lines = summary_lines(rec, run_batch(rec))
    assert lines[0] == "replay of test.yaml: 4 rounds, simulated time 3010301.125"
    assert "warning: t=3010270: finish of job 1, which is finished, ignored" in lines


def test_the_decision_log_names_a_no_decision_and_its_kind(tmp_path):
    """Kills: sim/log.py:SchedulerLog._decision's no-decision line mutated. In the demo, job 109's requirement
    `select[type==` does not parse, so it has no scheduling object: from round 4 (t=30, its submit) it is the fourth
    job reported, after 104, 106 and 108, which pend."""
    from refsim.sim.batch import demo_recording

    log = tmp_path / "sched.log"
    run_batch(demo_recording(), log=log, verbosity=1)
    lines = log.read_text(encoding="utf-8").splitlines()
    start = lines.index("[t=30] round 4 #1: pend 104 (1 reason)")
    assert lines[start:start + 5] == [
        "[t=30] round 4 #1: pend 104 (1 reason)",
        "[t=30] round 4 #2: pend 106 (1 reason)",
        "[t=30] round 4 #3: pend 108 (5 reasons)",
        "[t=30] round 4 #4: no decision for 109: job has no scheduling object",
        "[t=30] round 4: 0 dispatched, 3 pended, 1 no decision",
    ]


def test_a_log_to_standard_output_leaves_it_open_and_a_log_to_a_device_closes_what_it_opened(capsys):
    """Kills: sim/log.py:SchedulerLog._finish_stream's `not self._owned` with its `not` dropped (refsim would close
    standard output, which it never opened, so nothing more could be printed; and leave open the device file it
    did open). `--log -` writes the log to standard output (docs/simulator.md)."""
    from refsim.sim.log import SchedulerLog

    run_batch(recording(TEXT), log="-")
    assert not sys.stdout.closed
    print("still printing")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "[t=3010264] round 1: 1 dispatched, 0 pended, 0 no decision"
    assert out[-1] == "still printing"
    device = SchedulerLog(os.devnull)
    opened = device._file
    device.close()
    assert opened.closed


def test_a_log_to_standard_error_goes_through_the_stream_refsim_writes_to(capsys):
    """Kills: sim/log.py:STDERR mutated (`/dev/stderr`, where -v without --log sends the log, would be opened as a
    file: written past the stream refsim holds, or replaced whole when standard error is redirected to a file).
    The log's lines reach sys.stderr, as the console's other messages do."""
    run_batch(recording(TEXT), log="/dev/stderr")
    assert capsys.readouterr().err.splitlines()[0] == "[t=3010264] round 1: 1 dispatched, 0 pended, 0 no decision"
