"""sweep-report -o without matplotlib installed: one line saying how to install it, and no report written."""

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
