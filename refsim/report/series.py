"""The series a plot draws, built from a run's records: jobs pending and slots busy over time, and the sorted waits.
Kept apart from drawing so they can be checked against the run's metrics without matplotlib."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from refsim.report.metrics import MetricsBuilder, RunMetrics, Span
from refsim.sim.output import Record


@dataclass(frozen=True)
class RunSeries:
    """Step series: from times[i] until times[i+1] (or the end), `pending[i]` jobs waited and `busy[i]` slots were
    in use; each point is the state after everything that happened at its time."""

    times: tuple[float, ...]
    pending: tuple[int, ...]
    busy: tuple[int, ...]
    waits: tuple[float, ...]  # of every started job, sorted
    metrics: RunMetrics

    @property
    def span(self) -> Span:
        return self.metrics.span

    def utilisation(self) -> tuple[float, ...]:
        return tuple(b / self.span.slots if self.span.slots else 0.0 for b in self.busy)

    def waited_longer(self) -> tuple[float, ...]:
        """For each sorted wait, the fraction of started jobs that waited longer than it (a survival curve)."""
        n = len(self.waits)
        return tuple((n - bisect_right(self.waits, w)) / n for w in self.waits)


def run_series(records: Iterable[Record], name: str) -> RunSeries:
    builder = MetricsBuilder(name)
    times: list[float] = []
    pending: list[int] = []
    busy: list[int] = []
    waiting = slots = 0
    for record in records:
        kind, job = record["kind"], record.get("job", "")  # the end record has no job
        before = builder.jobs.get(job)
        started = before is not None and before.start is not None
        builder.add(record)
        if kind == "submit":
            waiting += 1
        elif kind == "dispatch" and not started:  # a job starts once; a later dispatch record changes nothing
            waiting -= 1
            slots += builder.jobs[job].tasks
        elif kind in ("finish", "remove"):
            if started:
                slots -= builder.jobs[job].tasks
            else:
                waiting -= 1
        else:
            continue
        if times and times[-1] == record["time"]:
            pending[-1], busy[-1] = waiting, slots
        else:
            times.append(record["time"])
            pending.append(waiting)
            busy.append(slots)
    waits = tuple(sorted(life.start - life.submit for life in builder.jobs.values() if life.start is not None))
    return RunSeries(tuple(times), tuple(pending), tuple(busy), waits, builder.metrics())


def binned(series: RunSeries, values: tuple[float, ...], bins: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The step series averaged over `bins` equal stretches of the run: (bin midpoints, means)."""
    start, end = series.span.start, series.span.end
    width = (end - start) / bins
    if width <= 0:
        return (), ()
    edges = [start + i * width for i in range(bins)] + [end]
    # one pass: the area of each step, split across the bins it overlaps
    areas = [0.0] * bins
    for i, at in enumerate(series.times):
        following = series.times[i + 1] if i + 1 < len(series.times) else end
        low, high = max(at, start), min(following, end)
        first = min(int((low - start) / width), bins - 1)
        for b in range(first, bins):
            overlap = min(high, edges[b + 1]) - max(low, edges[b])
            if edges[b] >= high:
                break
            if overlap > 0:
                areas[b] += values[i] * overlap
    return tuple(e + width / 2 for e in edges[:-1]), tuple(a / (edges[b + 1] - edges[b]) for b, a in enumerate(areas))
