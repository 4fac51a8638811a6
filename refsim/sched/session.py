"""A scheduling session (a round): every pending job, in picker order, gets a position and ends in a dispatch,
a pend or a no-decision. Results are yielded one at a time, so a caller can stop between any two."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.allocator import allocate
from refsim.sched.decisions import Dispatch, SessionResult
from refsim.sched.events import JobSelected, Observer
from refsim.sched.picker import Fcfs, OrderingPolicy, pick_order
from refsim.sched.state import SchedulerState

ObserverFactory = Callable[[JobId], Observer | None]


def selectable(state: SchedulerState) -> list[Job]:
    """The jobs a session started now would select: every pending job the scheduler knows."""
    return [state.jobs[j] for j in state.pending if j in state.jobs]


def run_session(state: SchedulerState, round_no: int, policy: OrderingPolicy | None = None,
                observer_for: ObserverFactory | None = None) -> Iterator[SessionResult]:
    """Run one session. `observer_for` gives the observer for a selected job (None for an untraced one); when
    it is None itself no job is observed. A dispatch is committed before the next job is considered."""
    policy = policy or Fcfs()
    order = pick_order(selectable(state), state.cluster, policy)
    for position, job in enumerate(order, start=1):
        observer = observer_for(job.id) if observer_for is not None else None
        if observer is not None:
            observer.event(JobSelected(round_no, position, job.id))
        outcome = allocate(state, job.id, policy, observer)
        if isinstance(outcome, Dispatch):
            state.dispatched(job.id, outcome.allocation)
        yield SessionResult(round_no, position, job.id, outcome)
