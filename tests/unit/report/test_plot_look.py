"""What the plot of a run looks like (docs/report.md, "Plots"): pending jobs as steps on a whole-number axis, the
utilisation of each instant thin and light grey under its mean over each hundredth of the run and the overall
figure as a dashed black line on a 0-100% axis with headroom above 100%, and the waits as a survival curve on log scales from 0 s. Checked on
the small run (conftest.SMALL), whose figures are worked out there."""

from __future__ import annotations

from matplotlib.font_manager import FontProperties

from refsim.report.plot import time_unit
from tests.unit.report.conftest import record


def _points(size: str) -> float:
    return FontProperties(size=size).get_size_in_points()


def test_the_time_unit_changes_at_two_hours_and_two_days():
    """A span under 2 hours is drawn in seconds, from 2 hours in hours, from 2 days in days. Kills:
    report/plot.py:time_unit's thresholds (`>=` -> `>`, 2 -> 3, 3600 -> 3601, ...) and unit sizes."""
    assert [time_unit(s) for s in (0, 7199, 7200, 172799, 172800)] == [
        (1, "seconds"), (1, "seconds"), (3600, "hours"), (3600, "hours"), (86400, "days")]


def test_each_panel_as_documented(small_run):
    """Kills: report/plot.py:_pending, _utilisation and _waits's labels, line widths, colours, styles, scales and
    limits mutated or dropped."""
    from refsim.report.plot import plot_figure

    pending, utilisation, waits = plot_figure([small_run]).axes
    assert (pending.get_ylabel(), pending.get_xlabel()) == ("jobs pending", "time (seconds from the start)")
    assert [(line.get_drawstyle(), line.get_linewidth()) for line in pending.lines] == [("steps-post", 0.7)]
    assert pending.yaxis.get_major_locator()._integer  # whole jobs: no tick at 2.5 jobs pending

    assert (utilisation.get_ylabel(), utilisation.get_ylim()) == ("utilisation (%)", (0.0, 105.0))
    assert list(utilisation.get_yticks()) == [0, 20, 40, 60, 80, 100]
    instants, mean, overall = utilisation.lines
    assert (instants.get_drawstyle(), instants.get_linewidth(), instants.get_color()) == ("steps-post", 0.3, "0.8")
    assert (mean.get_drawstyle(), mean.get_linewidth()) == ("default", 1.5)
    assert (overall.get_linestyle(), overall.get_linewidth(), overall.get_color()) == ("--", 1.0, "k")
    legend = utilisation.get_legend()
    assert (legend._loc, legend.get_frame().get_alpha()) == (3, 0.9)  # 3: lower left, under the curves' tops
    assert {text.get_fontsize() for text in legend.get_texts()} == {_points("small")}

    assert (waits.get_ylabel(), waits.get_xlabel()) == ("fraction of jobs waiting longer", "wait (seconds)")
    assert (waits.get_yscale(), waits.get_xscale(), waits.xaxis.get_transform().linthresh) == ("log", "symlog", 1)
    assert waits.get_xlim()[0] == 0  # waits start at 0 s
    assert [(line.get_drawstyle(), line.get_linewidth()) for line in waits.lines] == [("steps-post", 1.2)]
    assert waits.title.get_fontsize() == _points("medium")


def test_a_run_where_no_job_started_has_no_wait_curve(tmp_path):
    """Host a has no slot: job 1 pends from 0 until it is removed at 10, so no job waited and started. The wait
    panel says so, draws no curve and keeps a linear y axis (a log axis has nothing to show). Kills:
    report/plot.py:_waits's title for no started job, and its test for points to draw."""
    from refsim.report.plot import plot_figure

    path = record(tmp_path, "cluster:\n  hosts:\n    - {name: a, slots: 0}\nevents:\n"
                            "  - {time: 0, submit: {id: 1}}\n  - {time: 10, remove: 1}\n", "none-started")
    waits = plot_figure([path]).axes[2]
    assert (waits.get_title(), len(waits.lines), waits.get_yscale()) == ("no job started", 0, "linear")


def test_only_waits_someone_waited_longer_than_are_drawn(tmp_path):
    """Jobs 1 and 2 (one slot, 10 s each) are submitted at 0: job 1 waits 0 s, job 2 10 s. Half the jobs waited
    longer than 0 s; none longer than 10 s, which a log axis cannot show, so the curve is the one point (0, 0.5).
    Kills: report/plot.py:_waits keeping the fraction 0 (`> 0` -> `>= 0`) or dropping a fraction above 0."""
    from refsim.report.plot import plot_figure

    path = record(tmp_path, "cluster:\n  hosts:\n    - {name: a, slots: 1}\nevents:\n"
                            "  - {time: 0, submit: {id: 1, run_time: 10}}\n"
                            "  - {time: 0, submit: {id: 2, run_time: 10}}\n", "two-waits")
    waits = plot_figure([path]).axes[2]
    assert [tuple(p) for p in waits.lines[0].get_xydata()] == [(0, 0.5)]
