"""Reconstructed dispatches: a recorded allocation re-applied instead of computed. The simulator supplies the
per-host and shared amounts; the limit charges follow from the job's consumers, as for a computed dispatch."""

from __future__ import annotations

from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind
from refsim.model.resources import JOBS
from refsim.model.units import Amount, normalise
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge
from refsim.sched.limits import cluster_limits_for, consumer_values, host_limits_for
from refsim.sched.state import SchedulerState


def _charge(resource: str, amounts: dict[str, Amount]) -> Amount:
    return 1 if resource == JOBS else amounts.get(resource, 0)


def reconstructed_allocation(state: SchedulerState, job: Job,
                             hosts: tuple[tuple[str, tuple[tuple[str, Amount], ...]], ...],
                             shared: tuple[tuple[str, Amount], ...]) -> Allocation:
    """The allocation of a recorded dispatch, with the limit charges it implies."""
    values = consumer_values(job)
    host_limits, placed = host_limits_for(job, state.cluster), []
    totals: dict[str, Amount] = {}
    for name, amounts in hosts:
        table = dict(amounts)
        for resource, amount in table.items():
            totals[resource] = normalise(totals.get(resource, 0) + amount)
        charges: list[LimitCharge] = []
        for limit in host_limits:
            consumer = limit.consumer(ConsumerKind.HOST)
            if consumer is None or not consumer.matches(name):
                continue
            scope = limit.scope({**values, ConsumerKind.HOST: name})
            charges.extend(LimitCharge(limit.name, scope, r, _charge(r, table)) for r, _ in limit.resources
                           if _charge(r, table))
        placed.append(HostAllocation(name, tuple(amounts), tuple(charges)))
    totals.update(shared)
    cluster_charges = tuple(LimitCharge(limit.name, limit.scope(values), r, _charge(r, totals))
                            for limit in cluster_limits_for(job, state.cluster) for r, _ in limit.resources
                            if _charge(r, totals))
    return Allocation(tuple(placed), tuple(shared), cluster_charges)
