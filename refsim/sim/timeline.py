"""The resource timeline: `time,nodes_used,nodes_free,running_jobs`, one row at each instant where the set of
running jobs changes, `running_jobs` the ids running after it (DR_EVT's Python-reference convention:
`20,90,10,"0,2"`). On a cluster with a multi-slot host the counts are slots: `slots_used,slots_free`.

All of an instant's changes make one row: a job that starts and ends at the same instant changes nothing."""

from __future__ import annotations

from refsim.model.cluster import Cluster
from refsim.model.jobid import JobId
from refsim.model.resources import SLOTS
from refsim.sim.csvout import format_time, table_text
from refsim.sim.schedule import Span


def header(cluster: Cluster) -> tuple[str, ...]:
    unit = "nodes" if all(h.total(SLOTS) == 1 for h in cluster.hosts) else "slots"
    return ("time", f"{unit}_used", f"{unit}_free", "running_jobs")


def timeline_rows(job_spans: list[Span], total: int) -> list[list[str]]:
    changes: dict[float, list[tuple[bool, Span]]] = {}
    for span in job_spans:
        changes.setdefault(span.start, []).append((True, span))
        if span.end is not None:
            changes.setdefault(span.end, []).append((False, span))
    running: dict[JobId, Span] = {}
    rows = []
    for time in sorted(changes):
        before = set(running)
        for starts, span in sorted(changes[time], key=lambda c: c[0]):  # ends first, then starts
            if not starts:
                running.pop(span.job, None)
            elif span.end != time:
                running[span.job] = span
        if set(running) != before:
            used = sum(s.slots for s in running.values())
            ids = ",".join(str(j) for j in sorted(running, key=lambda j: j.sort_key()))
            rows.append([format_time(time), str(used), str(total - used), ids])
    return rows


def timeline_text(job_spans: list[Span], cluster: Cluster) -> str:
    """Free counts are the cluster's slots (every host, whatever its status) less those in use."""
    total = int(sum(h.total(SLOTS) for h in cluster.hosts))
    return table_text(header(cluster), timeline_rows(job_spans, total))
