"""A run's metrics as a table of text lines, or as JSON-ready data."""

from __future__ import annotations

from refsim.model.bounds import finite
from refsim.report.metrics import FIELDS, GroupMetrics, RunMetrics

HEADINGS = {"jobs": "jobs", "started": "started", "finished": "finished", "wait_mean": "wait mean",
            "wait_median": "median", "wait_p95": "p95", "wait_max": "max", "bsld_mean": "bsld mean",
            "bsld_max": "bsld max", "utilisation": "util", "makespan": "makespan"}


def figure(name: str, value: float | int | None) -> str:
    """One figure as printed: counts as they are, utilisation as a percentage, slowdowns to 2 places, times
    (seconds) to 1; a figure with nothing to measure (no job started or finished) as '-'."""
    if value is None or not finite(value):  # the run reader's bounds keep figures finite; never print nan or inf
        return "-"
    if name in ("jobs", "started", "finished"):
        return str(value)
    if name == "utilisation":
        return f"{value * 100:.1f}%"
    return f"{value:.2f}" if name.startswith("bsld") else f"{value:.1f}"


def metric_lines(metrics: RunMetrics) -> list[str]:
    """A table: one row per queue, then the whole run; waits and makespan in seconds."""
    rows = [["queue", *(HEADINGS[f] for f in FIELDS)]]
    rows += [[name, *(figure(f, getattr(group, f)) for f in FIELDS)] for name, group in metrics.groups()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def group_data(group: GroupMetrics) -> dict[str, object]:
    """A group's figures for JSON: null where there is nothing to measure (and, were a figure ever not finite,
    null rather than NaN, which is not JSON)."""
    return {f: _json_number(getattr(group, f)) for f in FIELDS}


def _json_number(value: float | int | None) -> float | int | None:
    return value if value is not None and finite(value) else None


def metrics_data(metrics: RunMetrics) -> dict[str, object]:
    """The same figures as JSON-ready data (utilisation as a fraction, times in seconds)."""
    span = metrics.span
    return {"span": {"start": span.start, "end": span.end, "slots": _json_number(span.slots)},
            "queues": {name: group_data(g) for name, g in metrics.queues.items()},
            "all": group_data(metrics.overall)}
