"""Walking the requirement tree: a single requirement runs the cluster-wide check and its plans; a compound
places every member in order, all or nothing; alternatives are tried in order and the first satisfied wins,
empty ones being skipped. docs/faults.md tells how an internal error travels up this tree."""

from __future__ import annotations

from collections.abc import Iterator

from refsim.resreq.ast import Alternatives, Compound, Empty, Requirement, Single
from refsim.sched.cluster_check import check_cluster
from refsim.sched.decisions import PendCode, PendReason
from refsim.sched.evaluation import Evaluation
from refsim.sched.events import (AllPlansDiscarded, NodeKind, NoPlanGenerated, NoPlanPlaced,
                                 Outcome, Path, PathStep, PlanDiscarded, PlanNotTried, PlansSkipped, PlanTried,
                                 RequirementDone, RequirementEntered, RequirementNotTried, RequirementSkipped, Role,
                                 indices)
from refsim.sched.faults import FaultPoint, InternalError
from refsim.sched.fill import host_shares
from refsim.sched.placement import PlanResult, report_release, try_plan
from refsim.sched.planner import Declined, Generated, generate_plans


def evaluate(ev: Evaluation, node: Requirement, path: Path, min_tasks: int, max_tasks: int) -> Outcome:
    """Evaluate one node of the requirement tree for `min_tasks`..`max_tasks` tasks."""
    if isinstance(node, Single):
        outcome = _single(ev, node, path, min_tasks, max_tasks)
    elif isinstance(node, Compound):
        outcome = _compound(ev, node, path)
    elif isinstance(node, Alternatives):
        outcome = _alternatives(ev, node, path, min_tasks, max_tasks)
    else:  # a whole requirement that is just {}: nothing to try
        if ev.observer is not None:
            ev.observer.event(RequirementSkipped(path))
        return Outcome.NOT_SATISFIED
    if ev.observer is not None:
        ev.observer.event(RequirementDone(path, outcome))
    return outcome


def _not_tried(ev: Evaluation, path: Path, role: Role, first: int, count: int) -> None:
    if ev.observer is not None:
        for index in range(first, count + 1):
            ev.observer.event(RequirementNotTried(path + (PathStep(role, index, count),)))


def _compound(ev: Evaluation, node: Compound, path: Path) -> Outcome:
    if ev.observer is not None:
        ev.observer.event(RequirementEntered(path, NodeKind.COMPOUND, text=str(node), members=len(node.members)))
    mark, count = ev.ledger.mark(), len(node.members)
    for index, (tasks, member) in enumerate(node.members, start=1):
        outcome = evaluate(ev, member, path + (PathStep(Role.MEMBER, index, count),), tasks, tasks)
        if outcome is not Outcome.SATISFIED:
            _not_tried(ev, path, Role.MEMBER, index + 1, count)
            if ev.observer is not None:
                report_release(ev.observer, ev.ledger, path, 0, mark)
            ev.ledger.rollback(mark)
            return outcome
    return Outcome.SATISFIED


def _alternatives(ev: Evaluation, node: Alternatives, path: Path, min_tasks: int, max_tasks: int) -> Outcome:
    if ev.observer is not None:
        ev.observer.event(RequirementEntered(path, NodeKind.ALTERNATIVES, min_tasks, max_tasks, text=str(node),
                                             members=len(node.options)))
    count, errors = len(node.options), 0
    for index, option in enumerate(node.options, start=1):
        step = path + (PathStep(Role.ALTERNATIVE, index, count),)
        if isinstance(option, Empty):
            if ev.observer is not None:
                ev.observer.event(RequirementSkipped(step))
            continue
        outcome = evaluate(ev, option, step, min_tasks, max_tasks)
        if outcome is Outcome.SATISFIED:
            _not_tried(ev, path, Role.ALTERNATIVE, index + 1, count)
            return outcome
        errors += outcome is Outcome.INTERNAL_ERROR
    return Outcome.INTERNAL_ERROR if errors else Outcome.NOT_SATISFIED


def _single(ev: Evaluation, node: Single, path: Path, min_tasks: int, max_tasks: int) -> Outcome:
    if ev.observer is not None:
        ev.observer.event(RequirementEntered(path, NodeKind.SINGLE, min_tasks, max_tasks, node.rusage, str(node),
                                             node.select.text if node.select else "",
                                             str(node.span) if node.span else ""))
    check = check_cluster(ev, path, node, min_tasks)
    if not check.passed:
        if ev.observer is not None:
            ev.observer.event(PlansSkipped(path))
        return Outcome.NOT_SATISFIED
    plans = generate_plans(min_tasks, max_tasks, node.span, ev.state.shape(), check.headroom, check.headroom_limit,
                           lambda: host_shares(ev, node, min_tasks), ev.state.plan_shapes)
    if isinstance(plans, Declined):
        if ev.observer is not None:
            ev.observer.event(NoPlanGenerated(path, plans.reason))
        ev.reasons.add(PendReason(PendCode.NO_PLAN, "", plans.reason))
        return Outcome.NOT_SATISFIED
    return _try_plans(ev, node, path, plans)


def _try_plans(ev: Evaluation, node: Single, path: Path, plans: Iterator[Generated]) -> Outcome:
    tried = 0
    for generated in plans:
        plan = generated.plan
        if generated.discard is not None:
            if ev.observer is not None:
                ev.observer.event(PlanDiscarded(path, plan, generated.discard))
            continue
        try:
            if ev.faults is not None:
                ev.faults.check(FaultPoint.PLAN_BUILD, ev.job.id, plan.number, requirement=indices(path))
        except InternalError as exc:
            if ev.observer is not None:
                ev.observer.event(PlanNotTried(path, plan, str(exc)))
            return Outcome.INTERNAL_ERROR
        tried += 1
        if ev.observer is not None:
            ev.observer.event(PlanTried(path, plan))
        result = try_plan(ev, path, node, plan)
        if result is PlanResult.COMMITTED:
            return Outcome.SATISFIED
        if result is PlanResult.ERROR:
            return Outcome.INTERNAL_ERROR
    if tried == 0:
        if ev.observer is not None:
            ev.observer.event(AllPlansDiscarded(path))
        ev.reasons.add(PendReason(PendCode.NO_PLAN, "", "all generated plans were discarded"))
    elif ev.observer is not None:
        ev.observer.event(NoPlanPlaced(path))
    return Outcome.NOT_SATISFIED
