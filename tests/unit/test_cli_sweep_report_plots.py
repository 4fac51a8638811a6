"""`sweep-report -o` names the plots it wrote beside the report, even when there is only one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run

# Two replays on one axis (discipline), one failed: the report has one plot, of its one axis.
ONE_AXIS = ("replay,recording,discipline,status,wait_mean,utilisation,decisions,cpu_seconds\n"
            "1,a.yaml,easy,ok,10.0,0.5,7,1.5\n2,a.yaml,greedy,ok,20.0,0.25,7,1.5\n")


def test_a_report_of_one_axis_names_its_one_plot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The report itself is the first file written and is not a plot; the one plot beside it is named.
    Kills: cli.py:sweep_report `len(written) > 1` changed to `> 2` (a lone plot not named)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text(ONE_AXIS)
    result = run("sweep-report", "r.csv", "-o", "r.md")
    assert result.exit_code == 0, result.output
    assert result.stdout == "r.md: 2 replays, 1 axes; plots: r-discipline.png\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r-discipline.png", "r.csv", "r.md"]


def test_a_report_without_axes_names_no_plots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A sweep with no axis has nothing to plot: only the report is written and no plot list is printed.
    Kills: cli.py:sweep_report `len(written) > 1` changed to `>= 1` (an empty "; plots: " list)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text("replay,recording,status,wait_mean,utilisation\n1,a.yaml,ok,10.0,0.5\n")
    result = run("sweep-report", "r.csv", "-o", "r.md")
    assert result.exit_code == 0, result.output
    assert result.stdout == "r.md: 1 replays, 0 axes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv", "r.md"]
