"""Filling one plan position: scan hosts in order and judge each.

A host is judged in two stages. The *pre-filter* makes the static checks: host status (a closed host is a
selection mismatch, and nothing else is checked), the select expression, each requested resource against the
host's total, and each host-scoped limit's value against the request. Only a host that passes every pre-filter
check reaches the *per-host check* of dynamic state: each resource against total - used - reserved, then each
host-scoped limit against its usage. Every check of a stage is made, so a verdict carries every reason that
stage found; the checks of a stage that did not run are named as not performed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from refsim.model.cluster import Host, HostStatus
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.model.resources import SLOTS
from refsim.model.units import Amount, normalise
from refsim.resreq.ast import Single
from refsim.sched.candidates import candidate_steps
from refsim.sched.evaluation import Evaluation
from refsim.sched.events import HostVerdict, Path, Reason, Stage, VerdictKind, indices
from refsim.sched.faults import FaultPoint, InternalError
from refsim.sched.limits import limit_demand, scope_key, still_to_count

PRE_FILTER_CHECKS = ("select", "capacity", "limit values")
HOST_CHECK = "host check"

_ACCEPTED = (VerdictKind.ACCEPTED,)
_CLAIMED = (VerdictKind.ALREADY_CLAIMED,)
_KIND_ORDER = {kind: i for i, kind in enumerate(VerdictKind)}
_NOTHING: dict[str, Amount] = {}


class LimitDemand(NamedTuple):
    limit: str
    scope: str
    resource: str
    value: Amount
    requested: Amount


@dataclass(frozen=True)
class ScanError:
    """The host scan could not start or stopped on an internal error."""

    message: str


def host_demand(single: Single, tasks: int, ev: Evaluation) -> tuple[tuple[str, Amount], ...]:
    """What `tasks` tasks need on one host: slots, then each per-task host resource of the rusage."""
    demand: list[tuple[str, Amount]] = [(SLOTS, tasks)]
    for name, amount in single.rusage:
        if name != SLOTS and ev.state.cluster.shared_resource(name) is None:
            demand.append((name, normalise(amount * tasks)))
    return tuple(demand)


class PositionDemand:
    """What one position asks of each host it scans: resources, and a term per host-scoped limit resource.
    Built once per position, so the per-host work is only matching hosts and reading counters."""

    def __init__(self, ev: Evaluation, single: Single, tasks: int) -> None:
        self.single = single
        self.resources = host_demand(single, tasks, ev)
        self.key = (single.select.text if single.select is not None else None, self.resources)
        self.terms: list[tuple[Limit, Consumer, str, Amount, Amount]] = []
        for limit in ev.host_limits:
            consumer = limit.consumer(ConsumerKind.HOST)
            assert consumer is not None  # host_limits are the host-scoped ones
            for resource, value in limit.resources:
                requested = limit_demand(resource, single, tasks, ev.state.cluster, on_host=True)
                if requested:
                    self.terms.append((limit, consumer, resource, value, requested))
        # A verdict can be kept while its host's usage is unchanged when every limit term counts per host: such a
        # counter is charged only by allocations on that host. It then also depends on the job's consumer values
        # that name its scope (the per-consumer values other than the host) and on the limits the job is subject to.
        self.memo_key: Hashable | None = None
        if all(consumer.per for _, consumer, _, _, _ in self.terms):
            self.memo_key = (self.key, tuple(scope_key(lim, ev.consumer) for lim in ev.host_limits)) \
                if self.terms else self.key

    def limits_on(self, ev: Evaluation, host: Host) -> list[LimitDemand]:
        """The host-scoped limit demands that apply on `host`."""
        demands = []
        name = host.name
        for limit, consumer, resource, value, requested in self.terms:
            if consumer.members is not None and name not in consumer.members:
                continue
            scope = ev.host_scope(limit, name)
            if still_to_count(resource, requested, ev.ledger.limit_reserved(limit.name, scope, resource)):
                demands.append(LimitDemand(limit.name, scope, resource, value, requested))
        return demands


def _pre_filter(ev: Evaluation, single: Single, host: Host, demand: Sequence[tuple[str, Amount]],
                limits: list[LimitDemand]) -> list[Reason]:
    reasons = []
    if single.select is not None and not ev.state.select_matches(single.select, host):
        reasons.append(Reason(VerdictKind.SELECTION_MISMATCH, Stage.PRE_FILTER, single.select.text))
    used_of, reserved_of = ev.state.usage.host_used, ev.ledger.host_reserved
    for resource, requested in demand:
        total = host.capacities.get(resource, 0)
        if total < requested:
            reasons.append(Reason(VerdictKind.RESOURCE_SHORTFALL, Stage.PRE_FILTER, resource, None, resource, total,
                                  used_of(host.name, resource), reserved_of(host.name, resource), requested))
    for lim in limits:
        if lim.value < lim.requested:
            reasons.append(_limit_reason(ev, lim, Stage.PRE_FILTER))
    return reasons


def _host_check(ev: Evaluation, host: Host, demand: Sequence[tuple[str, Amount]],
                limits: list[LimitDemand]) -> list[Reason]:
    reasons = []
    used_on = ev.state.usage.host.get(host.name) or _NOTHING
    reserved_on = ev.ledger.host_table(host.name) or _NOTHING
    capacities = host.capacities
    for resource, requested in demand:
        total, used, reserved = capacities.get(resource, 0), used_on.get(resource, 0), reserved_on.get(resource, 0)
        if total - used - reserved < requested:
            reasons.append(Reason(VerdictKind.RESOURCE_SHORTFALL, Stage.HOST_CHECK, resource, None, resource,
                                  total, used, reserved, requested))
    for lim in limits:
        used = ev.state.usage.limit_used(lim.limit, lim.scope, lim.resource)
        if used + ev.ledger.limit_reserved(lim.limit, lim.scope, lim.resource) + lim.requested > lim.value:
            reasons.append(_limit_reason(ev, lim, Stage.HOST_CHECK))
    return reasons


def _limit_reason(ev: Evaluation, lim: LimitDemand, stage: Stage) -> Reason:
    return Reason(VerdictKind.LIMIT_EXCEEDED, stage, lim.limit, lim.scope, lim.resource, lim.value,
                  ev.state.usage.limit_used(lim.limit, lim.scope, lim.resource),
                  ev.ledger.limit_reserved(lim.limit, lim.scope, lim.resource), lim.requested)


def judge(ev: Evaluation, single: Single, host: Host, demand: PositionDemand) -> HostVerdict:
    """The verdict for one host that is not already claimed: accepted, or rejected with every reason found."""
    if host.status is HostStatus.CLOSED:
        reason = Reason(VerdictKind.SELECTION_MISMATCH, Stage.PRE_FILTER, "host closed")
        return HostVerdict(host.name, (VerdictKind.SELECTION_MISMATCH,), (reason,), PRE_FILTER_CHECKS + (HOST_CHECK,))
    limits = demand.limits_on(ev, host) if demand.terms else []
    reasons = _pre_filter(ev, single, host, demand.resources, limits)
    not_performed: tuple[str, ...] = (HOST_CHECK,)
    if not reasons:
        reasons, not_performed = _host_check(ev, host, demand.resources, limits), ()
        if not reasons:
            return HostVerdict(host.name, _ACCEPTED)
    if len(reasons) == 1:
        return HostVerdict(host.name, (reasons[0].kind,), tuple(reasons), not_performed)
    kinds = tuple(sorted({r.kind for r in reasons}, key=_KIND_ORDER.__getitem__))
    return HostVerdict(host.name, kinds, tuple(reasons), not_performed)


def every_host(start: int, count: int) -> Iterator[int]:
    """The reference path's host source: every scan index, cyclically from `start`."""
    for step in range(count):
        yield (start + step) % count


