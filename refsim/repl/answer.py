"""The one-line answer `why JOB` leads with: what the job needs, what is free, and when the running jobs free
enough for it (docs/repl.md, "why"). It plans on the running jobs alone, each holding its resources until its start
plus its run limit (for ever without one), on a copy of the state: what other pending jobs or a discipline's
reservations will take first is for the trace below it to say."""

from __future__ import annotations

from refsim.model.epoch import Epoch
from refsim.model.jobid import JobId, format_job_ids
from refsim.model.units import format_number
from refsim.sched.profile import INF, Profile, StartOf
from refsim.sched.state import SchedulerState

MAX_NAMED = 3


def answer(state: SchedulerState, job: JobId, now: float, start_of: StartOf, epoch: Epoch | None = None) -> str:
    """`needs 2 slots; 0 of 3 free now; what it needs comes free at t=100, when job 1 ends (start 0 + run limit
    100)`; with an epoch, that time's date after it: `t=100 (1993-10-01 00:01:43 PDT)`."""
    spec = state.jobs[job]
    profile = Profile(state, now, start_of)
    held = sum(h.allocation.tasks for h in profile.holdings if h.start <= now < h.end)
    lead = (f"needs {spec.min_tasks} slot{'s' * (spec.min_tasks != 1)}; {profile.total_slots - held} of "
            f"{profile.total_slots} free now")
    found = profile.earliest(spec, from_now=True)
    if found is not None and found.planned_start == now:
        return f"{lead}; it fits them now: the next session decides whether it starts"
    if found is not None:
        ending = max((h for h in profile.holdings if h.end <= found.planned_start), key=lambda h: h.end)
        limit = state.jobs[ending.job].run_limit
        date = "" if epoch is None else f" ({epoch.date(found.planned_start)})"
        return (f"{lead}; what it needs comes free at t={format_number(found.planned_start)}{date}, when job "
                f"{format_job_ids([ending.job])} ends (start {format_number(ending.start)} + run limit "
                f"{format_number(limit if limit is not None else INF)})")
    unending = [h.job for h in profile.holdings if h.end == INF]
    if unending:
        named = ", ".join(f"job {format_job_ids([j])}" for j in unending[:MAX_NAMED])
        more = ", ..." if len(unending) > MAX_NAMED else ""
        return (f"{lead}; when what it needs comes free cannot be told: {len(unending)} running job"
                f"{'s' * (len(unending) != 1)} ({named}{more}) {'have' if len(unending) != 1 else 'has'} no run "
                "limit")
    return f"{lead}; it does not fit even once every running job has ended"
