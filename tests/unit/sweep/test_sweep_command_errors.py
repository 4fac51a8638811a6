"""`sweep` and `sweep-report` errors met only when the system refuses: one line naming what was wrong, and nothing
written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run


def test_a_report_with_plots_without_matplotlib_says_how_to_install_it(six: Path, monkeypatch: pytest.MonkeyPatch):
    """The tables alone need no plotting library, the report with plots does: without matplotlib, `-o report.md`
    fails with exit status 1 and the install line, and writes nothing.
    Kills: cli.py:sweep_report the install message mutated."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError, as when absent
    assert run("sweep-report", "out/results.csv").exit_code == 0
    result = run("sweep-report", "out/results.csv", "-o", "report.md")
    assert result.exit_code == 1
    assert result.stderr == "Error: plotting needs matplotlib: pip install 'refsim[plot]'\n"
    assert not list(six.glob("report*"))


def test_a_report_into_a_missing_folder_names_the_report_and_why(six: Path, monkeypatch: pytest.MonkeyPatch):
    """Kills: cli.py:sweep_report the `cannot write` message mutated or its handler dropped."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    result = run("sweep-report", "out/results.csv", "-o", "no/report.md")
    assert result.exit_code == 2
    assert result.stderr == "Error: no/report.md: cannot write: No such file or directory\n"
    assert not (six / "no").exists()


def test_a_results_folder_under_a_file_is_refused_before_any_replay(six: Path, monkeypatch: pytest.MonkeyPatch):
    """`-o notes.txt/out` where notes.txt is a file: the folder cannot be made; one line names the path and the
    system's reason, status 2, and the file is untouched.
    Kills: cli.py:sweep the OSError message (path: reason) mutated or its handler dropped."""
    monkeypatch.chdir(six)
    (six / "notes.txt").write_text("notes\n")
    result = run("sweep", "six.yaml", "-o", "notes.txt/out", "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == "Error: notes.txt/out: Not a directory\n"
    assert (six / "notes.txt").read_text() == "notes\n"
