"""The figure's time axes in a unit longer than seconds."""

from __future__ import annotations

import pytest

from tests.unit.report.conftest import record

# One one-slot host; job 1 runs 3 hours (10800 s) from 0. The run spans 10800 s, which is 2 hours or more and
# under 2 days, so the axes count hours: the run's two records (its start and its end) sit at 0 and 3.
THREE_HOURS = """
cluster:
  hosts:
    - {name: a, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 10800}}
"""


def test_the_series_are_drawn_in_hours_from_the_start(tmp_path):
    """Kills: refsim/report/plot.py:56 (`(t - start) / size` -> `(t - start) * size` in _utilisation), and the
    same division in _pending. With size 3600, 10800 s from the start is 3.0 hours."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    figure = plot_figure([record(tmp_path, THREE_HOURS, "long")])
    pending, utilisation = figure.axes[0], figure.axes[1]
    assert utilisation.get_xlabel() == pending.get_xlabel() == "time (hours from the start)"
    assert list(utilisation.lines[0].get_xdata()) == [0.0, 3.0]
    assert list(pending.lines[0].get_xdata()) == [0.0, 3.0]


# The same job submitted at 3600 s: the run spans 3600 to 14400 (10800 s, still hours), so every time axis starts
# from the run's first record, not from 0.
LATE_START = THREE_HOURS.replace("time: 0,", "time: 3600,")


def test_the_mean_utilisation_curve_is_drawn_from_the_runs_start(tmp_path):
    """Kills: report/plot.py:_utilisation's `(m - start) / size` -> `(m + start) / size` for the binned means.
    The run spans 3 hours from its start at 3600 s; its 100 bins are 0.03 h wide, so the first mean sits at the
    middle of the first bin, 0.015 h from the start, and the last at 2.985 h."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    utilisation = plot_figure([record(tmp_path, LATE_START, "late")]).axes[1]
    means = list(utilisation.lines[1].get_xdata())
    assert len(means) == 100
    assert means[0] == pytest.approx(0.015) and means[-1] == pytest.approx(2.985)


def test_jobs_pending_are_drawn_from_the_runs_start(tmp_path):
    """Kills: report/plot.py:_pending's `(t - start) / size` -> `(t + start) / size`. The late run's records sit
    at 3600 s (its start) and 14400 s: 0 and 3 hours from the start."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    pending = plot_figure([record(tmp_path, LATE_START, "late")]).axes[0]
    assert list(pending.lines[0].get_xdata()) == [0.0, 3.0]


def test_the_wait_plot_is_titled_with_the_wait_figures(tmp_path):
    """Kills: report/plot.py:_waits's title of the wait figures mutated. Job 1 starts as it is submitted, so every
    wait figure is 0."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    waits = plot_figure([record(tmp_path, THREE_HOURS, "long")]).axes[2]
    assert waits.get_title() == "mean 0.0 s, p95 0.0 s, max 0 s"


def test_two_runs_share_the_time_unit_of_the_longer(tmp_path):
    """Kills: report/plot.py:plot_figure choosing the unit by the shorter run's span (`max` -> `min`). The runs
    share the x axis, so the unit fits the longer: 3 hours beside 60 seconds is drawn in hours (the short run
    ends at 60/3600 of an hour)."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    short = THREE_HOURS.replace("run_time: 10800", "run_time: 60")
    figure = plot_figure([record(tmp_path, THREE_HOURS, "long"), record(tmp_path, short, "short")])
    assert {ax.get_xlabel() for ax in figure.axes if ax.get_xlabel().startswith("time")} == {
        "time (hours from the start)"}
    short_pending = figure.axes[1]  # the first row, second column
    assert list(short_pending.lines[0].get_xdata()) == [0.0, pytest.approx(60 / 3600)]


def test_the_utilisation_legend_names_each_curve_and_the_overall_figure(tmp_path):
    """Kills: report/plot.py:_utilisation's label of the overall line mutated. Job 1 holds the one slot for the
    whole run, so the overall utilisation is 100.0%."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    utilisation = plot_figure([record(tmp_path, THREE_HOURS, "long")]).axes[1]
    legend = utilisation.get_legend()
    assert [text.get_text() for text in legend.get_texts()] == [
        "slots in use", "mean over 1/100 of the run", "overall 100.0%"]


def test_the_utilisation_steps_are_drawn_from_the_runs_start(tmp_path):
    """Kills: report/plot.py:_utilisation's `(t - start) / size` -> `(t + start) / size` for the steps of each
    instant. The late run's records sit at 3600 s (its start) and 14400 s: 0 and 3 hours from the start."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    utilisation = plot_figure([record(tmp_path, LATE_START, "late")]).axes[1]
    assert list(utilisation.lines[0].get_xdata()) == [0.0, 3.0]


def test_the_mean_utilisation_curve_is_in_percent(tmp_path):
    """Job 1 holds the one slot for the whole run, so every stretch's mean utilisation is 1, drawn as 100 (%) on
    the 0-100 axis, as the steps of each instant are (100 from 0, then 0 at its finish, the run's end). Kills: report/plot.py:_utilisation's means scaled wrongly
    (`u * 100` -> `u + 100`, or by 101)."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    utilisation = plot_figure([record(tmp_path, THREE_HOURS, "long")]).axes[1]
    assert list(utilisation.lines[0].get_ydata()) == [100.0, 0.0]
    assert set(utilisation.lines[1].get_ydata()) == {100.0} and len(utilisation.lines[1].get_ydata()) == 100


def test_the_unit_fits_the_runs_length_not_its_end(tmp_path):
    """Job 1 is submitted at 3600 s and runs 3600 s: the run ends at 7200 s, but it lasts 1 hour, under 2 hours,
    so its axes count seconds from its start: 0 and 3600. Kills: report/plot.py:plot_figure's span taken as end
    plus start (10800 s: hours)."""
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    one_hour = LATE_START.replace("run_time: 10800", "run_time: 3600")
    pending = plot_figure([record(tmp_path, one_hour, "hour")]).axes[0]
    assert pending.get_xlabel() == "time (seconds from the start)"
    assert list(pending.lines[0].get_xdata()) == [0.0, 3600.0]
