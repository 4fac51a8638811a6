"""Standard Workload Format (Parallel Workloads Archive) to a refsim recording.

Each data line has 18 whitespace-separated fields; -1 means unknown. How fields map (docs/swf.md):

| field | use |
| --- | --- |
| 1 job number | job id |
| 2 submit time | submit event time |
| 4 run time | run time; unknown (-1) runs 0 seconds, so the job finishes at once |
| 5 allocated processors, 8 requested processors | tasks: the request, else the allocation |
| 9 requested time | `run_limit` (the job is killed at it; backfilling plans with it); -1 or 0: none |
| 12 user, 13 group | user `u<N>`, project `g<N>` (`unknown` for -1) |
| 15 queue | the header's queue name for that number, else `q<N>`; unknown: the default queue `normal` |

Hosts: `--hosts` (default: the header's MaxNodes) hosts named `node0001`..., each with MaxProcs/MaxNodes slots
(default 1). Sessions follow the after-events policy: a session after every instant with arrivals or completions.
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from pathlib import Path

FIELDS = 18
_HEADER = re.compile(r"^;\s*(\w+):\s*(.*?)\s*$")
_QUEUE = re.compile(r"^(-?\d+)\s+(\S+)")


class SwfError(ValueError):
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


def _open(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")  # noqa: SIM115 (closed by the caller's with)


def _job(fields: list[str], where: str) -> SwfJob:
    try:
        numbers = [float(f) for f in fields]
    except ValueError:
        raise SwfError(f"{where}: a field is not a number") from None
    number, submit, run, allocated, requested = (numbers[0], numbers[1], numbers[3], numbers[4], numbers[7])
    limit = numbers[8] if numbers[8] > 0 else None
    if number < 1 or number != int(number):
        raise SwfError(f"{where}: job number {fields[0]} is not a positive whole number")
    if submit < 0:
        raise SwfError(f"{where}: submit time {fields[1]} is negative")
    tasks = int(requested if requested > 0 else allocated)
    if tasks < 1:
        raise SwfError(f"{where}: job {int(number)} has neither requested nor allocated processors")
    user, group, queue = int(numbers[11]), int(numbers[12]), int(numbers[14])
    return SwfJob(int(number), submit, max(run, 0.0), tasks, f"u{user}" if user >= 0 else "unknown",
                  f"g{group}" if group >= 0 else "unknown", queue, limit)


def read_swf(path: str | Path, max_jobs: int | None = None) -> tuple[dict[str, str], dict[int, str], list[SwfJob]]:
    """The header fields, the queue names by number, and the jobs (at most `max_jobs`)."""
    path = Path(path)
    header: dict[str, str] = {}
    queues: dict[int, str] = {}
    jobs: list[SwfJob] = []
    try:
        with _open(path) as lines:
            for number, line in enumerate(lines, start=1):
                text = line.strip()
                if not text:
                    continue
                if text.startswith(";"):
                    _header_line(text, header, queues)
                    continue
                fields = text.split()
                if len(fields) != FIELDS:
                    raise SwfError(f"{path}:{number}: expected {FIELDS} fields, found {len(fields)}")
                jobs.append(_job(fields, f"{path}:{number}"))
                if max_jobs is not None and len(jobs) >= max_jobs:
                    break
    except OSError as exc:
        raise SwfError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except EOFError:
        raise SwfError(f"{path}: the compressed file is truncated") from None
    return header, queues, jobs


def _header_line(text: str, header: dict[str, str], queues: dict[int, str]) -> None:
    match = _HEADER.match(text)
    if not match:
        return
    key, value = match.groups()
    if key == "Queue":
        queue = _QUEUE.match(value)
        if queue:
            queues[int(queue.group(1))] = queue.group(2)
    else:
        header.setdefault(key, value)


def _positive(header: dict[str, str], key: str) -> int | None:
    value = header.get(key, "")
    return int(value) if value.isdigit() and int(value) > 0 else None


def _submit(job: SwfJob, queue_names: dict[int, str]) -> dict:
    submit = {"id": job.number, "user": job.user, "project": job.project, "tasks": job.tasks, "run_time": job.run,
              "queue": queue_names.get(job.queue_number, "normal")}
    if job.run_limit is not None:
        submit["run_limit"] = job.run_limit
    return submit


def swf_recording(path: str | Path, hosts: int | None = None, max_jobs: int | None = None) -> dict:
    """A recording document (plain data, ready to write as YAML or JSON) for an SWF log."""
    header, queue_names, jobs = read_swf(path, max_jobs)
    nodes = hosts or _positive(header, "MaxNodes") or max((j.tasks for j in jobs), default=1)
    procs = _positive(header, "MaxProcs") or nodes
    slots = max(procs // (_positive(header, "MaxNodes") or nodes), 1)
    for job in jobs:
        if job.tasks > nodes * slots:
            raise SwfError(f"{path}: job {job.number} needs {job.tasks} processors but the cluster has "
                           f"{nodes * slots} (use --hosts)")
    names = {n: queue_names.get(n, f"q{n}") for n in sorted({j.queue_number for j in jobs if j.queue_number >= 0})}
    queues = [{"name": "normal", "priority": 0}] + [{"name": q, "priority": 0} for q in names.values()
                                                    if q != "normal"]
    width = max(4, len(str(nodes)))
    events = [{"time": j.submit, "submit": _submit(j, names)} for j in sorted(jobs, key=lambda j: (j.submit, j.number))]
    return {
        "refsim": 1,
        "cluster": {"hosts": [{"name": f"node{i:0{width}d}", "slots": slots} for i in range(1, nodes + 1)],
                    "queues": queues},
        "sessions": {"policy": "after-events"},
        "events": events,
    }
