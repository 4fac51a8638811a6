"""Host shares for the fill plan: how many tasks of one requirement each host could take now.

A host's share is the smallest of: its free slots; for each per-task host resource of the rusage, its free amount
over the per-task amount; for each host-scoped limit on the host, the limit's room over the per-task amount (a
`jobs` limit allows any share while it has room for the job, none once full). A closed host, or one the select
expression rejects, has no share. Free means total - used - reserved, reserved including what earlier members of
the requirement hold. The scan still judges every host, so a share is a starting point, never a verdict.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from refsim.model.cluster import Host, HostStatus
from refsim.model.resources import JOBS
from refsim.resreq.ast import Single
from refsim.sched.evaluation import Evaluation
from refsim.sched.hostscan import PositionDemand

_EPSILON = 1e-9  # float amounts: 0.3 / 0.1 must give 3, not 2
_SLOT_SLACK = 1e-6  # float sums of free slots never hide a fill plan


def _room(free: float, per_task: float) -> int:
    return max(math.floor(free / per_task + _EPSILON), 0)


def host_share(ev: Evaluation, host: Host, per_task: PositionDemand) -> int:
    """The tasks `host` could take now for the demand of one task `per_task`."""
    single = per_task.single
    if host.status is HostStatus.CLOSED or (single.select is not None
                                            and not ev.state.select_matches(single.select, host)):
        return 0
    used_on = ev.state.usage.host.get(host.name) or {}
    reserved_on = ev.ledger.host_table(host.name) or {}
    share: int | None = None
    for resource, amount in per_task.resources:
        if amount > 0:
            free = host.capacities.get(resource, 0) - used_on.get(resource, 0) - reserved_on.get(resource, 0)
            room = _room(free, amount)
            share = room if share is None else min(share, room)
    for lim in per_task.limits_on(ev, host) if per_task.terms else ():
        left = (lim.value - ev.state.usage.limit_used(lim.limit, lim.scope, lim.resource)
                - ev.ledger.limit_reserved(lim.limit, lim.scope, lim.resource))
        if lim.resource == JOBS:
            if left < lim.requested:
                return 0
            continue
        room = _room(left, lim.requested)
        share = room if share is None else min(share, room)
    return share or 0


def host_shares(ev: Evaluation, single: Single, min_tasks: int) -> Iterator[tuple[str, int]]:
    """Each host in the requirement's scan order with its share, computed as the fill plan reads it. On the fast
    path only the hosts whose committed free amounts hold one task are read: any other host's share is 0, and the
    fill plan passes over a share of 0, so the plan is the same. There no share is read at all when the open hosts'
    committed free slots are fewer than `min_tasks`: a share is at most a host's free slots, so the shares could
    not place the fill plan's minimum and it is not made either way."""
    per_task = PositionDemand(ev, single, 1)
    hosts = ev.state.scan_order(single.order)
    if not ev.on_candidates and ev.verdicts is None:  # the reference path
        for host in hosts:
            yield host.name, host_share(ev, host, per_task)
        return
    if ev.state.free_index().free_slots(ev.state.usage) + _SLOT_SLACK < min_tasks:
        return
    positive = tuple((resource, amount) for resource, amount in per_task.resources if amount > 0)
    for index in ev.state.free_index().candidates(ev.state.usage, ev.state.select_matches, single, positive, hosts):
        host = hosts[index]
        yield host.name, host_share(ev, host, per_task)
