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
