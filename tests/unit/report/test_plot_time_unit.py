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
