"""ReplayOutputs when a run ends badly: both outputs failing to close are named in one message, and discarding
leaves no file behind, with or without a --sim-output file."""

from __future__ import annotations

import errno
import os

import pytest

from refsim.sim.outputs import OutputWriteError, ReplayOutputs


class _FullDisk:
    """An output whose close fails as on a full disk."""

    def __init__(self, path: str) -> None:
        self.path = path

    def close(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_both_outputs_failing_to_close_are_named_in_one_message():
    """Kills: refsim/sim/outputs.py:171 (the `"; "` that joins the close failures -> "XX"). Each failure is
    named with its option and path; the two are joined by '; ' in the order closed (--sim-output first)."""
    outputs = ReplayOutputs("r.yaml", output=_FullDisk("out.jsonl"), log=_FullDisk("sched.log"))
    with pytest.raises(OutputWriteError) as caught:
        outputs.close()
    assert str(caught.value) == ("--sim-output out.jsonl: cannot write: No space left on device; it was not written"
                                 "; --log sched.log: cannot write: No space left on device")


def test_discard_leaves_no_file_with_or_without_a_sim_output(tmp_path, monkeypatch):
    """Kills: refsim/sim/outputs.py:176 (`if self.output is not None` -> `is None` in `discard`). Both outputs
    are written to hidden temporary files until closed; discarding removes them (the mutant would leave the
    --sim-output one, and with no --sim-output would call discard() on None)."""
    monkeypatch.chdir(tmp_path)
    outputs = ReplayOutputs.open("r.yaml", output="out.jsonl", log="sched.log")
    assert len(os.listdir(tmp_path)) == 2  # the two temporary files
    outputs.discard()
    assert os.listdir(tmp_path) == []
    log_only = ReplayOutputs.open("r.yaml", log="sched.log")
    log_only.discard()
    assert os.listdir(tmp_path) == []


def test_an_interrupted_replay_whose_log_to_standard_output_cannot_be_flushed_reports_the_interrupt(monkeypatch):
    """Kills: sim/outputs.py:ReplayOutputs.discard's guard around the log's discard (an OSError from it would
    replace the interrupt). The log `-` goes to standard output, here a full device: its lines wait in the stream's
    buffer, and discard() flushes them, which fails. The replay is interrupted after its fourth report, and the
    interrupt, not the failed flush, is what the caller sees."""
    import sys

    from refsim.sim.batch import demo_recording, run_batch

    if not os.path.exists("/dev/full"):
        pytest.skip("this system has no /dev/full")
    full = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    monkeypatch.setattr(sys, "stdout", full)

    reports = []

    def interrupt(time):
        reports.append(time)
        if len(reports) == 4:  # the round's start and three decisions, logged one line each at -vv and more
            raise KeyboardInterrupt

    try:
        with pytest.raises(KeyboardInterrupt):
            run_batch(demo_recording(), log="-", verbosity=2, progress=interrupt)
    finally:
        try:
            full.close()
        except OSError:
            pass
