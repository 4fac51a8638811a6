"""A schedule file (`job_id,start_time,end_time`, as `refsim sim --schedule` or DR_EVT writes it) and its trace
to a recording that replays the schedule: every job is dispatched at its recorded start by a reconstructed
dispatch and runs until its recorded end (docs/drevt.md, "Replay round trip").

Jobs are submitted at their recorded start, in the same instant as their dispatch, and sessions happen only at
starts: the scheduler never has a pending job to place by its own rules, so the replay is the schedule and nothing
else. Hosts are assigned per instant, ends before starts, jobs in start order (`_start_order`: the jobs that end
at once first, then job ids), lowest-numbered free nodes first.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refsim.importers.drevt import (DrevtJob, DrevtTraceError, cluster_document, plain, queue_names, read_trace,
                                  submit_event)
from refsim.model.bounds import MAX_TIME, short

HEADER = ("job_id", "start_time", "end_time")


@dataclass(frozen=True)
class Scheduled:
    line: int
    job: int
    start: float
    end: float


def _number(path: Path, line: int, column: str, text: str) -> float:
    try:
        value = float(text) if text.strip().isascii() else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_TIME:
        raise DrevtTraceError(f"{path}: line {line}, column {column}: '{short(text)}' is not a time (seconds from 0 to "
                         f"{MAX_TIME})")
    return value


def read_schedule(path: str | Path) -> list[Scheduled]:
    path = Path(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            rows = [(n, cells) for n, cells in enumerate(csv.reader(handle), start=1) if any(c.strip() for c in cells)]
    except OSError as exc:
        raise DrevtTraceError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, csv.Error):
        raise DrevtTraceError(f"{path}: is not a CSV text file") from None
    if not rows or tuple(c.strip() for c in rows[0][1]) != HEADER:
        raise DrevtTraceError(f"{path}: line 1: the header must be {','.join(HEADER)}")
    schedule, seen = [], set()
    for line, cells in rows[1:]:
        if len(cells) != len(HEADER):
            raise DrevtTraceError(f"{path}: line {line}: {len(cells)} cells, the header has {len(HEADER)}")
        text = cells[0].strip()
        if not (text.isascii() and text.isdigit()):
            raise DrevtTraceError(f"{path}: line {line}, column job_id: '{short(text)}' is not a job id (a row index)")
        job = int(text)
        if job in seen:
            raise DrevtTraceError(f"{path}: line {line}, column job_id: job {job} is scheduled twice")
        seen.add(job)
        start, end = (_number(path, line, c, cells[i]) for i, c in ((1, "start_time"), (2, "end_time")))
        if end < start:
            raise DrevtTraceError(f"{path}: line {line}, column end_time: job {job} ends before it starts")
        schedule.append(Scheduled(line, job, start, end))
    return schedule


def _run_between(start: float, end: float, job: DrevtJob) -> float | None:
    """A run time that, added to `start`, gives exactly `end`: the trace's actual run time or limit where one does
    (as in the run that wrote the schedule), else the difference; None if no run time does."""
    for run in (job.actual, job.limit):
        if run is not None and run <= job.limit and start + run == end:
            return run
    # end - start is within half an ulp of the true difference, so start + run misses end only on a rounding tie
    # that goes away from end; a run time one ulp off lands on the other tie, which goes away too: none reaches end.
    run = end - start
    return run if start + run == end else None


def _start_order(entry: Scheduled) -> tuple[bool, int]:
    """The order of an instant's starts: a job that ends at once (zero run time) first, as it frees its nodes before
    the next start, so a schedule that fits in time always fits in this order (a zero-time job ran on at most the
    nodes free at its instant, whatever else started then); then by job id."""
    return entry.end > entry.start, entry.job


def _assign_hosts(path: Path, schedule: list[Scheduled], jobs: dict[int, DrevtJob], nodes: int) -> dict[int, list[int]]:
    """Node numbers (0-based) for each job: per instant, ends first, then starts in `_start_order`."""
    changes: dict[float, tuple[list[Scheduled], list[Scheduled]]] = {}
    for s in schedule:
        if s.end > s.start:
            changes.setdefault(s.end, ([], []))[0].append(s)
        changes.setdefault(s.start, ([], []))[1].append(s)
    free = list(range(nodes))
    held: dict[int, list[int]] = {}
    for time in sorted(changes):
        ends, starts = changes[time]
        for s in ends:
            free.extend(held[s.job])
        free.sort()
        for s in sorted(starts, key=_start_order):
            need = jobs[s.job].nodes
            if need > len(free):
                raise DrevtTraceError(f"{path}: line {s.line}: job {s.job} needs {need} nodes at {time:g}, but only "
                                 f"{len(free)} of {nodes} are free then")
            held[s.job], free = free[:need], free[need:]
            if s.end == s.start:  # done at once: its nodes are free again for later starts of this instant
                free = sorted(free + held[s.job])
    return held


def _job(path: Path, entry: Scheduled, jobs: dict[int, DrevtJob], dropped: dict[int, str]) -> DrevtJob:
    where = f"{path}: line {entry.line}, column job_id"
    if entry.job in dropped:
        raise DrevtTraceError(f"{where}: job {entry.job} is a row the trace import drops ({dropped[entry.job]})")
    job = jobs.get(entry.job)
    if job is None:
        raise DrevtTraceError(f"{where}: job {entry.job} is not a data row of the trace")
    if entry.start < job.submit:
        raise DrevtTraceError(f"{path}: line {entry.line}, column start_time: job {entry.job} starts before its submit "
                         f"time {job.submit:g}")
    if entry.end > entry.start + job.limit:
        raise DrevtTraceError(f"{path}: line {entry.line}, column end_time: job {entry.job} runs "
                         f"{entry.end - entry.start:g} s, beyond its time limit {job.limit:g}")
    return job


def schedule_recording(schedule_path: str | Path, trace_path: str | Path, nodes: int, timezone: str = "UTC",
                       keep_all_queues: bool = False) -> dict[str, Any]:
    """A recording document replaying the schedule on N one-slot hosts (see the module docstring)."""
    path = Path(schedule_path)
    trace = read_trace(trace_path, nodes, timezone, keep_all_queues)
    jobs = {j.index: j for j in trace.jobs}
    dropped = {d.index: ("queue " + repr(d.detail) if d.reason == "queue" else f"{d.detail} nodes")
               for d in trace.dropped}
    schedule = read_schedule(path)
    runs: dict[int, float] = {}
    for entry in schedule:
        run = _run_between(entry.start, entry.end, _job(path, entry, jobs, dropped))
        if run is None:
            raise DrevtTraceError(f"{path}: line {entry.line}: no run time takes job {entry.job} from {entry.start!r} "
                             f"to exactly {entry.end!r}")
        runs[entry.job] = run
    held = _assign_hosts(path, schedule, jobs, nodes)
    cluster = cluster_document(nodes, queue_names(trace))
    names = [h["name"] for h in cluster["hosts"]]
    by_start: dict[float, list[Scheduled]] = {}
    for entry in schedule:
        by_start.setdefault(entry.start, []).append(entry)
    events: list[dict[str, Any]] = []
    for start in sorted(by_start):
        entries = sorted(by_start[start], key=_start_order)
        events += [submit_event(jobs[e.job], runs[e.job], time=start) for e in entries]
        events += [{"time": plain(start), "dispatch": {"job": e.job, "hosts": {names[n]: {"slots": 1}
                                                                             for n in held[e.job]}}}
                   for e in entries]
        events.append({"time": plain(start), "session": {}})
    return {"refsim": 1, "cluster": cluster, "sessions": {"policy": "explicit"}, "events": events}
