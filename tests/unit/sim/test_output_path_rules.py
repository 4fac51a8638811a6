"""The output-path guard and the whole-file writer (refsim.sim.paths), each rule decided word for word: what a
refused path is told, which paths are the same file, and what the written file looks like."""

import os
import stat

import pytest

from refsim.sim.paths import AtomicFile, OutputPathError, atomic_write, guarded_output


def _refusal(*args, **kwargs) -> str:
    with pytest.raises(OutputPathError) as caught:
        guarded_output(*args, **kwargs)
    return str(caught.value)


def test_a_nul_byte_in_a_path_is_shown_escaped_in_one_line():
    """Kills: sim/paths.py:guarded_output's NUL test and its `replace("\\0", "\\\\0")` mutated (the message would
    carry the raw NUL byte, which a terminal does not show) and the message text mutated."""
    assert _refusal("a\0b", role="set output") == "set output a\\0b: a path cannot contain a NUL byte"


def test_a_device_is_refused_for_an_output_written_whole_and_accepted_for_an_appending_one():
    """Kills: sim/paths.py:guarded_output's device message mutated. /dev/null is a character device: a log may
    append to it, but a file written whole is renamed into place, which would replace the device node."""
    assert _refusal("/dev/null") == ("output /dev/null: is a device, FIFO or socket; an output written whole must be "
                                     "a regular file")
    assert guarded_output("/dev/null", appending=True) == "/dev/null"


def test_a_path_ending_in_a_separator_is_a_directory_even_before_it_exists(tmp_path):
    """Kills: sim/paths.py:guarded_output's `text.endswith(os.sep)` test dropped or negated: `new/` names a
    directory whatever exists, and writing there would fail only after the run."""
    missing = f"{tmp_path}/new{os.sep}"
    assert _refusal(missing, role="--log") == f"--log {missing}: is a directory"
    assert not (tmp_path / "new").exists()


def test_an_output_that_is_an_input_names_both_paths_and_why(tmp_path):
    """Kills: sim/paths.py:guarded_output's same-file message mutated."""
    (tmp_path / "rec.yaml").write_text("x")
    rec = str(tmp_path / "rec.yaml")
    assert _refusal(rec, [("the recording", rec)], role="--sim-output") == (
        f"--sim-output {rec}: is the same file as the recording {rec}; refused so that nothing is overwritten")


def test_an_absent_other_output_is_no_path_to_compare(tmp_path):
    """Kills: sim/paths.py:guarded_output's `other is not None` -> `is None` (every real path would be skipped,
    and an absent one, such as a --sim-output not given, would be looked up as a file)."""
    out = str(tmp_path / "out.jsonl")
    assert guarded_output(out, [("the recording", None)], [("the --sim-output file", None)]) == out


def test_the_temporary_of_an_output_being_written_is_named_as_such(tmp_path):
    """Kills: sim/paths.py:AtomicFile.claims' " (being written)" words mutated: the refusal says which of the
    output's two paths it is."""
    out = AtomicFile(tmp_path / "out.jsonl")
    try:
        assert _refusal(out.temporary, [], out.claims("the output")) == (
            f"output {out.temporary}: is the same file as the output (being written) {out.temporary}; refused so "
            "that nothing is overwritten")
    finally:
        out.discard()


def test_a_new_output_gets_the_permissions_the_umask_gives_any_new_file(tmp_path):
    """Kills: sim/paths.py:_mode_for's `0o666 & ~mask` mutated (0o666 -> 0o667 would make the file executable by
    others). By hand: 0o666 & ~0o022 = 0o644, as `open()` would create it; a temporary file from mkstemp starts at
    0o600, so the mode must be set."""
    old = os.umask(0o022)
    try:
        with atomic_write(tmp_path / "new.jsonl") as file:
            file.write("x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.jsonl").stat().st_mode) == 0o644


def test_a_binary_output_is_written_as_bytes(tmp_path):
    """Kills: sim/paths.py:AtomicFile's binary mode `"wb"` mutated (the file could not be opened) or the text/binary
    choice negated (writing bytes to a text file fails)."""
    with atomic_write(tmp_path / "out.png", binary=True) as file:
        file.write(b"\x89PNG\r\n")
    assert (tmp_path / "out.png").read_bytes() == b"\x89PNG\r\n"


def test_an_output_in_a_missing_folder_names_the_output_not_its_temporary(tmp_path):
    """Kills: sim/paths.py:AtomicFile.__init__'s error naming the target dropped or changed: the user asked for
    `missing/out.jsonl`, never for the hidden temporary beside it."""
    target = tmp_path / "missing" / "out.jsonl"
    with pytest.raises(FileNotFoundError) as caught:
        AtomicFile(target)
    assert caught.value.filename == str(target)


