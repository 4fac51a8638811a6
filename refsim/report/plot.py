"""Plots of one run, or two side by side: jobs pending and utilisation over time, and how long jobs waited.
Needs matplotlib (the `plot` extra); drawn on a plain Figure, so no display or global pyplot state is involved.

Readable over long spans: a run of more than DETAILED steps has its utilisation drawn as the mean over each
1/FINE of the run (thin) instead of every instant, which over months of a busy log overdraws into a grey block;
the utilisation axis runs to HEADROOM percent so a mean of 100% is drawn inside the axes, not on its edge."""

from __future__ import annotations

from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from refsim.report.endorder import end_after_start
from refsim.report.metrics import GroupMetrics
from refsim.report.runfile import read_run
from refsim.report.series import RunSeries, binned, run_series
from refsim.sim.paths import atomic_write

BINS = 100  # stretches of the run over which the utilisation curve is averaged
FINE = 500  # ... and, in a long run, the thin curve under it
DETAILED = 2000  # steps past which every instant is no longer drawn
HEADROOM = 105  # percent: the top of the utilisation axis
_UNITS = ((2 * 86400, 86400, "days"), (2 * 3600, 3600, "hours"), (0, 1, "seconds"))


def time_unit(span: float) -> tuple[float, str]:
    """Seconds per unit, and its name, for a time axis `span` seconds long."""
    return next((size, name) for least, size, name in _UNITS if span >= least)


def plot_runs(paths: tuple[str, ...] | list[str], output: str | Path,
              labels: tuple[str, ...] | list[str] = ()) -> None:
    """Write the plot of one run, or two side by side, as a PNG image; the output was checked by the caller
    (guarded_output) and is written whole, so a failure leaves nothing behind."""
    figure = plot_figure(paths, labels)
    with atomic_write(output, binary=True) as file:
        figure.savefig(file, format="png", dpi=100, metadata={"Software": None})


def plot_figure(paths: tuple[str, ...] | list[str], labels: tuple[str, ...] | list[str] = ()) -> Figure:
    """Draw each run in a column, with the rows' scales shared so the columns compare at a glance; each column is
    titled by its label (by default the file's name)."""
    names = list(labels) or [Path(p).name for p in paths]
    runs = [(name, run_series(end_after_start(read_run(p), str(p)), str(p))) for name, p in zip(names, paths)]
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
    if len(series.times) <= DETAILED:
        ax.step([(t - start) / size for t in series.times], [u * 100 for u in series.utilisation()], where="post",
                lw=0.3, color="0.8", label="slots in use")
    else:
        mids, means = binned(series, series.utilisation(), FINE)
        ax.plot([(m - start) / size for m in mids], [u * 100 for u in means], lw=0.6, color="0.6",
                label=f"mean over 1/{FINE} of the run")
    mids, means = binned(series, series.utilisation(), BINS)
    ax.plot([(m - start) / size for m in mids], [u * 100 for u in means], lw=1.5, label=f"mean over 1/{BINS} of the run")
    ax.axhline(overall * 100, ls="--", lw=1, color="k", label=f"overall {overall * 100:.1f}%")
    ax.set_ylim(0, HEADROOM)
    ax.set_yticks(range(0, 101, 20))
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
