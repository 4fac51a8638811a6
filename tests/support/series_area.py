"""The area under a run's step series, worked out step by step: tests check a run's series against its metrics
with it (the series' mean utilisation over the run is the metrics' utilisation)."""

from __future__ import annotations

from refsim.report.series import RunSeries


def integral(series: RunSeries, values: tuple[float, ...], until: float) -> float:
    """The area under a step series from the run's start to `until`."""
    total = 0.0
    for i, at in enumerate(series.times):
        if at >= until:
            break
        following = series.times[i + 1] if i + 1 < len(series.times) else series.span.end
        total += values[i] * (min(following, until) - at)
    return total


def time_average(series: RunSeries, values: tuple[float, ...]) -> float:
    """The mean of a step series over the run's span."""
    length = series.span.end - series.span.start
    return integral(series, values, series.span.end) / length if length > 0 else 0.0
