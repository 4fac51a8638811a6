"""Standard Workload Format (Parallel Workloads Archive) to a refsim recording.

Each data line has 18 whitespace-separated fields; -1 means unknown. How fields map (docs/swf.md):

| field | use |
| --- | --- |
| 1 job number | job id |
| 2 submit time | submit event time |
| 4 run time | run time; unknown (-1) runs 0 seconds, so the job finishes at once |
| 5 allocated processors, 8 requested processors | tasks: the request, else the allocation |
| 9 requested time | `run_limit` (the job is killed at it; backfilling plans with it); -1 or 0: none |

`--run-limit run-time` or a factor F takes each run limit from the run time (times F) instead (RunLimits).
| 12 user, 13 group | user `u<N>`, project `g<N>` (`unknown` for -1) |
| 15 queue | the header's queue name for that number, else `q<N>`; unknown: the default queue `normal` |

Hosts: `--hosts` (default: the header's MaxNodes) hosts named `node0001`..., each with MaxProcs/MaxNodes slots
(default 1). Sessions follow the after-events policy: a session after every instant with arrivals or completions.
"""

from __future__ import annotations

import gzip
import math
import re
from collections.abc import Callable
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO, cast

from refsim.errors import RefsimError
from refsim.model.epoch import Epoch, EpochError, offset_name, time_zone
from refsim.model.bounds import MAX_HOSTS, MAX_TASKS, MAX_TIME, short, whole_number

FIELDS = 18
MAX_JOB_NUMBER = 10**18 - 1   # a refsim job id has at most 18 digits
MAX_ID = 10**9                # user, group and queue numbers
_COUNT_BOUNDS = {"MaxNodes": MAX_HOSTS, "MaxProcs": MAX_HOSTS * MAX_TASKS}  # header counts the cluster is built from
_HEADER = re.compile(r"^;\s*(\w+):\s*(.*?)\s*$")
_QUEUE = re.compile(r"^(-?[0-9]{1,10})\s+(\S+)")
# ASCII digits only, so NaN, infinity, 1e999 and Unicode digits are not numbers
_NUMBER = re.compile(r"-?[0-9]{1,19}(?:\.[0-9]{1,19})?")


class SwfError(RefsimError, ValueError):
    """A malformed log; the message names the file and line."""


@dataclass(frozen=True)
class SwfJob:
    number: int
    submit: float
    run: float
    tasks: int
    user: str
    project: str
    queue_number: int
    run_limit: float | None = None


def _open(path: Path) -> TextIO:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")  # noqa: SIM115 (closed by the caller's with)


def _job(fields: list[str], where: str) -> SwfJob:
    for i, field in enumerate(fields, start=1):
        if not _NUMBER.fullmatch(field):
            raise SwfError(f"{where}: a field is not a number (field {i}: '{short(field)}')")
    numbers = [float(f) for f in fields]
    submit, run, allocated, requested = (numbers[1], numbers[3], numbers[4], numbers[7])
    limit = numbers[8] if numbers[8] > 0 else None
    number = whole_number(fields[0], 1, MAX_JOB_NUMBER)  # not through a float: 18 digits are beyond its precision
    if number is None:
        raise SwfError(f"{where}: job number {short(fields[0])} is not a whole number from 1 to {MAX_JOB_NUMBER}")
    if submit < 0:
        raise SwfError(f"{where}: submit time {short(fields[1])} is negative")
    if submit > MAX_TIME:
        raise SwfError(f"{where}: submit time {short(fields[1])} is above {MAX_TIME}")
    if run > MAX_TIME:
        raise SwfError(f"{where}: run time {short(fields[3])} is above {MAX_TIME}")
    tasks = requested if requested > 0 else allocated
    if tasks > MAX_TASKS:
        asked = fields[7] if requested > 0 else fields[4]  # the field `tasks` was taken from
        raise SwfError(f"{where}: job {number} asks for {short(asked)} processors (at most {MAX_TASKS})")
    tasks = int(tasks)
    if tasks < 1:
        raise SwfError(f"{where}: job {number} has neither requested nor allocated processors")
    if any(abs(numbers[i]) > MAX_ID for i in (11, 12, 14)):
        raise SwfError(f"{where}: a user, group or queue number is above {MAX_ID}")
    user, group, queue = int(numbers[11]), int(numbers[12]), int(numbers[14])
    return SwfJob(number, submit, max(run, 0.0), tasks, f"u{user}" if user >= 0 else "unknown",
                  f"g{group}" if group >= 0 else "unknown", queue, limit)


PROGRESS_LINES = 4096  # lines between two progress reports


