"""A sweep's plot per axis: mean wait and utilisation against the axis's values, one line per discipline when
the discipline is another axis. Needs matplotlib; drawn on a plain Figure (no display, no pyplot state)."""

from __future__ import annotations

import io
import math
from typing import Any

from matplotlib.figure import Figure

from refsim.sweep.table import DISCIPLINE, ResultsTable, mean, shown


def axis_png(table: ResultsTable, axis: str) -> bytes:
    buffer = io.BytesIO()
    axis_figure(table, axis).savefig(buffer, format="png", dpi=90, metadata={"Software": None})
    return buffer.getvalue()


def axis_figure(table: ResultsTable, axis: str) -> Figure:
    values = table.values(axis)
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
    xs: list[Any] = list(values) if numeric else list(range(len(values)))
    split = axis != DISCIPLINE and DISCIPLINE in table.axes
    lines = table.values(DISCIPLINE) if split else [None]
    figure = Figure(figsize=(6.5, 6), layout="constrained")
    wait, utilisation = figure.subplots(2, 1, sharex=True)
    for line in lines:
        rows = [r for r in table.ok if not split or r.get(DISCIPLINE) == line]
        groups = [[r for r in rows if r.get(axis) == v] for v in values]
        label = shown(line) if split else "all replays"
        wait.plot(xs, [_nan(mean(g, "wait_mean")) for g in groups], marker="o", label=label)
        utilisation.plot(xs, [_nan(mean(g, "utilisation"), 100) for g in groups], marker="o", label=label)
    wait.set_ylabel("mean wait (s)")
    utilisation.set_ylabel("utilisation (%)")
    utilisation.set_xlabel(axis)
    utilisation.set_xticks(xs, [shown(v) for v in values])
    wait.set_title(f"wait and utilisation against {axis}")
    if split:
        wait.legend(title=DISCIPLINE, fontsize="small")
    for panel in (wait, utilisation):
        panel.grid(True, alpha=0.3)
    return figure


def _nan(value: float | None, scale: float = 1) -> float:
    """A figure to plot; a group with nothing to measure leaves a gap."""
    return math.nan if value is None else value * scale
