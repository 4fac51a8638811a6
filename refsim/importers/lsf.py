"""LSF event logs (`lsb.events`) or accounting files (`lsb.acct`) to a recording and the site's recorded schedule
(docs/lsf.md).

Several files are one log: rotated files are read oldest first, whatever the order given: a numeric suffix
(`lsb.events.2`) before the unsuffixed file, the highest suffix first, as LSF numbers its rotations; files without
a numeric suffix keep their command-line order, after the numbered ones. A record of a later file whose event time
is before the latest of the files read before it is an error (the files are not one log, or not in order)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from refsim.importers.lsf_acct import Finished, job_finish
from refsim.importers.lsf_events import DOCUMENTED, EventLog
from refsim.importers.lsf_hosts import read_hosts
from refsim.importers.lsf_records import Fields, record_lines
from refsim.importers.lsf_resreq import kept_requirement, warnings
from refsim.importers.site import RunLimitChoice, SiteJob, SiteLogError, cluster_from_use, counted, site_recording
from refsim.model.bounds import short
from refsim.model.history import RecordedJob

TITLE = "the LSF log"
ACCOUNTING = frozenset({"JOB_FINISH", "JOB_RESIZE"})  # the record types of lsb.acct; the others are lsb.events
_ROTATED = re.compile(r"\.([0-9]+)$")


def reading_order(paths: Sequence[str]) -> list[str]:
    """The files oldest first: numbered rotations, highest suffix first, then the rest in the order given."""
    numbered = [(suffix, p) for p in paths if (suffix := _rotation(p)) is not None]
    return [p for _, p in sorted(numbered, key=lambda n: -n[0])] + [p for p in paths if _rotation(p) is None]


def _rotation(path: str) -> int | None:
    """The number LSF gave a rotated file (`lsb.events.3`: 3); None for the current file."""
    match = _ROTATED.search(path)
    return None if match is None else int(match.group(1))


class _Reading:
    """The records of every file, gathered: an event log or accounting records, never both."""

    def __init__(self) -> None:
        self.events = EventLog()
        self.finished: dict[tuple[int, int], Finished] = {}
        self.kinds: set[str] = set()
        self.skipped: Counter[str] = Counter()
        self.repeated = 0
        self.latest = 0

    def file(self, path: str) -> None:
        earlier, latest = self.latest, self.latest
        try:
            with open(path, "rb") as stream:
                for number, tokens in record_lines(stream, path):
                    fields = Fields(tokens, f"{path}:{number}")
                    fields.text("record type")
                    fields.text("version")
                    time = fields.time("event time")
                    if time < earlier:
                        raise fields.error("event time", f"{time} is before {earlier}, the latest time of the files "
                                                         "read before this one (files out of order, or not one log)",
                                           2)
                    latest = max(latest, time)
                    self.record(fields, time)
        except OSError as exc:
            raise SiteLogError(f"{path}: cannot read: {exc.strerror or exc}") from None
        self.latest = latest

    def record(self, fields: Fields, time: int) -> None:
        kind = fields.kind
        if kind not in DOCUMENTED:
            raise fields.error("record type", f"unknown record type '{short(kind)}' (not one LSF documents for "
                                              "lsb.events or lsb.acct)", 0)
        family = "acct" if kind in ACCOUNTING else "events"
        self.kinds.add(family)
        if len(self.kinds) > 1:
            raise fields.error("record type", "lsb.acct JOB_FINISH records and lsb.events records are mixed: "
                                              "import one kind of file at a time", 0)
        if kind == "JOB_FINISH":
            fields.at = 1  # job_finish reads the version and event time itself
            done = job_finish(fields)
            key = (done.number, done.index)
            self.repeated += key in self.finished
            self.finished[key] = done
        elif family == "acct" or not self.events.add(fields, time):
            self.skipped[kind] += 1

    def jobs(self) -> tuple[list[SiteJob], Counter[str]]:
        if "acct" not in self.kinds:
            return self.events.jobs()
        found, left = [], Counter[str]()
        for done in self.finished.values():
            if any("@" in host for host in done.hosts):
                left["forwarded to another cluster"] += 1
                continue
            found.append(_acct_job(done))
        if self.repeated:
            left["repeated records of a job (the last kept)"] += self.repeated
        return found, left


def _acct_job(done: Finished) -> SiteJob:
    ran = done.start > 0
    return SiteJob(done.number, done.index or None, float(done.submit), float(done.start) if ran else None,
                   float(done.end), done.tasks, done.user, done.queue, done.resreq,
                   float(done.run_limit) if done.run_limit > 0 else None,
                   tuple(Counter(done.hosts).items()) if ran else (), len(done.hosts) if ran else 0)


def lsf_import(paths: Sequence[str], hosts_file: str | None, zone: str, limits: RunLimitChoice
               ) -> tuple[dict[str, Any], tuple[str, ...], str, tuple[RecordedJob, ...]]:
    """The recording, warning lines, the summary's note and the recorded schedule of the LSF files `paths`."""
    reading = _Reading()
    order = reading_order(paths)
    for path in order:
        reading.file(path)
    jobs, left = reading.jobs()
    if not jobs:
        raise SiteLogError(f"{order[-1]}: no finished job to import ({counted(left) or 'no JOB_NEW or JOB_FINISH'})")
    dropped: Counter[str] = Counter()
    jobs = [replace(j, resreq=kept_requirement(j.resreq, dropped),
                    user=_name(j.user), queue=_name(j.queue)) for j in jobs]
    hosts = read_hosts(hosts_file) if hosts_file else cluster_from_use(jobs)
    if hosts_file:
        _check_hosts(jobs, hosts, hosts_file)
    elif not hosts:
        raise SiteLogError(f"{order[-1]}: no job ran, so the log names no host: give the cluster with --hosts")
    document, recorded = site_recording(jobs, hosts, zone, limits)
    notes = [f"read {', '.join(order)}" if len(order) > 1 else ""]
    if reading.events.cluster:
        notes.append(f"cluster {reading.events.cluster}")
    if not hosts_file:
        notes.append("hosts from the exec hosts seen, slots per host = the most used at once")
    if left:
        notes.append(f"left out: {counted(left)}")
    if reading.skipped:
        notes.append(f"records not needed: {sum(reading.skipped.values())}")
    limited = sum(1 for e in document["events"] if "run_limit" in e.get("submit", {}))
    notes.append(f"{limited} with a run limit, from {limits.describe()}")
    return document, tuple(warnings(dropped, TITLE)), " (" + "; ".join(n for n in notes if n) + ")", recorded


def _name(text: str) -> str:
    """A user or queue name as a recording takes it (no blanks or []{}=,: characters, which LSF names lack)."""
    return re.sub(r"[\s\[\]{}=,:]", "_", text) or "unknown"


def _check_hosts(jobs: list[SiteJob], hosts: dict[str, int], path: str) -> None:
    for job in jobs:
        for host, slots in job.hosts:
            if host not in hosts:
                raise SiteLogError(f"{path}: job {job.label} ran on host {host}, which the file does not list")
            if slots > hosts[host]:
                raise SiteLogError(f"{path}: job {job.label} held {slots} slots on host {host}, which has "
                                   f"{hosts[host]}")
