"""Allocating one selected job: look it up, explain its selection, walk its requirement tree and build the
decision. Internal errors are contained here and become the no-decision outcomes of spec 2.4."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.resreq import Requirement
from refsim.resreq.ast import Single
from refsim.sched.decisions import (Allocation, Dispatch, NoDecision, NoDecisionKind, Outcome, Pend, PendReason,
                                   pend_reason_set)
from refsim.sched.evaluation import Evaluation
from refsim.sched.events import (AllocationBuilt, ClusterLimitsMatched, DecisionMade, LimitStanding,
                                 NoDecisionMade, Observer, SelectionKeys)
from refsim.sched.events import Outcome as ReqOutcome
from refsim.sched.faults import FaultPoint, InternalError
from refsim.sched.oneslot import first_free_hosts, plain_tasks
from refsim.sched.picker import OrderingPolicy
from refsim.sched.state import SchedulerState
from refsim.sched.tree import evaluate
from refsim.sched.verdicts import pend_reasons


def matched_limits(ev: Evaluation) -> tuple[LimitStanding, ...]:
    """The cluster-wide limits the job is subject to, with their value and usage, before placement."""
    standings = []
    for limit in ev.cluster_limits:
        scope = limit.scope(ev.consumer)
        for resource, value in limit.resources:
            standings.append(LimitStanding(limit.name, scope, resource, value,
                                           ev.state.usage.limit_used(limit.name, scope, resource)))
    return tuple(standings)


def _lookup(state: SchedulerState, job_id: JobId) -> Job | None:
    if state.faults is not None:
        try:
            state.faults.check(FaultPoint.JOB_LOOKUP, job_id)
        except InternalError:
            return None
    return state.jobs.get(job_id)


def _finish(observer: Observer | None, outcome: Outcome) -> Outcome:
    if observer is not None:
        if isinstance(outcome, NoDecision):
            observer.event(NoDecisionMade(outcome))
        else:
            if isinstance(outcome, Dispatch):
                observer.event(AllocationBuilt(outcome.allocation))
            observer.event(DecisionMade(outcome))
    return outcome


def allocate(state: SchedulerState, job_id: JobId, policy: OrderingPolicy,
             observer: Observer | None = None) -> Outcome:
    """Decide for one selected job. The caller has already reported the selection (round and position)."""
    job = _lookup(state, job_id)
    if job is None:
        return _finish(observer, NoDecision(job_id, NoDecisionKind.NOT_FOUND))
    if observer is not None:
        observer.event(SelectionKeys(policy.name, policy.keys(job, state.cluster)))
    requirement = state.requirements.get(job_id)
    if requirement is None:
        if observer is not None:
            observer.event(ClusterLimitsMatched(None))
        return _finish(observer, NoDecision(job_id, NoDecisionKind.NO_SCHED_OBJECT,
                                            state.parse_errors.get(job_id, "")))
    if observer is None and state.fast_path:
        return _fast(state, job, requirement)
    ev = Evaluation.start(state, job, observer)
    if observer is not None:
        observer.event(ClusterLimitsMatched(matched_limits(ev)))
    outcome = evaluate(ev, requirement, (), job.min_tasks, job.max_tasks)
    return _finish(observer, _decide(ev, outcome))


def placement(state: SchedulerState, job_id: JobId) -> Allocation | None:
    """Where planning places a job on `state` (a projected state): the allocation the allocator's dispatch would
    carry, or None when it would not dispatch. Nothing is observed and no pend is explained, since planning reads
    only the allocation; on the fast path the candidate search alone decides, as it finds the hosts the reference
    evaluation finds (tests/property/test_fast_path_disciplines.py)."""
    job = _lookup(state, job_id)
    requirement = state.requirements.get(job_id) if job is not None else None
    if job is None or requirement is None:
        return None
    if state.fast_path:
        if _cannot_fit(state, job, requirement):
            return None
        tasks = plain_tasks(state, job, requirement)
        if tasks is not None:
            return first_free_hosts(state, tasks)
    ev = Evaluation.start(state, job, None)
    if state.fast_path:
        ev.on_candidates = True
    if evaluate(ev, requirement, (), job.min_tasks, job.max_tasks) is not ReqOutcome.SATISFIED:
        return None
    return ev.ledger.allocation()  # a projected state has no fault plan: the decision build cannot fail


def _fast(state: SchedulerState, job: Job, requirement: Requirement) -> Outcome:
    """The fast path of an untraced job (docs/planning.md, "Two paths, one semantics"), once the session found no
    outcome in its bucket's memo at this state version (it asks before it allocates): a search over candidate hosts
    and, only when that does not dispatch, the reference evaluation to collect the pend reasons, which the bucket
    then remembers. A plain job on a one-slot cluster needs no search: its hosts are the first free ones
    (refsim/sched/oneslot.py); and when it pends while no reason is read (SchedulerState.explains_pends), it pends
    with no explanation, since the explanation would always find a reason (docs/planning.md, "Pends nobody
    reads")."""
    buckets = state.buckets
    key = buckets.key(job)
    tasks = plain_tasks(state, job, requirement)
    if not _cannot_fit(state, job, requirement):
        if tasks is not None:
            allocation = first_free_hosts(state, tasks)
            if allocation is not None:
                return Dispatch(job.id, allocation)  # as _decide() builds it: the fast path has no fault plan
        else:
            ev = Evaluation.start(state, job, None)
            ev.on_candidates = True
            outcome = evaluate(ev, requirement, (), job.min_tasks, job.max_tasks)
            if outcome is ReqOutcome.SATISFIED:
                return _decide(ev, outcome)
    if tasks is not None and not state.explains_pends:
        buckets.remember(key, ())
        return Pend(job.id, ())
    ev = Evaluation.start(state, job, None)
    ev.verdicts = state.verdicts
    decision = _decide(ev, evaluate(ev, requirement, (), job.min_tasks, job.max_tasks))
    if isinstance(decision, Pend):
        buckets.remember(key, decision.reasons)
    elif isinstance(decision, NoDecision) and decision.kind is NoDecisionKind.NO_REASON:
        buckets.remember(key, decision.kind)
    return decision


def _cannot_fit(state: SchedulerState, job: Job, requirement: Requirement) -> bool:
    """Whether a single requirement surely cannot be placed now: every plan of one places at least the job's
    minimum task count, a slot per task, on open hosts, so it needs that many committed free slots among them. The
    candidate search is then skipped; the explanation still decides."""
    return isinstance(requirement, Single) and \
        state.free_index().free_slots(state.usage) + _SLOT_SLACK < job.min_tasks


_SLOT_SLACK = 1e-6  # float sums of free slots never turn a possible placement into a skipped search


def _decide(ev: Evaluation, outcome: ReqOutcome) -> Outcome:
    job = ev.job.id
    try:
        if ev.faults is not None:
            ev.faults.check(FaultPoint.DECISION_BUILD, job)
    except InternalError as exc:
        return NoDecision(job, NoDecisionKind.INTERNAL_ERROR, f"decision build: {exc}")
    if outcome is ReqOutcome.SATISFIED:
        return Dispatch(job, ev.ledger.allocation())
    if outcome is ReqOutcome.INTERNAL_ERROR:
        return NoDecision(job, NoDecisionKind.INTERNAL_ERROR, "the requirement evaluation ended in an internal error")
    from_table = _table_reasons(ev)
    if from_table is not None:
        return Pend(job, from_table)
    reasons = ev.reasons | ev.host_reasons
    for verdict in ev.rejections:
        reasons.update(pend_reasons(verdict))
    if not reasons:
        return NoDecision(job, NoDecisionKind.NO_REASON)
    if ev.verdicts is not None:  # the fast path's explanation: the canonical set, shared with earlier equal ones
        return Pend(job, ev.state.buckets.canonical(reasons))
    return Pend(job, pend_reason_set(reasons))


def _table_reasons(ev: Evaluation) -> tuple[PendReason, ...] | None:
    """The pend reason set of a fast-path explanation whose reasons are exactly one verdict table's (no job-level
    reason, no kept rejection, nothing but that table's host reasons): the table's canonical set, kept in order
    with the table (VerdictTable.canonical) rather than sorted again, which is pend_reason_set() of the same set.
    None otherwise. On a loaded cluster most pends are of jobs too large for the free hosts, whose reasons are
    every host's of one table."""
    table = ev.last_table
    if table is None or ev.verdicts is None or ev.reasons or ev.rejections or not table.reasons:
        return None
    return table.canonical() if ev.host_reasons == table.reasons else None
