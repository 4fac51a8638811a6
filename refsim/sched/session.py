"""A scheduling session (a round): every pending job, in picker order, gets a position and ends in a dispatch,
a pend or a no-decision. Results are yielded one at a time, so a caller can stop between any two.

Under a dispatching discipline other than greedy, the session asks the discipline's round which job to try
next and, once the allocator has judged a job on the current state, for its ruling: a job that fits may be
held back (a pend with the discipline's reason) or started on another allocation the round found."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal, overload

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.allocator import allocate
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend
from refsim.sched.disciplines import Discipline, Round
from refsim.sched.disciplines.explain import explain
from refsim.sched.events import AllocationBuilt, DecisionMade, JobSelected, Observer
from refsim.sched.picker import Fcfs, OrderingPolicy, pick_order
from refsim.sched.profile import StartOf
from refsim.sched.results import HeldCount, KnownOutcomes, Ruling, SessionResult
from refsim.sched.state import SchedulerState

ObserverFactory = Callable[[JobId], Observer | None]


def selectable(state: SchedulerState) -> list[Job]:
    """The jobs a session started now would select: every pending job the scheduler knows."""
    return list(state.pending.values())


def _unknown_start(_job: JobId) -> None:
    return None


# the overloads only type the calls: their defaults are the implementation's
@overload
def run_session(state: SchedulerState, round_no: int, policy: OrderingPolicy | None = ...,
                observer_for: ObserverFactory | None = ..., discipline: Discipline | None = ...,
                now: float = ..., start_of: StartOf = ...,
                compact: Literal[False] = ...) -> Iterator[SessionResult]: ...


@overload
def run_session(state: SchedulerState, round_no: int, policy: OrderingPolicy | None = ...,
                observer_for: ObserverFactory | None = ..., discipline: Discipline | None = ...,
                now: float = ..., start_of: StartOf = ...,
                compact: bool = ..., bulk: bool = ...) -> Iterator[SessionResult | KnownOutcomes | HeldCount]: ...


def run_session(state: SchedulerState, round_no: int, policy: OrderingPolicy | None = None,
                observer_for: ObserverFactory | None = None, discipline: Discipline | None = None,
                now: float = 0.0, start_of: StartOf = _unknown_start,
                compact: bool = False, bulk: bool = False) -> Iterator[SessionResult | KnownOutcomes | HeldCount]:
    """Run one session. `observer_for` gives the observer for a selected job (None for an untraced one); when
    it is None itself no job is observed. A dispatch is committed before the next job is considered.
    `discipline` (default greedy) decides which jobs that fit start; it plans from `now` and each running job's
    start (`start_of`; None for unknown, which plans the job as running for ever).

    `compact`, for a caller that takes decisions in bulk: a greedy session on the fast path with no observer
    gives each run of consecutive jobs whose buckets already have an outcome at the state version as one
    KnownOutcomes, which stands for the SessionResults of those jobs (the same decisions, positions and objects).
    `bulk`, for a compact caller that reads no job's pend (metrics only): once the discipline starts no later job
    of the session (Round.starts_none_later: strict behind its blocker, conservative-drevt behind a job planned to
    start now), the rest of the session is one HeldCount, a count of its jobs and of their pends; each run a round
    keeps as it is (EASY behind its reservation; conservative-drevt, told of the jobs it counts) is one HeldCount
    too; and so is every other run of pends. The round is told (Round.pends_unread), so it may leave out of a pend
    what only the pend would say (conservative's plans of jobs no start of the session needs, docs/planning.md)."""
    policy = policy or Fcfs()
    entries: list[list[Any]] | None = None
    if type(policy) is Fcfs:
        order, entries = state.fcfs_queue()  # kept in FCFS order by the state
    else:
        order = pick_order(selectable(state), state.cluster, policy)
    if discipline is None or not discipline.holds_back:
        if compact and observer_for is None and state.fast_path:
            if entries is None:
                entries = [state.buckets.entry(job) for job in order]
            yield from _greedy_compact(state, round_no, policy, order, entries)
        else:
            yield from _greedy(state, round_no, policy, observer_for, order)
        return
    round_ = discipline.open(state, now, start_of)
    if compact and observer_for is None and state.fast_path:
        if entries is None:
            entries = [state.buckets.entry(job) for job in order]
        if bulk:
            round_.pends_unread()
            starts = round_.starts_at_once(order)
            if starts is not None:
                yield from _started_at_once(state, round_, round_no, len(order), starts)
                return
            yield from _pends_counted(_ruled_compact(state, round_, discipline, round_no, policy, order, entries,
                                                     bulk))
        else:
            yield from _ruled_compact(state, round_, discipline, round_no, policy, order, entries)
    else:
        yield from _ruled(state, round_, discipline, round_no, policy, observer_for, order)


def _ruled(state: SchedulerState, round_: Round, discipline: Discipline, round_no: int, policy: OrderingPolicy,
           observer_for: ObserverFactory | None, order: list[Job], first: int = 1,
           removals: int | None = None) -> Iterator[SessionResult]:
    """A session under a dispatching discipline: each job in picker order is judged by the allocator on the
    current state, then ruled by the discipline's round, which keeps the outcome or replaces it by a dispatch or a
    pend. `first` and `removals` as for _greedy()."""
    removals = state.removals if removals is None else removals
    for position, job in enumerate(order, start=first):
        observer = observer_for(job.id) if observer_for is not None else None
        if observer is not None:
            observer.event(JobSelected(round_no, position, job.id))
            judged = allocate(state, job.id, policy, observer)
        else:
            judged = _judged(state, job, policy, removals)
        outcome, ruling = round_.rule(job, judged)
        # a round keeps the allocator's outcome or replaces it by a dispatch or a pend
        if observer is not None and isinstance(outcome, (Dispatch, Pend)):
            observer.event(explain(discipline, round_, job, judged, outcome, ruling))
            if outcome is not judged:
                if isinstance(outcome, Dispatch):
                    observer.event(AllocationBuilt(outcome.allocation))
                observer.event(DecisionMade(outcome))
        if isinstance(outcome, Dispatch):
            state.dispatched(job.id, outcome.allocation)
            round_.started(job.id, outcome.allocation)
        yield SessionResult(round_no, position, job.id, outcome, ruling)


def _ruled_compact(state: SchedulerState, round_: Round, discipline: Discipline, round_no: int, policy: OrderingPolicy,
                   order: list[Job], entries: list[list[Any]],
                   bulk: bool = False) -> Iterator[SessionResult | KnownOutcomes | HeldCount]:
    """_ruled() without observers, giving each run of bucket pends as one KnownOutcomes once the round keeps such
    pends as they are (Round.keeps_pends: strict behind its first waiting job, EASY once it has reserved). Nothing
    is committed within a run, so the state version, and every bucket's outcome, holds for all of it."""
    buckets, removals = state.buckets, state.removals
    walk = iter(entries)
    at = 0  # jobs of `order` done

    def hold(job: Job, allocation: Allocation) -> tuple[Outcome, Ruling | None]:
        """The round's ruling on a job whose bucket fits at the version (Buckets.held_run)."""
        return round_.rule(job, Dispatch(job.id, allocation))

    while True:
        if state.removals != removals:  # a caller removed a job since the session started: check each one alone
            yield from _ruled(state, round_, discipline, round_no, policy, None, order[at:], at + 1, removals)
            return
        if bulk and round_.starts_none_later:
            # strict behind its blocker, or conservative-drevt behind a job held that fits, starts no later job:
            # every one pends or gets no decision, which is all a bulk caller reads, so the rest is counted, with
            # no outcome, ruling or result made per job
            selected, pends = buckets.held_tail(walk, state.version,
                                                lambda job: _judged(state, job, policy, removals))
            if selected:
                yield HeldCount(round_no, at + 1, selected, pends)
            return
        ruled: tuple[Outcome, Ruling | None] | None = None
        if bulk and round_.keeps_pends:
            # the same run, counted: a bulk caller reads none of its pends
            selected, pends, entry, ruled = buckets.held_count(walk, state.version, hold, round_)
            if selected:
                yield HeldCount(round_no, at + 1, selected, pends)
                at += selected
        elif round_.keeps_pends:
            # a run of bucket pends, kept as they are, and of bucket fits the round holds back
            run, rulings, entry, ruled = buckets.held_run(walk, state.version, hold)
            if run:
                yield KnownOutcomes(round_no, at + 1, tuple(order[at:at + len(run)]), tuple(run),
                                    tuple(rulings) if any(r is not None for r in rulings) else ())
                at += len(run)
        else:
            entry = next(walk, None)
        if entry is None:
            return
        job = entry[0]
        outcome, ruling = ruled if ruled is not None else round_.rule(job, _judged(state, job, policy, removals))
        if isinstance(outcome, Dispatch):
            state.dispatched(job.id, outcome.allocation)
            round_.started(job.id, outcome.allocation)
        at += 1
        yield SessionResult(round_no, at, job.id, outcome, ruling)


def _started_at_once(state: SchedulerState, round_: Round, round_no: int, jobs: int,
                     starts: list[tuple[int, Dispatch, Ruling]]) -> Iterator[SessionResult | HeldCount]:
    """A bulk session whose starts its round worked out at once (Round.starts_at_once), over `jobs` jobs: each start
    committed and reported in order, each run of jobs between them one HeldCount (all pends: a job the round did
    not start pends, in a session where it works starts out). A bulk caller removes no job within a session; one
    that did would void the starts, which were worked out on the session's first state."""
    removals, at = state.removals, 0  # jobs of the session reported
    for index, dispatch, ruling in starts:
        if index > at:
            yield HeldCount(round_no, at + 1, index - at, index - at)
        if state.removals != removals:
            raise RuntimeError("a job was removed within a bulk session whose starts were worked out at once")
        state.dispatched(dispatch.job, dispatch.allocation)
        round_.started(dispatch.job, dispatch.allocation)
        yield SessionResult(round_no, index + 1, dispatch.job, dispatch, ruling)
        at = index + 1
    if at < jobs:
        yield HeldCount(round_no, at + 1, jobs - at, jobs - at)


def _pends_counted(reports: Iterator[SessionResult | KnownOutcomes | HeldCount]) \
        -> Iterator[SessionResult | KnownOutcomes | HeldCount]:
    """A bulk session's reports with each run of pends (ruled one by one, or already counted) as one HeldCount:
    a bulk caller reads no pend. Dispatches and no-decisions pass as they are, in order."""
    round_no = first = selected = pends = 0  # the run so far: `selected` jobs from position `first`
    for report in reports:
        if isinstance(report, SessionResult) and isinstance(report.outcome, Pend):
            at, more, more_pends = report.position, 1, 1
        elif isinstance(report, HeldCount):
            at, more, more_pends = report.first, report.selected, report.pends
        else:
            if selected:
                yield HeldCount(round_no, first, selected, pends)
                selected = 0
            yield report
            continue
        if selected and first + selected == at:
            selected, pends = selected + more, pends + more_pends
            continue
        if selected:
            yield HeldCount(round_no, first, selected, pends)
        round_no, first, selected, pends = report.round, at, more, more_pends
    if selected:
        yield HeldCount(round_no, first, selected, pends)


def _judged(state: SchedulerState, job: Job, policy: OrderingPolicy, removals: int) -> Outcome:
    """The allocator's outcome for an untraced job on the current state. On the fast path, the outcome a job of its
    bucket already got at this state version stands for it, a fit included: a discipline holds jobs that fit back
    without committing anything, so later jobs of the bucket would be judged on the same state."""
    fast = state.fast_path and (state.removals == removals or state.jobs.get(job.id) is job)
    if fast:
        buckets, version = state.buckets, state.version
        known = buckets.known(job, version)
        if known is not None:
            return known
        allocation = buckets.fit(job, version)
        if allocation is not None:
            return Dispatch(job.id, allocation)
    outcome = allocate(state, job.id, policy, None)
    if fast and isinstance(outcome, Dispatch):
        state.buckets.remember_fit(job, state.version, outcome.allocation)
    return outcome


def _greedy(state: SchedulerState, round_no: int, policy: OrderingPolicy, observer_for: ObserverFactory | None,
            order: list[Job], first: int = 1, removals: int | None = None) -> Iterator[SessionResult]:
    """LSF's default: every job in picker order is placed if it fits; nothing is held back. `first` is the
    position of order[0]; `removals`, the state's count of removals when `order` was taken (default: now)."""
    buckets, jobs, fast = state.buckets, state.jobs, state.fast_path
    removals = state.removals if removals is None else removals
    for position, job in enumerate(order, start=first):
        observer = observer_for(job.id) if observer_for is not None else None
        outcome: Outcome | None = None
        # the bucket memo answers only for a job the state still knows (a caller may remove one between results)
        if observer is None and fast and (state.removals == removals or jobs.get(job.id) is job):
            outcome = buckets.known(job, state.version)  # the fast path's bucket memo, without a lookup
        if outcome is None:
            if observer is not None:
                observer.event(JobSelected(round_no, position, job.id))
            outcome = allocate(state, job.id, policy, observer)
            if isinstance(outcome, Dispatch):
                state.dispatched(job.id, outcome.allocation)
        yield SessionResult(round_no, position, job.id, outcome)


def _greedy_compact(state: SchedulerState, round_no: int, policy: OrderingPolicy, order: list[Job],
                    entries: list[list[Any]]) -> Iterator[SessionResult | KnownOutcomes]:
    """_greedy() without observers, giving each run of bucket hits as one KnownOutcomes. Within a run nothing is
    committed, so the state version, and with it every bucket's outcome, holds for the whole run. `entries` are
    the jobs' bucket entries (Buckets.entry), walked once."""
    buckets = state.buckets
    removals = state.removals
    walk = iter(entries)
    at = 0  # jobs of `order` done
    while True:
        if state.removals != removals:  # a caller removed a job since the session started: check each one alone
            yield from _greedy(state, round_no, policy, None, order[at:], at + 1, removals)
            return
        run, entry = buckets.known_run(walk, state.version)
        if run:
            yield KnownOutcomes(round_no, at + 1, tuple(order[at:at + len(run)]), tuple(run))
            # a job the caller removes now is caught at the loop's top; the job that ended the run (entry) is
            # allocated below exactly as _greedy() would allocate it
            at += len(run)
        if entry is None:
            return
        job = entry[0]
        outcome = allocate(state, job.id, policy, None)
        if isinstance(outcome, Dispatch):
            state.dispatched(job.id, outcome.allocation)
        at += 1
        yield SessionResult(round_no, at, job.id, outcome)
