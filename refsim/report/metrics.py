"""A run's metrics, per queue and overall, from its --sim-output records.

A job's wait is its start (dispatch) time minus its submission time; its run time is its finish minus its start.
Waits count every job that started; bounded slowdowns every job that finished. Utilisation is the simulator's own:
slot-seconds used (running jobs until they finish, are removed, or the replay ends) over the cluster's slots times
the replay's span; a queue's utilisation is its jobs' share of the same denominator, so the queues' figures add up
to the overall one. Makespan is the last finish minus the first submission."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from refsim.model.jobs import JobState
from refsim.report.runfile import ReportError
from refsim.sim.jobtable import JobRecord
from refsim.sim.output import Record, dispatch_slots, read_fields

BSLD_BOUND = 10.0  # seconds: run times below this count as this in a bounded slowdown
OVERALL = "(all)"


@dataclass
class JobLife:
    """One job as the file tells it."""

    queue: str
    submit: float
    start: float | None = None
    tasks: int = 0
    end: float | None = None  # finish or removal
    finished: bool = False


@dataclass(frozen=True)
class Span:
    """The end record: the replay ran from `start` to `end` on `slots` slots."""

    start: float
    end: float
    slots: float  # the cluster's slot total as the record gives it (an amount: whole in every cluster refsim loads)


@dataclass(frozen=True)
class GroupMetrics:
    jobs: int
    started: int
    finished: int
    wait_mean: float | None
    wait_median: float | None
    wait_p95: float | None
    wait_max: float | None
    bsld_mean: float | None
    bsld_max: float | None
    utilisation: float
    makespan: float | None


FIELDS = tuple(GroupMetrics.__dataclass_fields__)


@dataclass(frozen=True)
class RunMetrics:
    queues: dict[str, GroupMetrics]  # by queue name, sorted
    overall: GroupMetrics
    span: Span

    def groups(self) -> list[tuple[str, GroupMetrics]]:
        return [*self.queues.items(), (OVERALL, self.overall)]


def nearest_rank(values: list[float], percent: float) -> float:
    """The nearest-rank percentile of sorted `values`: the smallest value with at least `percent`% of them at or
    below it (rank ceil(p/100 * n), counted from 1)."""
    return values[max(1, math.ceil(percent / 100 * len(values))) - 1]


def bounded_slowdown(wait: float, run: float) -> float:
    return max(1.0, (wait + run) / max(run, BSLD_BOUND))


@dataclass
class MetricsBuilder:
    """Takes a run's records one at a time (`add`), keeping one small entry per job; `metrics()` at the end."""

    name: str  # the file, as errors name it
    jobs: dict[str, JobLife] = field(default_factory=dict)
    span: Span | None = None

    def add(self, record: Record) -> None:
        read_fields(self.name, record, self._add)

    def _add(self, record: Record) -> None:
        kind = record["kind"]
        if kind == "submit":
            self.jobs[record["job"]] = JobLife(record["queue"], _time(record, self.name))
        elif kind == "dispatch":
            life = self._life(record)
            if life.start is None:
                life.start = _time(record, self.name)
                life.tasks = dispatch_slots(record)
        elif kind in ("finish", "remove"):
            life = self._life(record)
            life.end, life.finished = _time(record, self.name), kind == "finish"
        elif kind == "end":
            self.span = Span(record["start"], _time(record, self.name), record["slots"])

    def _life(self, record: Record) -> JobLife:
        life = self.jobs.get(record["job"])
        if life is None:
            raise ReportError(self.name, "", f"job {record['job']} has a {record['kind']} record but no submit "
                                             "record (written before job records were kept? replay it again)")
        return life

    def metrics(self) -> RunMetrics:
        if self.span is None:
            raise ReportError(self.name, "", "has no end record: the replay did not run to its end")
        return lives_metrics(list(self.jobs.values()), self.span)


def replay_metrics(jobs: Iterable[JobRecord], span: Span, name: str) -> RunMetrics:
    """What run_metrics() finds in a replay's --sim-output records, read from the replay's job table at its end
    instead (a batch run's summary needs no record built): a job's submit, first dispatch, finish or removal
    records carry the times its record keeps (`submitted`, `start_time`, `end_time`), the dispatch's slots are its
    allocation's tasks, and the end record is `span`. tests/property/test_report_properties.py compares the two.
    The table holds each job once, in submission order, as the records' builder keeps them; `name`, the run's as
    messages give it, is never shown, since a job table has no malformed record and the end is `span`."""
    return lives_metrics([JobLife(record.job.queue, record.submitted,
                                  record.start_time if record.start_time is not None and record.allocation is not None
                                  else None,
                                  record.allocation.tasks if record.allocation is not None else 0,
                                  record.end_time, record.state is JobState.FINISHED) for record in jobs], span)


def lives_metrics(lives: list[JobLife], span: Span) -> RunMetrics:
    """The figures of each queue (sorted by name) and of all the jobs `lives`."""
    by_queue: dict[str, list[JobLife]] = {}
    for life in lives:
        by_queue.setdefault(life.queue, []).append(life)
    queues = {q: group_metrics(by_queue[q], span) for q in sorted(by_queue)}
    # a single queue's list is `lives` itself, element for element and in order: the same figures, worked out once
    overall = next(iter(queues.values())) if len(queues) == 1 else group_metrics(lives, span)
    return RunMetrics(queues, overall, span)


def run_metrics(records: Iterable[Record], name: str) -> RunMetrics:
    builder = MetricsBuilder(name)
    for record in records:
        builder.add(record)
    return builder.metrics()


def group_metrics(lives: list[JobLife], span: Span) -> GroupMetrics:
    waits = sorted(life.start - life.submit for life in lives if life.start is not None)  # each started job's wait
    done = [(life.submit, life.start, life.end) for life in lives  # a finished job has its end
            if life.finished and life.start is not None and life.end is not None]
    slowdowns = [bounded_slowdown(start - submit, end - start) for submit, start, end in done]
    busy = math.fsum(life.tasks * ((life.end if life.end is not None else span.end) - life.start)
                     for life in lives if life.start is not None)
    width = span.slots * (span.end - span.start)
    return GroupMetrics(
        jobs=len(lives), started=len(waits), finished=len(done),
        wait_mean=math.fsum(waits) / len(waits) if waits else None,
        wait_median=statistics.median(waits) if waits else None,
        wait_p95=nearest_rank(waits, 95) if waits else None,
        wait_max=waits[-1] if waits else None,
        bsld_mean=math.fsum(slowdowns) / len(slowdowns) if slowdowns else None,
        bsld_max=max(slowdowns) if slowdowns else None,
        utilisation=busy / width if width > 0 else 0.0,
        makespan=max(end for _, _, end in done) - min(life.submit for life in lives) if done else None)


def _time(record: Record, name: str) -> float:
    value = record.get("time")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ReportError(name, "", f"a {record['kind']} record of job {record.get('job')} has no time (written "
                                    "before decisions carried times? replay it again with --sim-output)")
    return value

