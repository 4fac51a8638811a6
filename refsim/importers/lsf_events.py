"""`lsb.events` records (IBM's documented layout, LSF 10.1) to site jobs.

- `JOB_NEW`: jobId, numProcessors, submitTime, userName, the run limit (`rLimits`' RUNLIMIT, the tenth; -1 none),
  queue, resReq, jobName (an array's `name[1-10]` gives its indexes), maxNumProcessors (the third field after the
  file-transfer list, where LSF 10.1 writes it).
- `JOB_START`: the exec hosts (a host once per slot), idx, effectiveResReq (taken when resReq is empty). A later
  start (after a requeue) replaces the earlier one.
- `JOB_STATUS`: DONE (0x40) or EXIT (0x20) ends the job (at endTime, else the event time); PEND (0x1) after a
  start is a requeue. An EXIT before any start is a job removed while pending.
- `JOB_FORWARD`: the job went to another cluster (left out, counted); `MBD_START`: the cluster's name.

Every other record type LSF documents is counted and skipped; a type LSF does not document is an error."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from refsim.importers.lsf_records import Fields
from refsim.importers.site import SiteJob

RUNLIMIT = 9  # its place among the eleven rLimits
PEND, RUN, EXIT, DONE = 0x1, 0x4, 0x20, 0x40
_ARRAY = re.compile(r"\[([0-9,:\-]+)\](?:%[0-9]+)?$")
MAX_ARRAY_INDEX = 1_000_000


@dataclass(frozen=True)
class _New:
    """What a JOB_NEW record says of a job."""

    submit: int
    tasks: tuple[int, int]
    user: str
    queue: str
    resreq: str
    run_limit: int
    indexes: tuple[int, ...]


@dataclass
class _Life:
    """What the log has said of one job or element so far."""

    start: int | None = None
    end: int | None = None
    hosts: tuple[str, ...] = ()
    effective: str = ""


@dataclass
class EventLog:
    """The jobs an event log describes, built record by record (`add`)."""

    submits: dict[int, _New] = field(default_factory=dict)
    lives: dict[tuple[int, int], _Life] = field(default_factory=dict)
    forwarded: set[int] = field(default_factory=set)
    cluster: str = ""

    def add(self, fields: Fields, time: int) -> bool:
        """Read a record whose type and event time have been read; False for a type this reader skips."""
        reader = _READERS.get(fields.kind)
        if reader is None:
            return False
        reader(self, fields, time)
        return True

    def jobs(self) -> tuple[list[SiteJob], Counter[str]]:
        """The jobs that ended in the log, and the others counted by why they are left out."""
        found: list[SiteJob] = []
        left: Counter[str] = Counter()
        for number, new in self.submits.items():
            if number in self.forwarded:
                left["forwarded to another cluster"] += 1
                continue
            for index in new.indexes or (0,):
                life = self.lives.get((number, index), _Life())
                if life.end is None:
                    left["still pending or running at the log's end"] += 1
                    continue
                found.append(_site_job(number, index, new, life))
        return found, left


def _site_job(number: int, index: int, new: _New, life: _Life) -> SiteJob:
    return SiteJob(number, index or None, float(new.submit), None if life.start is None else float(life.start),
                   float(life.end or 0), new.tasks, new.user, new.queue, new.resreq or life.effective,
                   float(new.run_limit) if new.run_limit > 0 else None, tuple(Counter(life.hosts).items()),
                   len(life.hosts))


def _job_new(log: EventLog, fields: Fields, time: int) -> None:
    number = fields.integer("jobId", 0, 10**18 - 1)
    fields.skip(2, "userId, options")
    low = max(fields.integer("numProcessors", 0, 10**6), 1)
    submit = fields.time("submitTime")
    fields.skip(5, "beginTime .. restartPid")
    user = fields.text("userName")
    limits = [fields.integer("rLimits") for _ in range(11)]
    fields.skip(3, "hostSpec, hostFactor, umask")
    queue, resreq = fields.text("queue"), fields.text("resReq")
    fields.skip(8, "fromHost .. jobFile")
    fields.skip(fields.count("numAskedHosts"), "askedHosts")
    fields.skip(2, "dependCond, timeEvent")
    at = fields.at
    name = fields.text("jobName")
    fields.skip(1, "command")
    fields.skip(3 * fields.count("nxf"), "xf")
    fields.skip(2, "mailUser, projectName")
    high = fields.integer("maxNumProcessors", 0, 10**6)
    log.submits[number] = _New(submit, (low, max(high, low)), user, queue, resreq, limits[RUNLIMIT],
                               _indexes(name, fields, at))


def _indexes(name: str, fields: Fields, at: int) -> tuple[int, ...]:
    """An array's element indexes from its job name (`name[1-5,7,10-20:5]`); () for a plain job."""
    match = _ARRAY.search(name)
    if match is None:
        return ()
    found: set[int] = set()
    for part in match.group(1).split(","):
        bounds, _, step = part.partition(":")
        low, _, high = bounds.partition("-")
        try:
            first, last, by = int(low), int(high or low), int(step or 1)
        except ValueError:
            raise fields.error("jobName", f"'{name}' is not an array index list", at) from None
        if not (1 <= first <= last <= MAX_ARRAY_INDEX and by >= 1):
            raise fields.error("jobName", f"array indexes '{part}' are not from 1 to {MAX_ARRAY_INDEX}", at)
        found.update(range(first, last + 1, by))
    return tuple(sorted(found))


