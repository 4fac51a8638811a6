"""The schedule file: `job_id,start_time,end_time`, one row per started job sorted by job id, comparable with
DR_EVT's expected_output.csv by `diff`. A job still running when the replay ends has an empty end_time."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.model.jobid import JobId
from refsim.sim.csvout import format_time, table_text
from refsim.sim.jobtable import JobTable

HEADER = ("job_id", "start_time", "end_time")


@dataclass(frozen=True)
class Span:
    """When a job held its allocation: [start, end), end None while it runs; `slots` it held."""

    job: JobId
    start: float
    end: float | None
    slots: int


def spans(jobs: JobTable) -> list[Span]:
    """Every job that started, in job-id order, from the replay's job table."""
    return [Span(r.job.id, r.start_time, r.end_time, r.allocation.tasks)
            for r in sorted(jobs.records.values(), key=lambda r: r.job.id.sort_key())
            if r.start_time is not None and r.allocation is not None]


def schedule_text(job_spans: list[Span]) -> str:
    return table_text(HEADER, ([str(s.job), format_time(s.start), "" if s.end is None else format_time(s.end)]
                               for s in job_spans))
