"""`why JOB`: an on-demand explanation of a pending job against the current state. It runs the reference
evaluation with a trace collector on a copy of the scheduler's state, so nothing it does reaches the replay: no
decision, no accounting, no stored trace, no trace file."""

from __future__ import annotations

import dataclasses

from refsim.model.jobid import JobId, format_job_ids
from refsim.model.jobs import JobState
from refsim.model.units import UnitsMode
from refsim.repl.answer import answer
from refsim.sched.allocator import allocate
from refsim.sched.events import JobSelected
from refsim.sched.picker import Fcfs, pick_order
from refsim.sched.session import run_session, selectable
from refsim.sim.replay import Simulator
from refsim.trace.collector import Collector
from refsim.trace.decision import DecisionRecord
from refsim.trace.jsontrace import trace_object
from refsim.trace.records import Line
from refsim.trace.render import render
from refsim.trace.settings import DEFAULT_LINES, Level
from refsim.trace.text import text_trace


def why_lines(sim: Simulator, selector: JobId, level: Level, units: UnitsMode, where: tuple[str, int]) -> list[str]:
    """The dry-run explanation of each pending job the selector names (an array: each pending element). `where`
    says where the replay stands (e.g. "before round 3 (t=20)") and the round the evaluation is numbered in."""
    records = sim.jobs.matching(selector)
    if not records:
        return [f"why {selector}: the job is unknown"]
    lines: list[str] = []
    for record in records:
        job = record.job.id
        if record.state is not JobState.PENDING:
            lines.append(f"why {format_job_ids([job])}: the job is {record.describe()}; only a pending job can be "
                         "explained (info trace shows a stored trace)")
            continue
        lines += _lines(sim, job, level, units, where)
    return lines


def why_objects(sim: Simulator, selector: JobId, level: Level, where: tuple[str, int]) -> list[dict[str, object]]:
    """`why JOBID json`: per job the selector names, its one-line answer and its dry run as the JSON trace writes
    it, or (a job that is not pending, or unknown) its state and no trace."""
    records = sim.jobs.matching(selector)
    if not records:
        return [{"job": str(selector), "state": "unknown", "answer": None, "trace": None}]
    objects: list[dict[str, object]] = []
    for record in records:
        job = record.job.id
        if record.state is not JobState.PENDING:
            objects.append({"job": format_job_ids([job]), "state": record.state.value, "answer": None,
                            "trace": None})
            continue
        dry = _dry_run(sim, job, level, where)
        objects.append({"job": format_job_ids([job]), "state": "pending", "answer": dry.answer,
                        "where": where[0], "position": dry.position, "pending": dry.pending,
                        "trace": trace_object(dry.record)})
    return objects


@dataclasses.dataclass(frozen=True)
class _DryRun:
    record: DecisionRecord
    position: int  # the job's place among the pending jobs, in the picker's order
    pending: int
    answer: str


def _lines(sim: Simulator, job: JobId, level: Level, units: UnitsMode, where: tuple[str, int]) -> list[str]:
    dry = _dry_run(sim, job, level, where)
    trace = text_trace(dry.record, sim.state.cluster, compact=level is Level.SUMMARY)
    head = (Line(1, (f"dry run of {format_job_ids([job])} against the state {where[0]}, position {dry.position} of "
                     f"{dry.pending} pending, level {level.value}",)),) + trace.head[1:]
    first = (f"why {format_job_ids([job])}: a dry run of the scheduler's evaluation on a copy of the current state; "
             "nothing is changed, stored or written")
    return [f"why {format_job_ids([job])}: {dry.answer}", first] + render(dataclasses.replace(trace, head=head),
                                                                          units)


def _dry_run(sim: Simulator, job: JobId, level: Level, where: tuple[str, int]) -> _DryRun:
    state = sim.state.copy()
    policy = Fcfs()
    order = [j.id for j in pick_order(selectable(state), state.cluster, policy)]
    # a job whose record is pending is in the state's pending jobs: the replay changes both together before it
    # yields to the console (submit, dispatch, removal), so the job always has a position
    position = order.index(job) + 1
    collector = Collector(job, level, DEFAULT_LINES)
    if not sim.discipline.holds_back:
        collector.event(JobSelected(where[1], position, job))
        allocate(state, job, policy, collector)
    else:
        # A discipline rules on a job from the session so far (the reservations of the jobs ahead of it): the
        # copy runs a session up to the job, which is how the next session would see it.
        for result in run_session(state, where[1], policy, lambda j: collector if j == job else None,
                                  sim.discipline, sim.time, sim.start_of):
            if result.job == job:
                break
    return _DryRun(collector.record(), position, len(order), answer(sim.state.copy(), job, sim.time, sim.start_of,
                                                                   sim.recording.epoch))
