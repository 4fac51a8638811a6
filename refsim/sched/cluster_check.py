"""The cluster-wide check of one requirement, made once before any plan: shared resources in its rusage and the
cluster-wide limits the job is subject to. It also finds the task headroom the limits leave, which the planner
uses to discard plans that could never pass."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from refsim.model.resources import JOBS
from refsim.model.units import Amount
from refsim.resreq.ast import Single
from refsim.sched.decisions import PendCode, PendReason
from refsim.sched.evaluation import Evaluation
from refsim.sched.events import CheckItem, CheckKind, ClusterCheck, Path
from refsim.sched.limits import limit_demand, still_to_count


@dataclass(frozen=True)
class ClusterCheckResult:
    passed: bool
    items: tuple[CheckItem, ...]
    headroom: int | None  # most tasks the cluster-wide limits allow; None when unbounded
    headroom_limit: str = ""


def _shared_items(ev: Evaluation, single: Single) -> list[CheckItem]:
    items = []
    for name, amount in single.rusage:
        shared = ev.state.cluster.shared_resource(name)
        if shared is None:
            continue
        used, reserved = ev.state.usage.shared.get(name, 0), ev.ledger.shared_reserved(name)
        items.append(CheckItem(CheckKind.SHARED, name, None, name, shared.total, used, reserved, amount,
                               used + reserved + amount <= shared.total))
    return items


def cluster_limit_demands(ev: Evaluation, single: Single,
                          tasks: int) -> Iterator[tuple[str, str, str, Amount, Amount, Amount]]:
    """Each cluster-wide limit counter `tasks` tasks of `single` count against: (limit name, scope, resource, value,
    reserved, requested), only where something is requested."""
    cluster = ev.state.cluster
    for limit in ev.cluster_limits:
        scope = limit.scope(ev.consumer)
        for resource, value in limit.resources:
            reserved = ev.ledger.limit_reserved(limit.name, scope, resource)
            requested = still_to_count(resource, limit_demand(resource, single, tasks, cluster, on_host=False),
                                       reserved)
            if requested:
                yield limit.name, scope, resource, value, reserved, requested


def _limit_items(ev: Evaluation, single: Single, tasks: int) -> tuple[list[CheckItem], int | None, str]:
    items, headroom, binding = [], None, ""
    for name, scope, resource, value, reserved, requested in cluster_limit_demands(ev, single, tasks):
        used = ev.state.usage.limit_used(name, scope, resource)
        items.append(CheckItem(CheckKind.LIMIT, name, scope, resource, value, used, reserved, requested,
                               used + reserved + requested <= value))
        per_task = limit_demand(resource, single, 1, ev.state.cluster, on_host=True)
        if resource != JOBS and per_task > 0:
            room = math.floor((value - used - reserved) / per_task)
            if headroom is None or room < headroom:
                headroom, binding = room, f"{name}[{scope}] {resource}"
    return items, headroom, binding


def check_cluster(ev: Evaluation, path: Path, single: Single, min_tasks: int) -> ClusterCheckResult:
    """Check shared resources and cluster-wide limits for `min_tasks` tasks; record each failure as a reason."""
    items = _shared_items(ev, single)
    limit_items, headroom, binding = _limit_items(ev, single, min_tasks)
    items.extend(limit_items)
    for item in items:
        if ev.observer is not None:
            ev.observer.event(ClusterCheck(path, item))
        if not item.passed:
            ev.reasons.add(_reason(item))
    return ClusterCheckResult(all(i.passed for i in items), tuple(items), headroom, binding)


def _reason(item: CheckItem) -> PendReason:
    if item.kind is CheckKind.SHARED:
        return PendReason(PendCode.SHARED_SHORTFALL, "", item.resource)
    return PendReason(PendCode.CLUSTER_LIMIT, "", f"{item.name}[{item.scope}] {item.resource}")