def scan_position(ev: Evaluation, path: Path, plan: int, position: int, demand: PositionDemand,
                  claimed: set[str], start: int,
                  considered: list[HostVerdict] | None = None) -> tuple[Host, int] | None | ScanError:
    """Scan for a host that can take the position's demand, cyclically through the scan order from index `start` (where
    the previous position's scan stopped); the host found and its index, None when no host can, or ScanError.
    With tracing on, every host considered is added to `considered` with its verdict, in scan order, for the
    position's one trace event. The hosts considered are every host, or on the fast path only the candidates that
    could accept (`ev.on_candidates`, refsim/sched/candidates.py), so the same host is found."""
    faults = ev.faults
    if faults is not None:
        try:
            faults.check(FaultPoint.HOST_SCAN_START, ev.job.id, plan, position, requirement=indices(path))
        except InternalError as exc:
            return ScanError(str(exc))
    hosts = ev.state.scan_order(demand.single.order)
    steps = candidate_steps(ev.state, demand, hosts, start) if ev.on_candidates else every_host(start, len(hosts))
    if ev.verdicts is not None:  # the fast path's explanation of a pend: no faults, no observer
        return ev.verdicts.scan(ev, demand, hosts, steps, claimed, judge)
    return _scan(ev, path, plan, position, demand, claimed, hosts, steps, considered)


def _scan(ev: Evaluation, path: Path, plan: int, position: int, demand: PositionDemand, claimed: set[str],
          hosts: Sequence[Host], steps: Iterable[int],
          observer_verdicts: list[HostVerdict] | None) -> tuple[Host, int] | None | ScanError:
    """The scan itself; with tracing on, every host considered gets a verdict in `observer_verdicts`, an already
    claimed host too (no check is made on it: that verdict is only for the trace)."""
    job, faults, single = ev.job.id, ev.faults, demand.single
    for index in steps:
        host = hosts[index]
        if faults is not None:
            try:
                faults.check(FaultPoint.HOST_SCAN_STEP, job, plan, position, host.name, indices(path))
            except InternalError as exc:
                return ScanError(str(exc))
        if host.name in claimed:
            if observer_verdicts is not None:
                observer_verdicts.append(HostVerdict(host.name, _CLAIMED))
            continue
        verdict = _judged(ev, path, single, host, demand, plan, position)
        if observer_verdicts is not None:
            observer_verdicts.append(verdict)
        if verdict.kinds is _ACCEPTED:
            return host, index
        if verdict.reasons:
            ev.rejections.append(verdict)
    return None


def _judged(ev: Evaluation, path: Path, single: Single, host: Host, demand: PositionDemand, plan: int,
            position: int) -> HostVerdict:
    try:
        if ev.faults is not None:
            ev.faults.check(FaultPoint.HOST_CHECK, ev.job.id, plan, position, host.name, indices(path))
        return judge(ev, single, host, demand)
    except InternalError as exc:
        return HostVerdict(host.name, (VerdictKind.NOT_EVALUATED,), error=str(exc))
