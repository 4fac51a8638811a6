"""The diff of two runs (A, then B): which decisions changed and how, whose start moved most, and the metric
deltas. Both files are read once, side by side, as streams.

Decisions are matched by (session time, job, and which of that job's decisions at that time it is), not by round:
two runs of a what-if number their rounds differently as soon as one job finishes at another time, while a
session at the same simulated time is the same moment in both. A decision's round and position are not compared,
only its kind and its allocation or pend reasons."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from refsim.model.jobid import JobIdError, parse_job_id
from refsim.report.metrics import FIELDS, MetricsBuilder, RunMetrics, nearest_rank
from refsim.report.runfile import ReportError, read_run
from refsim.sim.output import Record

TOP = 10
NONE = "none"
SAME_MINUTE = 60.0  # seconds: starts closer than this count as "within a minute"
_DECISIONS = ("dispatch", "pend")
_CONTENT = ("allocation", "reasons")  # the kinds are compared first

Decisions = dict[tuple[str, int], Record]  # a session time's decisions by job and which of the job's it is


@dataclass(frozen=True)
class Moved:
    job: str
    start_a: float
    start_b: float

    @property
    def delta(self) -> float:
        return self.start_b - self.start_a


@dataclass(frozen=True)
class StartFigures:
    """How close B's starts come to A's, over the jobs started in both (a site's recorded run against a replay of
    it: docs/lsf.md): the share started within a minute of each other, and the mean and p95 of |B - A|."""

    jobs: int
    within_minute: float | None
    mean: float | None
    p95: float | None


def start_figures(moved: tuple[Moved, ...] | list[Moved]) -> StartFigures:
    gaps = [abs(m.delta) for m in moved]
    if not gaps:
        return StartFigures(0, None, None, None)
    return StartFigures(len(gaps), sum(1 for g in gaps if g < SAME_MINUTE) / len(gaps), sum(gaps) / len(gaps),
                        nearest_rank(sorted(gaps), 95))


@dataclass(frozen=True)
class RunDiff:
    compared: int  # decisions matched in both runs
    changes: dict[str, int]  # "A kind -> B kind" (or "... other hosts / other reasons"): count, sorted
    earlier: tuple[Moved, ...]  # the jobs that started earliest in B compared with A, most moved first
    later: tuple[Moved, ...]
    started_only: tuple[int, int]  # jobs started in A only, in B only
    a: RunMetrics
    b: RunMetrics
    changed: int = 0  # of the `compared` decisions, those that differ
    one_run_only: int = 0  # decisions at a time and of a job that only one run has (counted in `changes` too)
    starts: tuple[Moved, ...] = ()  # every job started in both, by job id

    @property
    def start_figures(self) -> StartFigures:
        return start_figures(self.starts)

    def deltas(self) -> dict[str, dict[str, float | None]]:
        """B minus A per group (each queue in either run, then the whole run) and metric."""
        groups_a, groups_b = dict(self.a.groups()), dict(self.b.groups())
        names = sorted(set(groups_a) | set(groups_b), key=lambda n: (n == "(all)", n))
        return {name: {f: _minus(getattr(groups_b.get(name), f, None), getattr(groups_a.get(name), f, None))
                       for f in FIELDS} for name in names}


def change_kind(a: Record | None, b: Record | None) -> str | None:
    """How a matched pair of decisions differs, None when it does not."""
    if a is None or b is None:
        return f"{a['kind'] if a else NONE} -> {b['kind'] if b else NONE}"
    if a["kind"] != b["kind"]:
        return f"{a['kind']} -> {b['kind']}"
    if [a.get(k) for k in _CONTENT] == [b.get(k) for k in _CONTENT]:
        return None
    return f"{a['kind']} -> {b['kind']}, " + ("other allocation" if a["kind"] == "dispatch" else "other reasons")


def diff_runs(path_a: str | Path, path_b: str | Path) -> RunDiff:
    builders = MetricsBuilder(str(path_a)), MetricsBuilder(str(path_b))
    instants_a = _instants(read_run(path_a), builders[0])
    instants_b = _instants(read_run(path_b), builders[1])
    changes: Counter[str] = Counter()
    compared = changed = 0
    for at_a, at_b in _merge(instants_a, instants_b):
        for key in dict.fromkeys([*at_a, *at_b]):
            kind = change_kind(at_a.get(key), at_b.get(key))
            both = key in at_a and key in at_b
            compared += both
            if kind is not None:
                changes[kind] += 1
                changed += both  # a decision one run alone has is no change of a compared one
    moved, only = _moves(builders[0], builders[1])
    earlier = tuple(m for m in sorted(moved, key=lambda m: (m.delta, _order(m.job)))[:TOP] if m.delta < 0)
    later = tuple(m for m in sorted(moved, key=lambda m: (-m.delta, _order(m.job)))[:TOP] if m.delta > 0)
    return RunDiff(compared, dict(sorted(changes.items())), earlier, later, only,
                   builders[0].metrics(), builders[1].metrics(), changed, sum(changes.values()) - changed,
                   tuple(sorted(moved, key=lambda m: _order(m.job))))


def _instants(records: Iterator[Record], builder: MetricsBuilder) -> Iterator[tuple[float, Decisions]]:
    """(time, {(job, n): decision}) per session time with decisions, feeding every record to `builder`."""
    def decisions() -> Iterator[Record]:
        for record in records:
            builder.add(record)
            if record["kind"] in _DECISIONS:
                if "time" not in record:
                    raise ReportError(builder.name, "", "its decisions carry no time (replay it again)")
                yield record
    for time, group in groupby(decisions(), key=lambda r: r["time"]):
        seen: Counter[str] = Counter()
        at: Decisions = {}
        for record in group:
            at[(record["job"], seen[record["job"]])] = record
            seen[record["job"]] += 1
        yield time, at


def _merge(a: Iterator[tuple[float, Decisions]],
           b: Iterator[tuple[float, Decisions]]) -> Iterator[tuple[Decisions, Decisions]]:
    """Pairs of same-time decision groups, an empty group standing for a time only one run has a session at."""
    next_a, next_b = next(a, None), next(b, None)
    while next_a is not None or next_b is not None:
        if next_a is not None and (next_b is None or next_a[0] < next_b[0]):
            yield next_a[1], {}
            next_a = next(a, None)
        elif next_b is not None and (next_a is None or next_b[0] < next_a[0]):
            yield {}, next_b[1]
            next_b = next(b, None)
        else:
            assert next_a is not None and next_b is not None  # both have a session at this time
            yield next_a[1], next_b[1]
            next_a, next_b = next(a, None), next(b, None)


def _moves(a: MetricsBuilder, b: MetricsBuilder) -> tuple[list[Moved], tuple[int, int]]:
    moved = [Moved(job, life.start, other.start) for job, life in a.jobs.items()
             if life.start is not None and (other := b.jobs.get(job)) is not None and other.start is not None]
    started_a = {job for job, life in a.jobs.items() if life.start is not None}
    started_b = {job for job, life in b.jobs.items() if life.start is not None}
    return moved, (len(started_a - started_b), len(started_b - started_a))


def _order(job: str) -> tuple[int, tuple[int, int]] | tuple[int, str]:
    """Ties between equally moved jobs go by job id."""
    try:
        return (0, parse_job_id(job).sort_key())
    except JobIdError:
        return (1, job)


def _minus(b: float | None, a: float | None) -> float | None:
    return None if a is None or b is None else b - a
