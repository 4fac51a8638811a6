"""Slurm `sacct --parsable2` output to a recording and the site's recorded schedule (docs/slurm.md).

The field list read is the one `sacct` was given as `--format` (with `--allusers --parsable2 --noheader`):
State,JobID,ReqCPUS,ReqMem,ReqNodes,Constraints,Submit,Eligible,Start,Elapsed,Suspended,End,ExitCode,
DerivedExitCode,AllocNodes,NCPUS,MaxDiskRead,MaxDiskWrite,MaxPages,MaxRSS,MaxVMSize,CPUTime,UserCPU,SystemCPU,
TotalCPU, and optionally Partition last. Used: JobID, ReqCPUS, Submit, Start, End, AllocNodes, NCPUS, Partition.

Jobs, not steps (`123.batch`, `123.0` are skipped); an array element `846_3` is element 4 of array 846 (refsim's
indexes start at 1, Slurm's at 0). A job with no start (or no nodes) never ran: submitted and removed at its end.
The field list has no time limit and no node list: run limits come from `--run-limit` (none by default), and the
cluster from `--nodes`/`--cpus-per-node`, else from the jobs (see `derived_cluster`)."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from refsim.importers.site import RunLimitChoice, SiteJob, SiteLogError, counted, first_fit, site_recording
from refsim.model.bounds import MAX_HOSTS, MAX_TASKS, short, whole_number
from refsim.model.epoch import EpochError, time_zone
from refsim.model.history import RecordedJob

FIELDS = ("State", "JobID", "ReqCPUS", "ReqMem", "ReqNodes", "Constraints", "Submit", "Eligible", "Start",
          "Elapsed", "Suspended", "End", "ExitCode", "DerivedExitCode", "AllocNodes", "NCPUS", "MaxDiskRead",
          "MaxDiskWrite", "MaxPages", "MaxRSS", "MaxVMSize", "CPUTime", "UserCPU", "SystemCPU", "TotalCPU",
          "Partition")
_AT = {name: i for i, name in enumerate(FIELDS)}
_JOB = re.compile(r"^([0-9]{1,18})(?:_([0-9]{1,9}))?$")
_STEP = re.compile(r"^[0-9]{1,18}(?:_[0-9]{1,9})?\.")
_NO_TIME = ("", "Unknown", "None")
DEFAULT_QUEUE = "normal"
MAX_LINE = 1 << 16  # bytes: a sacct line of this field list is a few hundred; longer is a damaged file


def read_sacct(path: str, zone: str) -> tuple[list[SiteJob], Counter[str]]:
    """The jobs of a sacct file, and those left out counted by why; times in `zone` where they carry no offset."""
    try:
        tz = time_zone(zone)
    except EpochError as exc:
        raise SiteLogError(f"--timezone: {exc}") from None
    jobs: list[SiteJob] = []
    left: Counter[str] = Counter()
    try:
        with open(Path(path), "rb") as stream:
            number = 0
            while raw := stream.readline(MAX_LINE + 1):
                number += 1
                where = f"{path}:{number}"
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    raise SiteLogError(f"{where}: the line is longer than {MAX_LINE} bytes (a damaged file)")
                try:
                    line = raw.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    raise SiteLogError(f"{where}: not UTF-8 text") from None
                if not line.strip() or line.lstrip().startswith("#") or line.startswith("State|"):
                    continue
                job = _job(line.split("|"), where, tz, left)
                if job is not None:
                    jobs.append(job)
    except OSError as exc:
        raise SiteLogError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return jobs, left


def _job(cells: list[str], where: str, tz: dt.tzinfo, left: Counter[str]) -> SiteJob | None:
    if len(cells) not in (len(FIELDS) - 1, len(FIELDS)):
        raise SiteLogError(f"{where}: {len(cells)} fields, expected {len(FIELDS) - 1} or {len(FIELDS)} "
                           f"({','.join(FIELDS[:3])},... as docs/slurm.md lists them)")
    job_id = cells[_AT["JobID"]]
    if _STEP.match(job_id):
        return None  # a step of a job: the job's own line says what the scheduler did
    match = _JOB.match(job_id)
    if match is None:
        if re.match(r"^[0-9]+(_\[|\+)", job_id):
            left["pending array remainders or heterogeneous jobs"] += 1
            return None
        raise SiteLogError(f"{where}: field 2 (JobID): '{short(job_id)}' is not a job id (123 or 123_4)")
    submit = _time(cells, "Submit", where, tz)
    start, end = _time(cells, "Start", where, tz), _time(cells, "End", where, tz)
    if submit is None:
        raise SiteLogError(f"{where}: field {_AT['Submit'] + 1} (Submit): no submit time")
    nodes, cpus = _count(cells, "AllocNodes", where, 0), _count(cells, "NCPUS", where, 0)
    ran = start is not None and nodes > 0
    if end is None:
        left["still pending or running at the file's end"] += 1
        return None
    tasks = cpus if ran and cpus > 0 else max(_count(cells, "ReqCPUS", where, 0), 1)
    partition = cells[_AT["Partition"]] if len(cells) == len(FIELDS) else ""
    index = match.group(2)
    return SiteJob(int(match.group(1)), None if index is None else int(index) + 1, submit,
                   start if ran else None, max(end, start or end) if ran else end, (tasks, tasks), "user",
                   re.sub(r"[\s\[\]{}=,:]", "_", partition) or DEFAULT_QUEUE,
                   used=tasks if ran else 0, nodes=nodes if ran else 0)


def _time(cells: list[str], name: str, where: str, tz: dt.tzinfo) -> float | None:
    text = cells[_AT[name]].strip()
    if text in _NO_TIME:
        return None
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise SiteLogError(f"{where}: field {_AT[name] + 1} ({name}): '{short(text)}' is not an ISO time "
                           "(2022-02-18T17:32:41)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz)
    return moment.timestamp()


def _count(cells: list[str], name: str, where: str, low: int) -> int:
    text = cells[_AT[name]].strip()
    value = whole_number(text, low, MAX_TASKS) if text else low
    if value is None:
        raise SiteLogError(f"{where}: field {_AT[name] + 1} ({name}): '{short(text)}' is not a count from {low} to "
                           f"{MAX_TASKS}")
    return value


def derived_cluster(jobs: list[SiteJob]) -> tuple[int, int]:
    """Nodes and CPUs per node from the jobs: per node, the most CPUs a job had on one of its nodes (NCPUS over
    AllocNodes, rounded up); nodes, the most in use at once (AllocNodes summed over the jobs running then)."""
    ran = [j for j in jobs if j.start is not None]
    per_node = max((math.ceil(j.used / max(j.nodes, 1)) for j in ran), default=1)
    steps = sorted([(j.start, j.nodes) for j in ran if j.start is not None]
                   + [(j.end, -j.nodes) for j in ran], key=lambda s: (s[0], s[1]))
    held = peak = 0
    for _, delta in steps:
        held += delta
        peak = max(peak, held)
    nodes = max(peak, 1, *(math.ceil(j.tasks[0] / per_node) for j in jobs))
    if nodes > MAX_HOSTS:
        raise SiteLogError(f"{nodes} nodes would be needed (at most {MAX_HOSTS}; use --nodes)")
    return nodes, max(per_node, 1)


def slurm_import(path: str, nodes: int | None, cpus: int | None, zone: str, limits: RunLimitChoice
                 ) -> tuple[dict[str, Any], tuple[str, ...], str, tuple[RecordedJob, ...]]:
    """The recording, warning lines, the summary's note and the recorded schedule of a sacct file. The recorded
    schedule's hosts are a first fit (site.first_fit): sacct's field list names no nodes."""
    jobs, left = read_sacct(path, zone)
    if not jobs:
        raise SiteLogError(f"{path}: no job to import ({counted(left) or 'no job line'})")
    derived = derived_cluster(jobs)
    count, per_node = nodes or derived[0], cpus or derived[1]
    width = max(4, len(str(count)))
    hosts = {f"node{i:0{width}d}": per_node for i in range(1, count + 1)}
    placed = first_fit(jobs, hosts, path)
    jobs = [replace(j, hosts=placed.get(j.label, ())) for j in jobs]
    document, recorded = site_recording(jobs, hosts, zone, limits)
    said = "given" if nodes and cpus else "derived from AllocNodes and NCPUS" if not (nodes or cpus) else \
        "given in part, the rest derived from AllocNodes and NCPUS"
    notes = [f"{count} nodes x {per_node} CPUs, {said}"]
    if left:
        notes.append(f"left out: {counted(left)}")
    limited = sum(1 for e in document["events"] if "run_limit" in e.get("submit", {}))
    notes.append(f"{limited} with a run limit" + (f", from {limits.describe()}" if limited else
                                                     " (sacct's field list has none: see --run-limit)"))
    return document, (), " (" + "; ".join(notes) + ")", recorded
