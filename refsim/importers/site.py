"""A real site's jobs (LSF or Slurm logs, read by lsf.py and slurm.py) turned into a recording, and the site's own
schedule kept beside it (model.history), so a replay's starts can be compared with the site's (docs/lsf.md).

Times are Unix seconds in the logs; the recording's time 0 is the earliest submit (whole seconds), written as its
epoch. A job that ran is submitted with its run time (end - start); one that never ran is submitted and removed
at its end. An array is submitted once (`array: N`, N its highest element index) with each element's own run time
(`run_times`), and the indexes it lacks are removed at once."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from refsim.errors import RefsimError
from refsim.model.bounds import MAX_HOSTS, MAX_TIME
from refsim.model.epoch import Epoch
from refsim.model.history import RecordedJob


class SiteLogError(RefsimError, ValueError):
    """A site log (LSF event or accounting file, Slurm sacct output, an hosts file) refsim cannot read; the message
    names the file, its line and the field."""


@dataclass(frozen=True)
class SiteJob:
    """One job (or array element) of a site log. `start` is None for a job that never ran; `hosts` holds (host,
    slots) where the log names hosts, and `used` the slots the job held while it ran."""

    number: int
    index: int | None
    submit: float
    start: float | None
    end: float
    tasks: tuple[int, int]
    user: str
    queue: str
    resreq: str = ""
    run_limit: float | None = None
    hosts: tuple[tuple[str, int], ...] = ()
    used: int = 0
    nodes: int = 0  # the nodes it held, where the log gives their number but not their names (Slurm)

    @property
    def label(self) -> str:
        """The job's refsim id: `101`, or `846[3]` for an array element."""
        return f"{self.number}" if self.index is None else f"{self.number}[{self.index}]"

    @property
    def run_time(self) -> float:
        return 0.0 if self.start is None else max(self.end - self.start, 0.0)


@dataclass(frozen=True)
class RunLimitChoice:
    """Where run limits come from: the log's own (`factor` None: LSF's `-W`; Slurm's field list has none), or each
    job's run time times `factor` (`run-time` is 1). A job that ran 0 seconds gets none."""

    factor: float | None = None

    def of(self, job: SiteJob) -> float | None:
        if self.factor is None:
            return job.run_limit
        return job.run_time * self.factor if job.run_time > 0 else None

    def describe(self) -> str:
        if self.factor is None:
            return "the log"
        return "the run times" if self.factor == 1 else f"the run times x {self.factor:g}"


def cluster_from_use(jobs: Iterable[SiteJob]) -> dict[str, int]:
    """Hosts in the order first seen, each with the most slots the recorded jobs held on it at once (a job ending
    at an instant frees its slots before one starting then takes them)."""
    changes: dict[str, list[tuple[float, int]]] = {}
    for job in jobs:
        if job.start is None:
            continue
        for host, slots in job.hosts:
            changes.setdefault(host, []).extend([(job.start, slots), (job.end, -slots)])
    peaks: dict[str, int] = {}
    for host, steps in changes.items():
        held = peak = 0
        for _, delta in sorted(steps, key=lambda s: (s[0], s[1])):  # at one time, releases (negative) first
            held += delta
            peak = max(peak, held)
        peaks[host] = max(peak, 1)
    return peaks


