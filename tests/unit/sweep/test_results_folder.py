"""The results folder of a sweep that cannot be resumed from: one line naming the file, and nothing written."""

from __future__ import annotations

from pathlib import Path

from tests.unit.sweep.conftest import run


def test_results_that_are_not_utf8_text_stop_the_sweep_with_one_line(six: Path):
    """An earlier run's results.jsonl that is not UTF-8 text (a binary file put there by mistake) cannot be read
    to resume from: the sweep says why, naming the file, and changes nothing in the folder. Kills:
    sweep/results.py:ResultsFolder.previous's reason (`strerror or the error`) taken as `strerror and the error`,
    which has no strerror for a decoding error and would print `None`."""
    out = six / "out"
    out.mkdir()
    (out / "results.jsonl").write_bytes(b"\xff\xfe{}\n")
    result = run("sweep", str(six / "six.yaml"), "-o", str(out), "-j", "1")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"Error: {out / 'results.jsonl'}: cannot read: 'utf-8' codec can't decode byte 0xff "
                             "in position 0: invalid start byte\n")
    assert sorted(p.name for p in out.iterdir()) == ["results.jsonl"]
    assert (out / "results.jsonl").read_bytes() == b"\xff\xfe{}\n"


def test_results_without_read_permission_stop_the_sweep_with_the_reason(six: Path, monkeypatch):
    """An earlier run's results.jsonl that this user may not read: one line with the system's reason (as for any
    unreadable file), nothing changed. Read permission cannot be taken from the superuser, so the refusal is
    simulated where the file is read. Kills: sweep/results.py:ResultsFolder.previous's reason taken from another
    attribute than the error's strerror (the line would carry the whole `[Errno 13] ...` text)."""
    out = six / "out"
    out.mkdir()
    (out / "results.jsonl").write_text("")
    real = Path.read_text

    def refused(path: Path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if path.name == "results.jsonl":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", refused)
    result = run("sweep", str(six / "six.yaml"), "-o", str(out), "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == f"Error: {out / 'results.jsonl'}: cannot read: Permission denied\n"
    assert sorted(p.name for p in out.iterdir()) == ["results.jsonl"]