def read_swf(path: str | Path, max_jobs: int | None = None, progress: Callable[[int], None] | None = None
             ) -> tuple[dict[str, str], dict[int, str], list[SwfJob]]:
    """The header fields, the queue names by number, and the jobs (at most `max_jobs`). `progress`, when given,
    is told now and then how many bytes of the file (compressed, for .gz) have been read."""
    path = Path(path)
    header: dict[str, str] = {}
    queues: dict[int, str] = {}
    jobs: list[SwfJob] = []
    seen: set[int] = set()
    try:
        with _open(path) as lines:
            for number, line in enumerate(lines, start=1):
                if progress is not None and number % PROGRESS_LINES == 0:
                    progress(_bytes_read(lines))
                text = line.strip()
                if not text:
                    continue
                if text.startswith(";"):
                    _header_line(text, header, queues, f"{path}:{number}")
                    continue
                fields = text.split()
                if len(fields) != FIELDS:
                    raise SwfError(f"{path}:{number}: expected {FIELDS} fields, found {len(fields)}")
                job = _job(fields, f"{path}:{number}")
                if job.number in seen:
                    raise SwfError(f"{path}:{number}: job number {job.number} appears twice")
                seen.add(job.number)
                jobs.append(job)
                if max_jobs is not None and len(jobs) >= max_jobs:
                    break
    except OSError as exc:
        raise SwfError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except EOFError:
        raise SwfError(f"{path}: the compressed file is truncated") from None
    except zlib.error:
        raise SwfError(f"{path}: the compressed file is corrupt") from None
    return header, queues, jobs


def _bytes_read(lines: TextIO) -> int:
    """How far into the file on disk reading has got (the compressed stream's position for a .gz)."""
    buffer = lines.buffer
    if isinstance(buffer, gzip.GzipFile):  # gzip.open opened the file on disk under it
        return cast(BinaryIO, buffer.fileobj).tell()
    return buffer.tell()


def _header_line(text: str, header: dict[str, str], queues: dict[int, str], where: str) -> None:
    """One header line into `header` (the first of a key counts) or `queues`; a count the cluster is built from
    is checked against its bound here, where the file and line are known (`where`)."""
    match = _HEADER.match(text)
    if not match:
        return
    key, value = match.groups()
    if key == "Queue":
        queue = _QUEUE.match(value)
        if queue:
            queues[int(queue.group(1))] = queue.group(2)
    elif key not in header:
        header[key] = value
        if key in _COUNT_BOUNDS:
            _positive(header, key, _COUNT_BOUNDS[key], where)


def _positive(header: dict[str, str], key: str, high: int, where: str = "") -> int | None:
    """A header count; one above `high`, however many digits it has, is refused before anything is built from it
    (the message starts with `where`, the file and line, when given). A count that is not a whole number, or is 0,
    counts as absent."""
    text = header.get(key, "").strip()
    count = whole_number(text, 1, high)
    if count is None and text.isascii() and text.isdigit() and any(digit != "0" for digit in text):
        raise SwfError(f"{where + ': ' if where else ''}header {key}: {short(text)} is above the bound {high}")
    return count


@dataclass(frozen=True)
class RunLimits:
    """Where each job's run limit comes from: the log's requested time (field 9, `factor` None), or its run time
    times `factor` (`run-time` is the factor 1). A run time of 0 (or unknown) gives no run limit, since a limit
    must be above 0."""

    factor: float | None = None

    def of(self, job: SwfJob) -> float | None:
        if self.factor is None:
            return job.run_limit
        return job.run * self.factor if job.run > 0 else None

    def describe(self) -> str:
        """Where the limits came from, as the import's summary says it."""
        if self.factor is None:
            return "the requested times"
        return "the run times" if self.factor == 1 else f"the run times x {self.factor:g}"


REQUESTED = RunLimits()
MAX_RUN_LIMIT_FACTOR = 1000.0


def run_limits(text: str) -> RunLimits:
    """`--run-limit`: `requested`, `run-time`, or a factor F from 1 to 1000 (the run time times F)."""
    word = text.strip().lower()
    if word == "requested":
        return REQUESTED
    if word == "run-time":
        return RunLimits(1.0)
    try:
        factor = float(word)
    except ValueError:
        factor = math.nan
    if not 1 <= factor <= MAX_RUN_LIMIT_FACTOR:  # NaN fails both comparisons
        raise SwfError(f"--run-limit must be requested, run-time or a factor from 1 to "
                       f"{MAX_RUN_LIMIT_FACTOR:g} (the run time times it), not '{short(text)}'")
    return RunLimits(factor)


