"""A --sim-output file whose writing fails while the replay runs (a full disk) is dropped and named in one line, and
nothing of it is left; a log that cannot be opened leaves no --sim-output file behind either."""

from __future__ import annotations

import errno
import os

import pytest

from refsim.model.jobid import JobId
from refsim.sim.batch import run_batch
from refsim.sim.output import SimOutput
from refsim.sim.outputs import OutputWriteError, ReplayOutputs
from refsim.sim.log import SchedulerLog
from refsim.sim.replay import Simulator
from tests.support.full_disk import FULL, failing_on
from tests.support.recordings import THREE_ALIKE, recording

# THREE_ALIKE: job 1 is dispatched; job 2 pends, judged in full; job 3 has job 2's requirement in the same
# session, so it pends from the same verdict (a run of bucket hits, written in one piece).


@pytest.mark.parametrize("fragment, method", [
    ('"job":"2","kind":"pend"', "write_line"),  # a pend judged in full (report)
    ('"job":"3","kind":"pend"', "write_line"),  # a pend known from its bucket (report_known)
    ("'kind': 'submit'", "write"),  # a job record
])
def test_a_sim_output_that_cannot_be_written_is_dropped_and_named(tmp_path, monkeypatch, fragment, method):
    """Kills: sim/outputs.py:ReplayOutputs._write's and _decided's `failures.append(self._drop_output(...))` dropped
    (the replay would go on writing into a broken file, which would then appear), report_known's
    `self._raise_failures()` dropped (the failure would be named only at the next report, if any), and
    _drop_output's `failed.discard()` dropped, its message mutated, or its `exc.strerror or exc` -> and."""
    failing_on(monkeypatch, fragment, method)
    out = tmp_path / "out.jsonl"
    with pytest.raises(OutputWriteError) as caught:
        run_batch(recording(THREE_ALIKE), output=out)
    assert str(caught.value) == f"--sim-output {out}: cannot write: {FULL}; it was not written"
    assert os.listdir(tmp_path) == []


def test_a_log_that_cannot_be_opened_leaves_no_sim_output_behind(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.open's `sim_output.discard()` dropped (the --sim-output file's
    temporary, already open when the log fails to open, would stay behind)."""
    with pytest.raises(FileNotFoundError):
        ReplayOutputs.open("r.yaml", output=tmp_path / "out.jsonl", log=tmp_path / "no" / "sched.log")
    assert os.listdir(tmp_path) == []


def test_set_output_names_the_previous_file_when_it_cannot_be_finished(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.switch_output's message mutated, or its `exc.strerror or exc` -> and.
    The new file is started (it is where later records go); the previous one was not written."""
    old = SimOutput(tmp_path / "old.jsonl", "r.yaml")

    def full_disk() -> None:
        raise OSError(errno.ENOSPC, FULL)

    old.close = full_disk  # type: ignore[method-assign]
    outputs = ReplayOutputs("r.yaml", output=old)
    with pytest.raises(OutputWriteError) as caught:
        outputs.switch_output(tmp_path / "new.jsonl")
    assert str(caught.value) == f"--sim-output {tmp_path / 'old.jsonl'}: cannot write: {FULL}; it was not written"
    assert outputs.output is not None and outputs.output.path == tmp_path / "new.jsonl"
    old.discard()
    outputs.discard()
    assert os.listdir(tmp_path) == []


def test_a_job_record_that_cannot_be_written_is_named_at_the_next_report_and_the_replay_goes_on(tmp_path,
                                                                                               monkeypatch):
    """A failure while the replay applies an event (job 1's finish record at t=10) must not end the replay: it
    is named once, by the report that follows (round 2's start at t=10), and the replay goes on to its end, as
    the console does when it names the error and carries on (job 2, submitted at t=20, is still dispatched). The
    --sim-output file is dropped and nothing of it is left.
    Kills: sim/outputs.py:ReplayOutputs._job_changed raising the failure itself (from inside the replay, which
    ended it)."""
    failing_on(monkeypatch, "'kind': 'finish'", "write")
    sim = Simulator(recording("""
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 20, submit: {id: 2, run_time: 10}}
"""))
    outputs = ReplayOutputs.open("r.yaml", output=tmp_path / "out.jsonl")
    outputs.attach(sim)
    errors, seen = [], []
    for report in sim.reports():
        try:
            outputs.report(report, sim.time)
        except OutputWriteError as exc:
            errors.append((type(report).__name__, sim.time, str(exc)))
        seen.append(type(report).__name__)
    outputs.close()
    assert errors == [("RoundStarted", 10, f"--sim-output {tmp_path / 'out.jsonl'}: cannot write: {FULL}; "
                                           "it was not written")]
    assert seen[-1] == "ReplayEnded" and sim.jobs[JobId(2, None)].start_time == 20
    assert os.listdir(tmp_path) == []


def test_both_outputs_failing_at_one_report_are_named_in_one_message(tmp_path, monkeypatch):
    """Kills: sim/outputs.py:ReplayOutputs._raise_failures' `"; "` join mutated, and _drop_log's message mutated,
    its `exc.strerror or exc` -> and, or its `failed.discard()` dropped (the log's temporary file would be left).
    Job 1's dispatch is the first decision: writing its --sim-output line and its level-1 log line both fail as on
    a full disk; the one error names the --sim-output file, then the log, and neither file is left."""
    failing_on(monkeypatch, '"kind":"dispatch"', "write_line")
    real_line = SchedulerLog._line

    def line(self, time, text):
        if "dispatch" in text:
            raise OSError(errno.ENOSPC, FULL)
        real_line(self, time, text)

    monkeypatch.setattr(SchedulerLog, "_line", line)
    out, log = tmp_path / "out.jsonl", tmp_path / "sched.log"
    with pytest.raises(OutputWriteError) as caught:
        run_batch(recording(THREE_ALIKE), output=out, log=log, verbosity=1)
    assert str(caught.value) == (f"--sim-output {out}: cannot write: {FULL}; it was not written; "
                                 f"--log {log}: cannot write: {FULL}; it was not written")
    assert os.listdir(tmp_path) == []
