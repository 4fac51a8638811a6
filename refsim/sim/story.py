"""A job's story from a run's records alone: `report RUN --job ID` reads them from a --sim-output file, the
console's `history JOB` from the run so far (docs/report.md, "A job's story").

What each part means:
- *pend reasons*: the job's pend records, consecutive ones with the same reasons (hosts included) collapsed into a
  run of sessions.
- *took resources it needed*: another job started in a session in which this one pended for a resource or limit
  reason (RESOURCE_CODES), on at least one host this one's requirement selects (a host its pend record of that
  session does not name as closed or not matching its select). It was *ahead* when submitted before this job,
  else *backfilled*: started past it.
- *finally waited for*: the jobs on the hosts it got that finished or were removed after its last pend session,
  up to its start: the ends that freed those hosts.
- *overtaken*: as in `report --jobs`; the first and last named by their start.
- *planned starts*: the planned start of each backfill reservation it held (non-greedy disciplines).
- *starvation*: noted when at least STARVED later jobs overtook it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from refsim.model.epoch import Epoch
from refsim.model.hostlist import compress_hosts, expand_hosts
from refsim.sim.output import Record, dispatch_slots, number, read_fields, reason_words
from refsim.sim.reader import RecordingError

# The pend codes that say the job waits for resources or a limit to free up (docs/pend-reasons.md)
RESOURCE_CODES = frozenset({"resource-shortfall", "host-limit", "cluster-limit", "shared-shortfall",
                            "backfill-reservation"})
NOT_SELECTED = frozenset({"host-closed", "select-mismatch"})  # hosts the requirement cannot use
STARVED = 10  # overtaken by at least this many later jobs: a starvation note


@dataclass(frozen=True)
class ReasonRun:
    """Consecutive pend sessions with the same reasons: from `first` to `last` (session times)."""

    first: float
    last: float
    sessions: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Start:
    """Another job's start, as the story names it: when, on which hosts, and whether it was ahead in order."""

    job: str
    time: float
    hosts: str  # a compressed host list
    ahead: bool


@dataclass(frozen=True)
class End:
    """A job on the hosts this one got that finished (or was removed) after its last pend session."""

    job: str
    time: float
    hosts: str  # the hosts it freed that this job got
    removed: bool


@dataclass(frozen=True)
class Story:
    job: str
    queue: str
    submit: float
    start: float | None
    tasks: int | None
    hosts: str | None  # where it started
    left: tuple[str, float] | None  # ("finished" or "removed", when); None while running or pending at the end
    run_end: float | None  # the end record's time
    sessions: int
    runs: tuple[ReasonRun, ...]
    takers: tuple[Start, ...]
    freed_by: tuple[End, ...]
    overtakers: tuple[Start, ...]  # by start time
    planned: tuple[float | None, ...]  # each held reservation's planned start, in session order
    ongoing: bool = False  # the run so far (the console's history): run_end is now, not the run's end
    epoch: Epoch | None = None  # when time 0 is, if the recording says: times are shown as dates too

    @property
    def waited(self) -> float | None:
        return None if self.start is None else self.start - self.submit

    @property
    def starved(self) -> bool:
        return len(self.overtakers) >= STARVED


@dataclass(frozen=True)
class _Pend:
    time: float
    reasons: tuple[str, ...]
    wanting: bool  # pended for a resource or limit reason
    excluded: frozenset[str]  # hosts its requirement does not select
    planned: float | None = None
    reserved: bool = False


@dataclass
class _Other:
    order: int
    start: float | None = None
    hosts: list[str] = field(default_factory=list)
    slots: int | None = None
    end: float | None = None
    removed: bool = False