def check_time_scale(factor: float) -> float:
    """A submit-time factor must be a finite number above 0, and at most MAX_TIME: a larger one would put any
    submission after the first second beyond the times a recording may hold (and 1e308 makes them infinite)."""
    if not (math.isfinite(factor) and factor > 0):
        raise SwfError(f"--time-scale must be a finite number above 0, not {factor:g}")
    if factor > MAX_TIME:
        raise SwfError(f"--time-scale {factor:g} is above {MAX_TIME:g}: submit times would leave the range of times")
    return factor


def _scaled(path: str | Path, job: SwfJob, time_scale: float) -> float:
    """A job's submit time times the factor, refused when it passes MAX_TIME (a recording's bound on times)."""
    time = job.submit * time_scale
    if time > MAX_TIME:
        raise SwfError(f"{path}: job {job.number} submitted at {job.submit:g} s would be submitted at {time:g} s "
                       f"with --time-scale {time_scale:g}, above {MAX_TIME:g}")
    return time


def _submit(job: SwfJob, queue_names: dict[int, str], limits: RunLimits) -> dict[str, Any]:
    submit: dict[str, Any] = {"id": job.number, "user": job.user, "project": job.project, "tasks": job.tasks,
                              "run_time": job.run, "queue": queue_names.get(job.queue_number, "normal")}
    limit = limits.of(job)
    if limit is not None:
        submit["run_limit"] = limit
    return submit


def swf_recording(path: str | Path, hosts: int | None = None, max_jobs: int | None = None,
                  progress: Callable[[int], None] | None = None, time_scale: float = 1.0,
                  limits: RunLimits = REQUESTED) -> dict[str, Any]:
    """A recording document (plain data, ready to write as YAML or JSON) for an SWF log. Submit times are
    multiplied by `time_scale` (the usual way to raise or lower an archive log's offered load); run times are not.
    Run limits come from `limits` (by default the log's requested times)."""
    check_time_scale(time_scale)
    header, queue_names, jobs = read_swf(path, max_jobs, progress)
    max_nodes = _positive(header, "MaxNodes", MAX_HOSTS)
    nodes = hosts or max_nodes or max((j.tasks for j in jobs), default=1)
    if nodes > MAX_HOSTS:
        raise SwfError(f"{path}: {nodes} hosts would be needed (at most {MAX_HOSTS}; use --hosts)")
    procs = _positive(header, "MaxProcs", MAX_HOSTS * MAX_TASKS) or nodes
    slots = max(procs // (max_nodes or nodes), 1)
    for job in jobs:
        if job.tasks > nodes * slots:
            raise SwfError(f"{path}: job {job.number} needs {job.tasks} processors but the cluster has "
                           f"{nodes * slots} (use --hosts)")
    names = {n: queue_names.get(n, f"q{n}") for n in sorted({j.queue_number for j in jobs if j.queue_number >= 0})}
    queues = [{"name": "normal", "priority": 0}] + [{"name": q, "priority": 0} for q in names.values()
                                                    if q != "normal"]
    width = max(4, len(str(nodes)))
    events = [{"time": _scaled(path, j, time_scale), "submit": _submit(j, names, limits)}
              for j in sorted(jobs, key=lambda j: (j.submit, j.number))]
    epoch = swf_epoch(header) if time_scale == 1 else None  # scaled submit times fall on no real dates
    return {
        "refsim": 1 if epoch is None else 2,
        **({} if epoch is None else {"epoch": epoch.document()}),
        "cluster": {"hosts": [{"name": f"node{i:0{width}d}", "slots": slots} for i in range(1, nodes + 1)],
                    "queues": queues},
        "sessions": {"policy": "after-events"},
        "events": events,
    }


def swf_epoch(header: dict[str, str]) -> Epoch | None:
    """Time 0 of the log from its header: `UnixStartTime`, its dates shown in `TimeZoneString` (an IANA name), else
    at the fixed offset `TimeZone` (seconds from UTC: -28800 is 8 hours behind), else in UTC; None without a start
    time."""
    start = whole_number(header.get("UnixStartTime", "").strip(), 0, int(MAX_TIME))
    if start is None:
        return None
    for zone in (header.get("TimeZoneString", "").strip(), _offset(header.get("TimeZone", "").strip())):
        if zone:
            try:
                time_zone(zone)
                return Epoch(start, zone)
            except EpochError:
                continue
    return Epoch(start, "UTC")


def _offset(text: str) -> str:
    seconds = whole_number(text.lstrip("-"), 0, 86399)
    return "" if seconds is None else offset_name(-seconds if text.startswith("-") else seconds)