def test_committing_twice_or_discarding_after_commit_keeps_the_output(tmp_path):
    """Kills: sim/paths.py:AtomicFile.commit's and discard's `if self.done: return` dropped or negated: a second
    commit would rename a temporary that is gone, a discard after the commit would try to remove it again."""
    out = AtomicFile(tmp_path / "out.jsonl")
    out.file.write("done\n")
    out.commit()
    out.commit()
    out.discard()
    assert os.listdir(tmp_path) == ["out.jsonl"] and (tmp_path / "out.jsonl").read_text() == "done\n"


def test_a_discard_removes_the_temporary_even_when_its_last_flush_fails(tmp_path, monkeypatch):
    """A full disk fails the final flush too (OSError from close): discarding the output must still remove the
    temporary file, and a temporary removed by someone else already is no error."""
    out = AtomicFile(tmp_path / "out.jsonl")
    out.file.write("half")

    def full_disk() -> None:
        raise OSError(28, "No space left on device")

    real_close = out.file.close
    monkeypatch.setattr(out.file, "close", full_disk)
    out.discard()
    real_close()
    assert os.listdir(tmp_path) == []
    gone = AtomicFile(tmp_path / "other.jsonl")
    os.unlink(gone.temporary)
    gone.discard()
    assert os.listdir(tmp_path) == []


def test_writing_a_new_output_leaves_the_umask_as_it_was(tmp_path):
    """Kills: sim/paths.py:_mode_for's `os.umask(mask)` dropped: reading the umask means setting it, so without
    putting it back every file refsim opened afterwards (a log, a trace file) would be created world-writable."""
    old = os.umask(0o027)
    try:
        with atomic_write(tmp_path / "new.jsonl") as file:
            file.write("x\n")
        assert os.umask(0o027) == 0o027
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.jsonl").stat().st_mode) == 0o640


def test_the_temporary_is_a_hidden_tmp_file_named_after_its_target_cut_to_100_characters(tmp_path):
    """Kills: sim/paths.py:AtomicFile's temporary name mutated (its leading `.`, which keeps it out of listings,
    its `.tmp` suffix, and the cut of the target's name at 100 characters that keeps the name within the 255 bytes
    a file name may have: here the target's name is 250 characters). Between the two, mkstemp's 8 random lower-case
    letters, digits or underscores."""
    import re
    name = "o" * 246 + ".csv"
    out = AtomicFile(tmp_path / name)
    try:
        assert re.fullmatch(rf"\.{'o' * 100}\.[a-z0-9_]{{8}}\.tmp", os.path.basename(out.temporary))
        out.file.write("x\n")
        out.commit()
    finally:
        out.discard()
    assert os.listdir(tmp_path) == [name]


def test_a_discarded_output_stays_discarded(tmp_path):
    """Kills: sim/paths.py:AtomicFile.discard's `self.done = True` -> False: a commit after the discard would then
    try to put a removed temporary in place and fail; the target must stay as it was, and nothing is raised."""
    (tmp_path / "out.jsonl").write_text("earlier\n")
    out = AtomicFile(tmp_path / "out.jsonl")
    out.file.write("half")
    out.discard()
    out.commit()
    assert os.listdir(tmp_path) == ["out.jsonl"] and (tmp_path / "out.jsonl").read_text() == "earlier\n"


def test_an_existing_file_and_a_path_naming_no_file_are_never_the_same_file(tmp_path):
    """Kills: sim/paths.py:same_file's `sa is not None or sb is not None` -> `and` (their resolved paths would be
    compared: `rec.yaml/` resolves to `rec.yaml`, yet it names no file, since a file is not a folder)."""
    from refsim.sim.paths import same_file
    (tmp_path / "rec.yaml").write_text("x")
    rec = str(tmp_path / "rec.yaml")
    assert same_file(rec, rec) and not same_file(rec, rec + "/") and not same_file(rec + "/", rec)


def test_a_discarded_output_closes_its_file(tmp_path):
    """Kills: sim/paths.py:AtomicFile.discard's `self.file.close()` dropped: the temporary would be removed but its
    descriptor left open, one more for each output discarded in a long console session."""
    out = AtomicFile(tmp_path / "out.jsonl")
    out.file.write("half")
    out.discard()
    assert out.file.closed and os.listdir(tmp_path) == []