class StoryBuilder:
    """Takes a run's records one at a time (`add`); `story()` at the end."""

    def __init__(self, name: str, job: str, more: Iterable[str] = ()) -> None:
        self.name, self.job = name, job
        self.jobs: dict[str, _Other] = {}
        # the jobs whose stories are told (`job` and `more`): their queue, submission and pends
        self.told: dict[str, tuple[str, float]] = {}
        self.pends_of: dict[str, list[_Pend]] = {name: [] for name in (job, *more)}
        self.run_end: float | None = None

    def add(self, record: Record) -> None:
        read_fields(self.name, record, self._add)

    def _add(self, record: Record) -> None:
        kind = record["kind"]
        if kind == "end":
            self.run_end = number(record["time"])
            return
        name = str(record["job"])
        if kind == "submit":
            self.jobs[name] = _Other(len(self.jobs))
            if name in self.pends_of:
                self.told[name] = (str(record["queue"]), number(record["time"]))
            return
        other = self.jobs.get(name)
        if other is None:
            raise RecordingError(self.name, "", f"job {name} has a {kind} record but no submit record")
        if kind == "dispatch" and other.start is None:
            other.start = number(record["time"])
            other.hosts = [str(h["host"]) for h in record["allocation"]["hosts"]]
            other.slots = dispatch_slots(record)
        elif kind in ("finish", "remove"):
            other.end, other.removed = number(record["time"]), kind == "remove"
        elif kind == "pend" and name in self.pends_of:
            self.pends_of[name].append(_pend(record))

    def pends(self, job: str) -> list[_Pend]:
        """The pend records kept of a job whose story is told."""
        return self.pends_of[job]

    def story(self, job: str | None = None) -> Story:
        """The story of `job` (by default the builder's first job), one of those it was asked to tell."""
        job = self.job if job is None else job
        if job not in self.told:
            raise RecordingError(self.name, "", f"job {job} is not in the run (no submit record)")
        (queue, submit), me, pends = self.told[job], self.jobs[job], self.pends_of[job]
        return Story(job, queue, submit, me.start, me.slots,
                     compress_hosts(me.hosts) if me.start is not None else None,
                     None if me.end is None else ("removed" if me.removed else "finished", me.end), self.run_end,
                     len(pends), _runs(pends), self._takers(job, me, pends), self._freed_by(job, me, pends),
                     self._overtakers(me), tuple(p.planned for p in pends if p.reserved))

    def _takers(self, job: str, me: _Other, pends: list[_Pend]) -> tuple[Start, ...]:
        wanting: dict[float, frozenset[str]] = {}
        for pend in pends:
            if pend.wanting:
                wanting[pend.time] = wanting.get(pend.time, frozenset()) | pend.excluded
        found = [Start(name, other.start, compress_hosts(used), other.order < me.order)
                 for name, other in self.jobs.items()
                 if name != job and other.start is not None and other.start in wanting
                 and (used := [h for h in other.hosts if h not in wanting[other.start]])]
        return tuple(sorted(found, key=lambda s: (s.time, self.jobs[s.job].order)))

    def _freed_by(self, job: str, me: _Other, pends: list[_Pend]) -> tuple[End, ...]:
        if me.start is None or not pends:
            return ()
        after, mine = pends[-1].time, set(me.hosts)
        found = [End(name, other.end, compress_hosts(h for h in other.hosts if h in mine), other.removed)
                 for name, other in self.jobs.items()
                 if name != job and other.end is not None and other.start is not None
                 and after < other.end <= me.start and mine.intersection(other.hosts)]
        return tuple(sorted(found, key=lambda e: (e.time, self.jobs[e.job].order)))

    def _overtakers(self, me: _Other) -> tuple[Start, ...]:
        found = [Start(name, other.start, compress_hosts(other.hosts), False) for name, other in self.jobs.items()
                 if other.order > me.order and other.start is not None
                 and (me.start is None or other.start < me.start)]
        return tuple(sorted(found, key=lambda s: (s.time, self.jobs[s.job].order)))


def _pend(record: Record) -> _Pend:
    reasons, excluded, wanting = [], set(), False
    for entry in record["reasons"]:
        code, hosts = str(entry["code"]), entry.get("hosts")
        text = reason_words(entry)
        if hosts:
            # not `entry.get("count", len(...))`: that would expand every host list, wanted or not
            count = entry["count"] if "count" in entry else len(expand_hosts(hosts))
            text += f" on {hosts}" + (f" ({count} hosts)" if count != 1 else "")
            if code in NOT_SELECTED:
                excluded.update(expand_hosts(hosts))
        wanting = wanting or code in RESOURCE_CODES
        reasons.append(text)
    reservation = record.get("backfill_reservation")
    start = None if reservation is None else reservation.get("planned_start")
    return _Pend(number(record["time"]), tuple(reasons), wanting, frozenset(excluded),
                 None if start is None else number(start), reservation is not None)


def _runs(pends: list[_Pend]) -> tuple[ReasonRun, ...]:
    runs: list[ReasonRun] = []
    for pend in pends:
        if runs and runs[-1].reasons == pend.reasons:
            last = runs[-1]
            runs[-1] = ReasonRun(last.first, pend.time, last.sessions + 1, last.reasons)
        else:
            runs.append(ReasonRun(pend.time, pend.time, 1, pend.reasons))
    return tuple(runs)


def job_story(records: Iterable[Record], name: str, job: str) -> Story:
    builder = StoryBuilder(name, job)
    for record in records:
        builder.add(record)
    return builder.story()


def job_stories(records: Iterable[Record], name: str, jobs: Iterable[str]) -> dict[str, Story]:
    """The stories of several jobs from one pass over a run's records, in the order asked; jobs not in the run
    are left out."""
    wanted = list(dict.fromkeys(jobs))
    if not wanted:
        return {}
    builder = StoryBuilder(name, wanted[0], wanted[1:])
    for record in records:
        builder.add(record)
    return {job: builder.story(job) for job in wanted if job in builder.told}
