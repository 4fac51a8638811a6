"""Hand-written LSF records in IBM's documented lsb.events / lsb.acct layouts (LSF 10.1, version "10.108"), with
every field the importer checks present: only the fields a test names vary, the rest are LSF's "none" values."""

from __future__ import annotations

from collections.abc import Sequence


def _q(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _line(*fields: object) -> str:
    return " ".join(_q(f) if isinstance(f, str) else str(f) for f in fields)


def job_new(job: int, time: int, *, tasks: int = 1, most: int | None = None, user: str = "alice",
            queue: str = "normal", resreq: str = "", run_limit: int = -1, name: str = "") -> str:
    limits = [-1] * 11
    limits[9] = run_limit
    return _line("JOB_NEW", "10.108", time, job, 1501, 0, tasks, time, 0, 0, -65535, 0, 0, user, *limits, "",
                 1.0, 2, queue, resreq, "submithost", "/home", "", "", "", "", "/home/alice", f"{time}.{job}", 0, "",
                 "", name, "sleep 1", 0, "", "default", most or tasks, "UNKNOWN_AUTO_DETECT", "", 0)


def job_start(job: int, time: int, hosts: Sequence[str], *, index: int = 0, effective: str = "") -> str:
    return _line("JOB_START", "10.108", time, job, 4, 0, 0, 100.0, len(hosts), *hosts, "", "", 0, "", index, "",
                 2147483647, 0, effective, 0)


def job_status(job: int, time: int, status: int, *, end: int = 0, index: int = 0) -> str:
    return _line("JOB_STATUS", "10.108", time, job, status, 0, 0, 0.0, end, 0, 0, index, 0, 0)


def job_finish(job: int, *, submit: int, start: int, end: int, hosts: Sequence[str], tasks: int = 1,
               most: int | None = None, user: str = "alice", queue: str = "normal", resreq: str = "",
               effective: str = "", run_limit: int = -1, index: int = 0, version: str = "10.108") -> str:
    fields: list[object] = ["JOB_FINISH", version, end, job, 1501, 0, tasks, submit, 0, 0, start, user, queue,
                            resreq, "", "", "submithost", "/home", "", "", "", f"{submit}.{job}", 0, len(hosts),
                            *hosts, 64, 1.0, "", "sleep 1", *[-1] * 19, "", "default", 0, most or tasks, "", "",
                            index, *[0] * 23, 0, 0, run_limit, 0, 0, effective, "", -1, "", -1, 0, "", 0, 0, "",
                            max(end - start, 0), "/home", 0, "", 0.0, 0.0, 0.0, 0.0, 0.0, len(hosts), *hosts, -1, 0,
                            0, 0]
    if version != "10.1":
        fields += [0, 0]  # storageInfoC, numKVP
    return _line(*fields)


def log(*records: str, first: str = "#0") -> str:
    """An lsb.events file: its first line (`# history seek position`), then the records."""
    return "\n".join([first, *records]) + "\n"
