"""`lsb.acct` `JOB_FINISH` records (IBM's documented layout, LSF 10.1) to site jobs.

Fields read, in order (docs/lsf.md lists them): event time (the job's end), jobId, numProcessors, submitTime,
startTime (0: never ran), userName, queue, resReq, numAskedHosts and its hosts, numExHosts and the exec hosts
(a host once per slot; `host@cluster` is a job forwarded to another cluster), maxNumProcessors, idx (array index),
runLimit (`-W`, seconds; -1 none) and effectiveResReq; every other field is checked present, through the last
(`numKVP` and its pairs). A record of LSF's "10.1" version may end after `numGPURusages`, as such records do.
Where LSF wrote numAskedHosts 0 and numExHosts N run together (`02`), they are read so."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.importers.lsf_records import Fields

RUSAGE = 19  # lsfRusage: ru_utime ... ru_exutime
OLD_VERSION = "10.1"  # its records stop after numGPURusages


@dataclass(frozen=True)
class Finished:
    """What one JOB_FINISH record says of a job (times in Unix seconds)."""

    number: int
    index: int
    submit: int
    start: int
    end: int
    tasks: tuple[int, int]
    user: str
    queue: str
    resreq: str
    run_limit: int
    hosts: tuple[str, ...]


def job_finish(fields: Fields) -> Finished:
    """Read a JOB_FINISH record whose type field has been read."""
    fields.text("version")
    version = fields.fields[1].text
    end = fields.time("event time")
    number = fields.integer("jobId", 0, 10**18 - 1)
    fields.skip(2, "userId, options")
    low = fields.integer("numProcessors", 0, 10**6)
    submit = fields.time("submitTime")
    fields.skip(2, "beginTime, termTime")
    start = fields.time("startTime")
    user, queue, resreq = fields.text("userName"), fields.text("queue"), fields.text("resReq")
    fields.skip(8, "dependCond .. jobFile")
    asked_text = fields.fields[fields.at].text if fields.rest() else ""
    if len(asked_text) > 1 and asked_text.startswith("0") and asked_text.isdigit():
        fields.at += 1  # numAskedHosts 0 and numExHosts N, written with no blank between
        hosts = fields.hosts(int(asked_text), "execHosts")
    else:
        fields.hosts(fields.count("numAskedHosts"), "askedHosts")
        hosts = fields.hosts(fields.count("numExHosts"), "execHosts")
    fields.skip(4, "jStatus, hostFactor, jobName, command")
    fields.skip(RUSAGE, "lsfRusage")
    fields.skip(3, "mailUser, projectName, exitStatus")
    high = fields.integer("maxNumProcessors", 0, 10**6)
    fields.skip(2, "loginShell, timeEvent")
    index = fields.integer("idx", 0, 10**9)
    fields.skip(23, "maxRMem .. jobDescription")
    for _ in range(fields.count("submitEXT numValue")):
        fields.skip(2, "submitEXT key and value")
    fields.skip(5 * fields.count("numHostRusage"), "hostRusage")
    run_limit = fields.integer("runLimit")
    fields.skip(2, "options3, avgMem")
    effective = fields.text("effectiveResReq")
    fields.skip(11, "srcCluster .. subcwd")
    fields.skip(2 * fields.count("num_network"), "network")
    fields.skip(6, "affinity .. gflops")
    fields.skip(fields.count("numAllocSlots", 10**7), "allocSlots")
    fields.skip(1, "ineligiblePendTime")
    fields.skip(3 * fields.count("indexRangeCnt"), "indexRange")
    fields.skip(1, "requeueTime")
    fields.skip(5 * fields.count("numGPURusages"), "gpuRusage")
    if not (version == OLD_VERSION and fields.rest() == 0):
        fields.skip(fields.count("storageInfoC"), "storageInfoV")
        fields.skip(2 * fields.count("numKVP"), "KVP key and value")
    low = max(low, 1)
    return Finished(number, index, submit, start, end, (low, max(high, low)), user, queue, resreq or effective,
                    run_limit, hosts)
