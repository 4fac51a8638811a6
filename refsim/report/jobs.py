"""Every job of a run, from its --sim-output records alone: when it was submitted and started, how long it waited,
in how many sessions it pended and for what, and how many later jobs started before it (docs/report.md, "Jobs").

A job's submission order is the order of the submit records (the order the replay submitted them). A job is
*overtaken* by each job submitted after it that started strictly earlier than it did (a job that never started is
overtaken by every later job that started). Its most frequent pend reason is the (code, detail) entry found in
most of its pend records, ties going to the one met first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from refsim.report.metrics import bounded_slowdown
from refsim.report.runfile import ReportError
from refsim.sim.output import Record, dispatch_slots, number, read_fields, reason_words


@dataclass(frozen=True)
class JobRow:
    """One job's line of `report --jobs`; None where the file does not tell (a job that never started)."""

    job: str
    queue: str
    tasks: int | None  # the slots its dispatch took
    submit: float
    start: float | None
    wait: float | None
    bsld: float | None  # bounded slowdown, once it finished
    sessions: int  # the sessions in which it pended
    overtaken: int
    reason: str | None  # its most frequent pend reason


@dataclass
class _Job:
    queue: str
    submit: float
    order: int
    start: float | None = None
    tasks: int | None = None
    finish: float | None = None
    sessions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


class JobsBuilder:
    """Takes a run's records one at a time (`add`); `rows()` at the end."""

    def __init__(self, name: str) -> None:
        self.name = name  # the file, as errors name it
        self.jobs: dict[str, _Job] = {}

    def add(self, record: Record) -> None:
        read_fields(self.name, record, self._add)

    def _add(self, record: Record) -> None:
        kind = record["kind"]
        if kind == "submit":
            self.jobs[record["job"]] = _Job(str(record["queue"]), number(record["time"]), len(self.jobs))
        elif kind == "dispatch":
            job = self._job(record)
            if job.start is None:
                job.start = number(record["time"])
                job.tasks = dispatch_slots(record)
        elif kind == "pend":
            job = self._job(record)
            job.sessions += 1
            job.reasons.update(list(dict.fromkeys(reason_words(r) for r in record["reasons"])))  # once a record
        elif kind == "finish":
            self._job(record).finish = number(record["time"])

    def _job(self, record: Record) -> _Job:
        job = self.jobs.get(record["job"])
        if job is None:
            raise ReportError(self.name, "", f"job {record['job']} has a {record['kind']} record but no submit "
                                             "record (written before job records were kept? replay it again)")
        return job

    def rows(self) -> list[JobRow]:
        """Every job, in submission order."""
        jobs = sorted(self.jobs.items(), key=lambda item: item[1].order)
        overtaken = overtaken_counts([job.start for _, job in jobs])
        return [_row(name, job, n) for (name, job), n in zip(jobs, overtaken)]


def _row(name: str, job: _Job, overtaken: int) -> JobRow:
    wait = None if job.start is None else job.start - job.submit
    bsld = None
    if job.start is not None and job.finish is not None:
        bsld = bounded_slowdown(job.start - job.submit, job.finish - job.start)
    reason = job.reasons.most_common(1)[0][0] if job.reasons else None  # ties: the first met (Counter keeps order)
    return JobRow(name, job.queue, job.tasks, job.submit, job.start, wait, bsld, job.sessions, overtaken, reason)


def overtaken_counts(starts: list[float | None]) -> list[int]:
    """For each job, in submission order, the jobs after it that started strictly earlier (None: never started,
    later than every start). A count of smaller starts among the later jobs, kept in a Fenwick tree over the
    distinct start times, so a log of a million jobs takes seconds."""
    ranks = {t: i for i, t in enumerate(sorted({t for t in starts if t is not None}), start=1)}
    tree = [0] * (len(ranks) + 1)
    counts = [0] * len(starts)
    for index in range(len(starts) - 1, -1, -1):
        start = starts[index]
        below = len(ranks) if start is None else ranks[start] - 1  # ranks strictly below this job's start
        n, i = 0, below
        while i > 0:
            n += tree[i]
            i -= i & -i
        counts[index] = n
        if start is not None:
            i = ranks[start]
            while i < len(tree):
                tree[i] += 1
                i += i & -i
    return counts


def run_jobs(records: Iterable[Record], name: str) -> list[JobRow]:
    builder = JobsBuilder(name)
    for record in records:
        builder.add(record)
    return builder.rows()