def first_fit(jobs: Sequence[SiteJob], hosts: dict[str, int], where: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """Hosts for jobs whose log names none (Slurm's field list has no node list): at each recorded start, in time
    order (ends first), the job's slots are taken from the hosts in order, filling each. A schedule that does not
    fit the cluster is an error naming the job."""
    free = dict(hosts)
    steps = sorted([(j.start, 1, i) for i, j in enumerate(jobs) if j.start is not None]
                   + [(j.end, 0, i) for i, j in enumerate(jobs) if j.start is not None and j.end > j.start])
    placed: dict[str, tuple[tuple[str, int], ...]] = {}
    for _, starting, i in steps:
        job = jobs[i]
        if not starting:
            for host, slots in placed.get(job.label, ()):
                free[host] += slots
            continue
        instant = job.end <= (job.start or 0)  # it held nothing for any time: placed, taking nothing
        taken = _fill(job.used, hosts if instant else free)
        if taken is None:
            raise SiteLogError(f"{where}: job {job.label} held {job.used} slots at its recorded start, more than the "
                               f"cluster had free then (raise --nodes or --cpus-per-node)")
        if not instant:
            for host, slots in taken:
                free[host] -= slots
        placed[job.label] = taken
    return placed


def _fill(need: int, free: dict[str, int]) -> tuple[tuple[str, int], ...] | None:
    """`need` slots from the hosts in order, filling each; None when they have fewer free."""
    taken = []
    for host, slots in free.items():
        if need == 0:
            break
        take = min(slots, need)
        if take:
            taken.append((host, take))
            need -= take
    return None if need else tuple(taken)


def site_recording(jobs: Sequence[SiteJob], hosts: dict[str, int], zone: str, limits: RunLimitChoice
                   ) -> tuple[dict[str, Any], tuple[RecordedJob, ...]]:
    """The recording document of `jobs` on `hosts` (name: slots), its dates shown in `zone`, and the site's
    recorded schedule in the recording's times."""
    if not jobs:
        raise SiteLogError("no job to import")
    if len(hosts) > MAX_HOSTS:
        raise SiteLogError(f"{len(hosts)} hosts (at most {MAX_HOSTS})")
    jobs = [_in_order(j) for j in jobs]
    zero = math.floor(min(j.submit for j in jobs))
    events: list[tuple[float, int, tuple[int, int], dict[str, Any]]] = []
    groups: dict[int, list[SiteJob]] = {}
    for job in jobs:
        groups.setdefault(job.number, []).append(job)
    for number, members in groups.items():
        events.extend(_submits(number, members, zero, limits))
    for job in jobs:
        if job.start is None:
            events.append((job.end - zero, 1, _order(job), {"time": job.end - zero, "remove": job.label}))
    events.sort(key=lambda e: e[:3])
    queues = sorted({j.queue for j in jobs})
    document: dict[str, Any] = {
        "refsim": 2,
        "epoch": Epoch(float(zero), zone).document(),
        "cluster": {"hosts": [{"name": h, "slots": s} for h, s in hosts.items()],
                    "queues": [{"name": q, "priority": 0} for q in queues]},
        "sessions": {"policy": "after-events"},
        "events": [e[3] for e in events],
    }
    recorded = tuple(RecordedJob(j.label, j.queue, j.submit - zero, None if j.start is None else j.start - zero,
                                 j.end - zero, j.hosts) for j in sorted(jobs, key=lambda j: (j.submit, _order(j))))
    return document, recorded


def _in_order(job: SiteJob) -> SiteJob:
    """The job with its times in their order: a start no earlier than its submit, an end no earlier than either
    (a log's clocks may disagree by a second; a replay cannot start a job before it arrives)."""
    start = None if job.start is None else max(job.start, job.submit)
    end = max(job.end, job.submit if start is None else start)
    return job if (start, end) == (job.start, job.end) else replace(job, start=start, end=end)


def _order(job: SiteJob) -> tuple[int, int]:
    return (job.number, job.index or 0)


def _submits(number: int, members: list[SiteJob], zero: int, limits: RunLimitChoice
             ) -> list[tuple[float, int, tuple[int, int], dict[str, Any]]]:
    """The submit event of a job, or of an array (its first element's fields, each element's run time) and the
    removes of the indexes it lacks, at the array's first submit."""
    first = min(members, key=lambda j: (j.submit, j.index or 0))
    time = first.submit - zero
    submit: dict[str, Any] = {"id": number, "user": first.user, "queue": first.queue,
                              "tasks": _tasks(first.tasks), "run_time": first.run_time}
    if first.resreq:
        submit["resreq"] = first.resreq
    limit = limits.of(first)
    if limit is not None:
        submit["run_limit"] = min(limit, MAX_TIME)
    if first.index is None:
        return [(time, 0, (number, 0), {"time": time, "submit": submit})]
    by_index = {j.index: j for j in members}
    top = max(i for i in by_index if i is not None)
    submit["array"] = top
    submit["run_times"] = [by_index[i].run_time if i in by_index else 0.0 for i in range(1, top + 1)]
    submit.pop("run_time")
    events = [(time, 0, (number, 0), {"time": time, "submit": submit})]
    events += [(time, 1, (number, i), {"time": time, "remove": f"{number}[{i}]"})
               for i in range(1, top + 1) if i not in by_index]
    return events


def _tasks(tasks: tuple[int, int]) -> int | str:
    low, high = tasks
    return low if low == high else f"{low},{high}"


def counted(words: Counter[str]) -> str:
    """`3 forwarded, 2 still running` from a Counter, in its keys' sorted order; "" for none."""
    return ", ".join(f"{count} {word}" for word, count in sorted(words.items()) if count)
