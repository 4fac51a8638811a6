"""A site's recorded schedule (model.history) written as a run output, the --sim-output format of this version
(sim.output), so `refsim diff`, `report` and `explore` read the site's own starts as they read a replay's.

It holds job records (submit, finish; remove for a job that never ran), a dispatch record per start (the hosts
and slots the log names; round N is the N-th distinct start time, positions in job order within it) and the end
record (from time 0 to the last end, on the cluster's slots) the readers need. No pend records: the log does not
say why a job waited."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from refsim.model.epoch import Epoch
from refsim.model.history import RecordedJob
from refsim.model.jobid import parse_job_id
from refsim.sim.output import Record, SimOutput, end_record

_ORDER = {"finish": 0, "remove": 0, "submit": 1, "dispatch": 2}  # at one instant: ends, arrivals, then starts
_AFTER = 3  # the end of a job that ends at the instant it arrived or started comes after both


def recorded_records(jobs: Iterable[RecordedJob], slots: int) -> list[Record]:
    """The run output's records after its header, in time order."""
    jobs = sorted(jobs, key=lambda j: (j.submit, parse_job_id(j.job).sort_key()))
    records: list[tuple[float, int, tuple[int, int], Record]] = []
    for job in jobs:
        key = parse_job_id(job.job).sort_key()
        records.append((job.submit, _ORDER["submit"], key,
                        {"kind": "submit", "job": job.job, "time": job.submit, "queue": job.queue}))
        kind = "remove" if job.start is None else "finish"
        began = job.submit if job.start is None else job.start
        phase = _ORDER[kind] if job.end > began else _AFTER  # a job ending as it began ends after it
        records.append((job.end, phase, key, {"kind": kind, "job": job.job, "time": job.end}))
        if job.start is not None:
            records.append((job.start, _ORDER["dispatch"], key, _dispatch(job, job.start)))
    records.sort(key=lambda r: r[:3])
    out = [r[3] for r in records]
    _number_rounds(out)
    last = max((j.end for j in jobs), default=0.0)
    return out + [end_record(last, 0.0, slots)]


def _dispatch(job: RecordedJob, time: float) -> Record:
    hosts = [{"host": host, "resources": {"slots": slots}, "limit_charges": []} for host, slots in job.hosts]
    return {"kind": "dispatch", "job": job.job, "time": time, "round": 0, "position": 0,
            "allocation": {"hosts": hosts, "shared": {}, "limit_charges": []}}


def _number_rounds(records: list[Record]) -> None:
    """Round N for the N-th distinct start time; positions 1, 2, ... within a round."""
    round_no, position, last = 0, 0, None
    for record in records:
        if record["kind"] != "dispatch":
            continue
        if record["time"] != last:
            round_no, position, last = round_no + 1, 0, record["time"]
        position += 1
        record["round"], record["position"] = round_no, position


def write_recorded(path: str | Path, recording: str, epoch: Epoch | None, jobs: Iterable[RecordedJob],
                   slots: int) -> None:
    """Write the run output whole (nothing is left at `path` if writing fails)."""
    output = SimOutput(path, recording, epoch=epoch)
    try:
        for record in recorded_records(jobs, slots):
            output.write(record)
    except BaseException:
        output.discard()
        raise
    output.close()
