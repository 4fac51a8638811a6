"""A sweep's plot per axis: mean wait and utilisation against the axis's values, one series per discipline when
the discipline is another axis. Needs matplotlib; drawn on a plain Figure (no display, no pyplot state).

Read as a newcomer would (docs/sweep.md, "The report"): a numeric axis is drawn as lines, a categorical one (the
discipline, the recording) as bars, since a line between two disciplines means nothing; both value axes start at
zero, so a difference of 0.03 points of utilisation is not zoomed into a peak; and lines that coincide stay
visible, each with its own marker size and dash, and a legend entry saying which earlier line it lies on."""

from __future__ import annotations

import io
import math
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from refsim.sweep.table import DISCIPLINE, ResultsTable, mean, shown

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
DASHES = ("-", "--", ":", "-.")
UTILISATION_TOP = 105  # percent: room above 100% so a full machine's bar or point is not cut by the frame


def axis_png(table: ResultsTable, axis: str) -> bytes:
    buffer = io.BytesIO()
    axis_figure(table, axis).savefig(buffer, format="png", dpi=90, metadata={"Software": None})
    return buffer.getvalue()


def numeric_axis(values: list[Any]) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def axis_series(table: ResultsTable, axis: str) -> list[tuple[str, list[float], list[float]]]:
    """(label, mean waits, mean utilisations in %) per discipline (or one of all replays), over the axis's values;
    NaN where a group has nothing to measure. A series equal to an earlier one says so in its label."""
    values = table.values(axis)
    split = axis != DISCIPLINE and DISCIPLINE in table.axes
    found: list[tuple[str, list[float], list[float]]] = []
    for line in (table.values(DISCIPLINE) if split else [None]):
        rows = [r for r in table.ok if not split or r.get(DISCIPLINE) == line]
        groups = [[r for r in rows if r.get(axis) == v] for v in values]
        waits = [_nan(mean(g, "wait_mean")) for g in groups]
        use = [_nan(mean(g, "utilisation"), 100) for g in groups]
        label = shown(line) if split else "all replays"
        same = next((other for other, w, u in found if _same(w, waits) and _same(u, use)), None)
        found.append((label if same is None else f"{label} (same as {same})", waits, use))
    return found


def axis_figure(table: ResultsTable, axis: str) -> Figure:
    values = table.values(axis)
    series = axis_series(table, axis)
    figure = Figure(figsize=(6.5, 6), layout="constrained")
    wait, utilisation = figure.subplots(2, 1, sharex=True)
    if numeric_axis(values):
        _lines(wait, utilisation, values, series)
    else:
        _bars(wait, utilisation, values, series)
    wait.set_ylabel("mean wait (s)")
    utilisation.set_ylabel("utilisation (%)")
    wait.set_ylim(bottom=0)  # from zero: a small difference stays small
    utilisation.set_ylim(0, UTILISATION_TOP)
    utilisation.set_xlabel(axis)
    wait.set_title(f"wait and utilisation against {axis}")
    if len(series) > 1:
        wait.legend(title=DISCIPLINE, fontsize="small")
    for panel in (wait, utilisation):
        panel.grid(True, alpha=0.3)
    return figure


def _lines(wait: Axes, utilisation: Axes, values: list[Any],
           series: list[tuple[str, list[float], list[float]]]) -> None:
    """One line per series; later ones drawn with smaller markers and other dashes, so a line lying on an earlier
    one shows through it."""
    for k, (label, waits, use) in enumerate(series):
        style: dict[str, Any] = {"marker": MARKERS[k % len(MARKERS)], "linestyle": DASHES[k % len(DASHES)],
                 "markersize": max(9 - 2 * k, 3), "markerfacecolor": "none" if k == 0 and len(series) > 1 else None,
                 "label": label}
        wait.plot(values, waits, **style)
        utilisation.plot(values, use, **style)
    utilisation.set_xticks(values, [shown(v) for v in values])


def _bars(wait: Axes, utilisation: Axes, values: list[Any],
          series: list[tuple[str, list[float], list[float]]]) -> None:
    """Bars side by side at each value, one per series; a group with nothing to measure has no bar."""
    width = 0.8 / len(series)
    for k, (label, waits, use) in enumerate(series):
        offset = (k - (len(series) - 1) / 2) * width
        for panel, heights in ((wait, waits), (utilisation, use)):
            kept = [(i + offset, h) for i, h in enumerate(heights) if not math.isnan(h)]
            panel.bar([x for x, _ in kept], [h for _, h in kept], width=width, label=label,
                      color=f"C{k}", edgecolor="k", linewidth=0.5)
    utilisation.set_xticks(range(len(values)), [shown(v) for v in values])


def _same(a: list[float], b: list[float]) -> bool:
    return all((math.isnan(x) and math.isnan(y)) or x == y for x, y in zip(a, b))


def _nan(value: float | None, scale: float = 1) -> float:
    """A figure to plot; a group with nothing to measure leaves a gap."""
    return math.nan if value is None else value * scale