def _job_start(log: EventLog, fields: Fields, time: int) -> None:
    number = fields.integer("jobId", 0, 10**18 - 1)
    fields.skip(4, "jStatus .. hostFactor")
    hosts = fields.hosts(fields.count("numExHosts"), "execHosts")
    fields.skip(4, "queuePreCmd .. userGroup")
    index = fields.integer("idx", 0, MAX_ARRAY_INDEX)
    fields.skip(3, "additionalInfo .. jFlags2")
    life = log.lives.setdefault((number, index), _Life())
    life.start, life.end, life.hosts, life.effective = time, None, hosts, fields.text("effectiveResReq")


def _job_status(log: EventLog, fields: Fields, time: int) -> None:
    number = fields.integer("jobId", 0, 10**18 - 1)
    status = fields.integer("jStatus", 0)
    fields.skip(3, "reason .. cpuTime")
    end = fields.time("endTime")
    rusage = fields.integer("ru", 0, 1)
    fields.skip(19 * rusage + 1, "lsfRusage, exitStatus")
    index = fields.integer("idx", 0, MAX_ARRAY_INDEX)
    life = log.lives.setdefault((number, index), _Life())
    if status & (DONE | EXIT) and life.end is None:
        life.end = end or time
    elif status & PEND and life.start is not None:  # requeued: it waits again
        life.start, life.end, life.hosts = None, None, ()


def _job_forward(log: EventLog, fields: Fields, time: int) -> None:
    log.forwarded.add(fields.integer("jobId", 0, 10**18 - 1))


def _mbd_start(log: EventLog, fields: Fields, time: int) -> None:
    fields.skip(1, "master")
    log.cluster = fields.text("cluster")


_READERS = {"JOB_NEW": _job_new, "JOB_START": _job_start, "JOB_STATUS": _job_status, "JOB_FORWARD": _job_forward,
            "MBD_START": _mbd_start}

# The record types IBM documents for lsb.events and lsb.acct (LSF 10.1) that refsim does not need: counted.
DOCUMENTED = frozenset("""JOB_NEW JOB_FORWARD JOB_ACCEPT JOB_ACCEPTACK JOB_CHKPNT JOB_START JOB_START_ACCEPT
JOB_STATUS JOB_SWITCH JOB_SWITCH2 JOB_MOVE QUEUE_CTRL HOST_CTRL MBD_START MBD_DIE UNFULFILL LOAD_INDEX JOB_SIGACT MIG
JOB_MODIFY2 JOB_SIGNAL JOB_EXECUTE JOB_REQUEUE JOB_CLEAN JOB_EXCEPTION JOB_EXT_MSG JOB_ATTA_DATA JOB_CHUNK
SBD_UNREPORTED_STATUS PRE_EXEC_START JOB_FORCE GRP_ADD GRP_MOD LOG_SWITCH JOB_RESIZE_NOTIFY_START
JOB_RESIZE_NOTIFY_ACCEPT JOB_RESIZE_NOTIFY_DONE JOB_RESIZE_RELEASE JOB_RESIZE_CANCEL HOST_POWER_STATUS
JOB_PROV_HOST JOB_FINISH JOB_RESIZE JOB_RUN_RUSAGE JOB_FINISH2 JOB_STARTLIMIT JOB_PENDING_REASONS""".split())
