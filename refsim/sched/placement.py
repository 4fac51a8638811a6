"""Trying one placement plan: fill its positions in order, release the claims if a position cannot be filled,
and, when every position is filled, build the allocation (reserved in the ledger) and commit the plan."""

from __future__ import annotations

from enum import Enum

from refsim.model.cluster import Host
from refsim.resreq.ast import Single
from refsim.sched.candidates import fill_run
from refsim.sched.cluster_check import cluster_limit_demands
from refsim.sched.evaluation import Evaluation
from refsim.sched.events import (ClaimsReleased, HostVerdict, Observer, Path, Plan, PlanCommitted, PlanEndedInError,
                                 PlanFailed, PositionScanned, indices)
from refsim.sched.faults import FaultPoint, InternalError
from refsim.sched.hostscan import PositionDemand, ScanError, judge, scan_position
from refsim.sched.ledger import Hold, Ledger


class PlanResult(Enum):
    COMMITTED = "committed"
    FAILED = "failed"
    ERROR = "error"


def report_release(observer: Observer, ledger: Ledger, path: Path, plan: int, mark: int) -> None:
    """Tell the observer which hosts the claims made since `mark` are released from (before the rollback, while
    the ledger still holds them; 0 for a compound's earlier members)."""
    hosts = ledger.hosts_since(mark)
    if hosts:
        observer.event(ClaimsReleased(path, plan, hosts))


def _release(ev: Evaluation, path: Path, plan: Plan, mark: int) -> None:
    if ev.observer is not None:
        report_release(ev.observer, ev.ledger, path, plan.number, mark)
    ev.ledger.rollback(mark)


def _claim(ev: Evaluation, host: Host, demand: PositionDemand) -> None:
    ev.ledger.claim((host.name,), demand.resources)
    for lim in demand.limits_on(ev, host) if demand.terms else ():
        ev.ledger.hold(Hold(lim.resource, lim.requested, host=host.name, limit=lim.limit, scope=lim.scope))


def _reserve_cluster_amounts(ev: Evaluation, single: Single, tasks: int) -> None:
    """Hold the shared resources and cluster-wide limit amounts of a committed plan."""
    cluster = ev.state.cluster
    for name, amount in single.rusage:
        if cluster.shared_resource(name) is not None:
            ev.ledger.hold(Hold(name, amount))
    for name, scope, resource, _, _, requested in list(cluster_limit_demands(ev, single, tasks)):
        ev.ledger.hold(Hold(resource, requested, limit=name, scope=scope))


def _origin_indices(ev: Evaluation, single: Single, plan: Plan) -> tuple[int, ...]:
    """Where each position of a fill plan starts its scan: the scan-order index of the host it came from."""
    if not plan.origins:
        return ()
    index = {host.name: i for i, host in enumerate(ev.state.scan_order(single.order))}
    return tuple(index[name] for name in plan.origins)


def _fill(ev: Evaluation, path: Path, single: Single, plan: Plan) -> int | None:
    """Fill positions in order; None when all are filled, else the failing position (a scan error is reported
    as the position's own)."""
    if ev.on_candidates:
        return _fill_runs(ev, single, plan)
    claimed: set[str] = set()
    cursor = 0
    origins = _origin_indices(ev, single, plan)
    demands: dict[int, PositionDemand] = {}  # positions of one size ask the same of every host
    explained = 0  # explaining a pend: the last position of the run already found to be filled
    observer = ev.observer
    for position, tasks in enumerate(plan.tasks, start=1):
        demand = demands.get(tasks)
        if demand is None:
            demand = demands[tasks] = PositionDemand(ev, single, tasks)
        if origins:
            cursor = origins[position - 1]
        elif ev.verdicts is not None and position > explained:
            explained = _run_end(plan.tasks, position, demand)
            failing = ev.verdicts.run_fails(ev, demand, claimed, explained - position + 1, judge)
            if failing is not None:
                return position + failing
        considered: list[HostVerdict] | None = [] if observer is not None else None
        found = scan_position(ev, path, plan.number, position, demand, claimed, cursor, considered)
        filled_by = None
        if isinstance(found, tuple):  # (host, index); else None or ScanError: the position is not filled
            filled_by, cursor = found
            claimed.add(filled_by.name)
            _claim(ev, filled_by, demand)
        if observer is not None:
            error = found.message if isinstance(found, ScanError) else None
            observer.event(PositionScanned(path, plan.number, position, tasks, tuple(considered or ()),
                                           filled_by.name if filled_by is not None else None, error))
        if filled_by is None:
            return position
    return None


