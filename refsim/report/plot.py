"""Plots of one run, or two side by side: jobs pending and utilisation over time, and how long jobs waited.
Needs matplotlib (the `plot` extra); drawn on a plain Figure, so no display or global pyplot state is involved."""

from __future__ import annotations

from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from refsim.report.metrics import GroupMetrics
from refsim.report.runfile import read_run
from refsim.report.series import RunSeries, binned, run_series

BINS = 100  # stretches of the run over which the utilisation curve is averaged
_UNITS = ((2 * 86400, 86400, "days"), (2 * 3600, 3600, "hours"), (0, 1, "seconds"))


def time_unit(span: float) -> tuple[float, str]:
    """Seconds per unit, and its name, for a time axis `span` seconds long."""
    return next((size, name) for least, size, name in _UNITS if span >= least)


def plot_runs(paths: tuple[str, ...] | list[str], output: str | Path) -> None:
    """Write the plot of one run, or two side by side, as a PNG image."""
    plot_figure(paths).savefig(output, format="png", dpi=100, metadata={"Software": None})


def plot_figure(paths: tuple[str, ...] | list[str]) -> Figure:
    """Draw each run in a column, with the rows' scales shared so the columns compare at a glance."""
    runs = [(Path(p).name, run_series(read_run(p), str(p))) for p in paths]
    size, unit = time_unit(max(s.span.end - s.span.start for _, s in runs))
    figure = Figure(figsize=(6.5 * len(runs), 9), layout="constrained")
    axes = figure.subplots(3, len(runs), squeeze=False, sharex="row", sharey="row")
    for column, (name, series) in enumerate(runs):
        top, middle, bottom = axes[0][column], axes[1][column], axes[2][column]
        top.set_title(f"{name}: {series.span.slots} slots")
        _pending(top, series, size, unit)
        _utilisation(middle, series, series.metrics.overall.utilisation, size, unit)
        _waits(bottom, series, series.metrics.overall)
    return figure


def _pending(ax: Axes, series: RunSeries, size: float, unit: str) -> None:
    ax.step([(t - series.span.start) / size for t in series.times], series.pending, where="post", lw=0.7)
    ax.set_ylabel("jobs pending")
    locator = ax.yaxis.get_major_locator()
    if isinstance(locator, MaxNLocator):  # a new Axes' AutoLocator is one
        locator.set_params(integer=True)
    ax.set_xlabel(f"time ({unit} from the start)")


def _utilisation(ax: Axes, series: RunSeries, overall: float, size: float, unit: str) -> None:
    start = series.span.start
    ax.step([(t - start) / size for t in series.times], [u * 100 for u in series.utilisation()], where="post",
            lw=0.3, color="0.8", label="slots in use")
    mids, means = binned(series, series.utilisation(), BINS)
    ax.plot([(m - start) / size for m in mids], [u * 100 for u in means], lw=1.5, label=f"mean over 1/{BINS} of the run")
    ax.axhline(overall * 100, ls="--", lw=1, color="k", label=f"overall {overall * 100:.1f}%")
    ax.set_ylim(0, 100)
    ax.set_ylabel("utilisation (%)")
    ax.set_xlabel(f"time ({unit} from the start)")
    ax.legend(loc="lower left", fontsize="small", framealpha=0.9)


def _waits(ax: Axes, series: RunSeries, overall: GroupMetrics) -> None:
    points = [(w, f) for w, f in zip(series.waits, series.waited_longer()) if f > 0]
    if points:
        ax.step([w for w, _ in points], [f for _, f in points], where="post", lw=1.2)
        ax.set_yscale("log")
    ax.set_xscale("symlog", linthresh=1)
    ax.set_xlim(left=0)
    ax.set_xlabel("wait (seconds)")
    ax.set_ylabel("fraction of jobs waiting longer")
    summary = "no job started" if overall.wait_mean is None else (
        f"mean {overall.wait_mean:.1f} s, p95 {overall.wait_p95:.1f} s, max {overall.wait_max:.0f} s")
    ax.set_title(summary, fontsize="medium")
