"""`refsim plot` read as a newcomer would (docs/report.md, "Plots"): panels titled by the runs' labels, the mean
utilisation line inside the axes at 100%, and a long run's utilisation drawn as fine means, not every instant."""

from __future__ import annotations

import pytest

from refsim.report import plot
from tests.support.runfiles import one_second_on_one_slot, write_run
from tests.unit.report.conftest import record, SMALL

pytest.importorskip("matplotlib")


def test_panels_are_titled_by_their_labels(tmp_path):
    """SMALL has 2 one-slot hosts: each column's title is its label and the slot count."""
    run = record(tmp_path, SMALL, "0f3a9c1d")  # a name like a sweep's hashed run files
    figure = plot.plot_figure([run, run], ["greedy", "easy"])
    assert [figure.axes[i].get_title() for i in (0, 1)] == ["greedy: 2 slots", "easy: 2 slots"]
    assert plot.plot_figure([run]).axes[0].get_title() == "0f3a9c1d.jsonl: 2 slots"  # no label: the file's name


def test_a_full_run_has_its_mean_line_inside_the_axes(tmp_path):
    """Job 1 holds the one slot from 0 to 1 s: utilisation is 100% throughout, so every mean is 100; the axis top
    lies above it (before, the top was 100 and the line was cut in half by the axes' edge)."""
    run = one_second_on_one_slot(tmp_path / "full.jsonl", 0)
    utilisation = plot.plot_figure([run]).axes[1]
    mean = utilisation.lines[1]
    assert set(mean.get_ydata()) == {100.0}
    assert max(mean.get_ydata()) < utilisation.get_ylim()[1]


def _long_run(tmp_path, jobs: int) -> str:
    """Job n is submitted and started at 2n and finishes at 2n+1 on the one slot: two steps a job."""
    records: list[dict[str, object]] = []
    for n in range(jobs):
        records += [{"kind": "submit", "job": str(n), "queue": "q", "time": 2 * n},
                    {"kind": "dispatch", "job": str(n), "round": n + 1, "position": 1, "time": 2 * n,
                     "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1}}]}},
                    {"kind": "finish", "job": str(n), "time": 2 * n + 1}]
    return write_run(tmp_path / "long.jsonl", [*records, {"kind": "end", "time": 2 * jobs, "start": 0, "slots": 1}])


def test_a_long_run_draws_fine_means_not_every_instant(tmp_path):
    """1,500 jobs make 3,000 steps, past DETAILED (2,000): the thin curve is the mean over each 1/500 of the run,
    which is 50% everywhere (each 6 s stretch holds three 1 s jobs), not a line flipping between 0 and 100."""
    utilisation = plot.plot_figure([_long_run(tmp_path, 1500)]).axes[1]
    thin = utilisation.lines[0]
    assert thin.get_drawstyle() == "default" and len(thin.get_xdata()) == plot.FINE
    assert all(abs(y - 50) < 1e-9 for y in thin.get_ydata())
    assert not [line for line in utilisation.lines if line.get_drawstyle() == "steps-post"]


def test_a_short_run_keeps_every_instant(tmp_path):
    """1,000 jobs make 2,000 steps, DETAILED itself: every instant is drawn, as for the small runs."""
    utilisation = plot.plot_figure([_long_run(tmp_path, 1000)]).axes[1]
    assert utilisation.lines[0].get_drawstyle() == "steps-post"