def _run_end(tasks: tuple[int, ...], position: int, demand: PositionDemand) -> int:
    """The last position (from 1) of the run of positions with the same demand that starts at `position`; runs
    are single positions when a verdict may depend on other hosts (a limit counter spanning hosts)."""
    end = position
    if demand.memo_key is not None:
        while end < len(tasks) and tasks[end] == tasks[position - 1]:
            end += 1
    return end


def _fill_runs(ev: Evaluation, single: Single, plan: Plan) -> int | None:
    """_fill() on the fast path (no observer, no faults): each run of consecutive positions with the same demand
    is filled in one step. When a host's verdict depends only on that host (every limit term counts per host,
    PositionDemand.memo_key), the hosts a run's scan rejects stay rejected for the run's later positions (claiming
    a host changes nothing on the others), so the run takes the first hosts judge() accepts in cyclic order from
    the run's start, skipping claimed hosts: the same hosts, in the same order, with the same cursor, as a scan per
    position. A fill plan's positions each start at their own origin, so there each run is one position."""
    claimed: set[str] = set()
    cursor = 0
    origins = _origin_indices(ev, single, plan)
    demands: dict[int, PositionDemand] = {}
    tasks = plan.tasks
    position, count = 0, len(tasks)
    while position < count:
        demand = demands.get(tasks[position])
        if demand is None:
            demand = demands[tasks[position]] = PositionDemand(ev, single, tasks[position])
        end = position + 1
        if origins:
            cursor = origins[position]
        elif demand.memo_key is not None:
            while end < count and tasks[end] == tasks[position]:
                end += 1
        found = fill_run(ev, demand, cursor, claimed, end - position, judge)
        if demand.terms:
            for host, _ in found:
                claimed.add(host.name)
                _claim(ev, host, demand)
        else:  # resources only: the run's claims are made in bulk (_claim() per host, without limit terms)
            names = [host.name for host, _ in found]
            claimed.update(names)
            ev.ledger.claim(names, demand.resources)
        if len(found) < end - position:
            return position + len(found) + 1  # a position of the run that cannot be filled
        cursor = found[-1][1]
        position = end
    return None


def try_plan(ev: Evaluation, path: Path, single: Single, plan: Plan) -> PlanResult:
    """Try `plan`; on failure or error everything it claimed is released."""
    mark = ev.ledger.mark()
    try:
        if ev.faults is not None:
            ev.faults.check(FaultPoint.PLAN_ATTEMPT, ev.job.id, plan.number, requirement=indices(path))
        failed_at = _fill(ev, path, single, plan)
        if failed_at is not None:
            _release(ev, path, plan, mark)
            if ev.observer is not None:
                ev.observer.event(PlanFailed(path, plan, failed_at))
            return PlanResult.FAILED
        if ev.faults is not None:
            ev.faults.check(FaultPoint.ALLOCATION_BUILD, ev.job.id, plan.number, requirement=indices(path))
        _reserve_cluster_amounts(ev, single, sum(plan.tasks))
    except InternalError as exc:
        _release(ev, path, plan, mark)
        if ev.observer is not None:
            ev.observer.event(PlanEndedInError(path, plan, str(exc)))
        return PlanResult.ERROR
    if ev.observer is not None:
        ev.observer.event(PlanCommitted(path, plan))
    return PlanResult.COMMITTED
