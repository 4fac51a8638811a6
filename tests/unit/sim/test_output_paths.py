"""Output paths refused in one line (refsim.sim.paths.guarded_output) and outputs written whole
(refsim.sim.paths.AtomicFile) that leave nothing behind when they cannot be put in place."""

import os

import pytest

from refsim.sim.paths import AtomicFile, OutputPathError, guarded_output
from tests.hostile.harness import RECORDING, cli


@pytest.mark.parametrize("option", ["--sim-output", "--log", "--schedule"])
def test_an_empty_output_path_is_a_one_line_usage_error_naming_the_option(tmp_path, option):
    """Kills: sim/paths.py:guarded_output's "the path is empty" text mutated."""
    (tmp_path / "rec.yaml").write_text(RECORDING)
    result = cli(tmp_path, "sim", "rec.yaml", option, "")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"Error: {option}: the path is empty"]
    with pytest.raises(OutputPathError) as raised:
        guarded_output("")
    assert str(raised.value) == "output: the path is empty"  # the role a caller names, `output` by default
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rec.yaml"]


def test_an_output_that_cannot_be_put_in_place_leaves_no_temporary_file(tmp_path):
    """Kills: sim/paths.py:AtomicFile.commit's `self.discard()` on a failed rename dropped (the temporary file
    beside the target would stay behind). Here the target became a directory while the output was being written:
    a file cannot be renamed over a directory, so the rename fails, the error reaches the caller, and the folder
    holds only that directory."""
    out = AtomicFile(tmp_path / "out.jsonl")
    out.file.write("a whole output\n")
    (tmp_path / "out.jsonl").mkdir()
    with pytest.raises(OSError):
        out.commit()
    assert os.listdir(tmp_path) == ["out.jsonl"] and (tmp_path / "out.jsonl").is_dir()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts this process's open files in /proc")
def test_an_output_whose_temporary_cannot_be_set_up_leaves_no_file_and_nothing_open(tmp_path, monkeypatch):
    """Kills: sim/paths.py:AtomicFile.__init__'s `os.close(fd)` and `os.unlink(self.temporary)` on a failed set-up
    dropped (the temporary's descriptor would stay open, or the temporary file would stay behind). Here giving the
    temporary the target's permissions fails, as it may on a file system that refuses chmod."""
    def refused(fd: int, mode: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "fchmod", refused)
    open_before = len(os.listdir("/proc/self/fd"))
    with pytest.raises(PermissionError):
        AtomicFile(tmp_path / "out.jsonl")
    assert os.listdir(tmp_path) == []
    assert len(os.listdir("/proc/self/fd")) == open_before
