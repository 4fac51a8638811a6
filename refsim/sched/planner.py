"""Placement plans: how a requirement's tasks are divided across hosts.

Task counts are tried largest first: the requirement's maximum, then its minimum if smaller. For each count:
- ``span[hosts=1]``: one plan, all tasks on one host;
- ``span[ptile=N]``: one plan, N tasks per position (the last takes the remainder);
- no span: plans over 1, 2, 4, 8, ... hosts (while fewer than the tasks), then one host per task; tasks are split
  as evenly as possible, larger positions first.
A plan with the same positions as an earlier one is not generated again.

A generated plan is discarded untried, in this order of rules, when:
1. it needs more positions than there are open hosts;
2. one of its positions needs more slots than any open host has;
3. its task count exceeds the headroom a cluster-wide limit leaves.

A requirement is declined before any plan is generated when no host is open, or when its minimum task count
exceeds the slots of all open hosts together.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from refsim.model.cluster import Cluster, HostStatus
from refsim.model.resources import SLOTS
from refsim.resreq.ast import Span
from refsim.sched.events import Plan


@dataclass(frozen=True)
class Declined:
    reason: str


@dataclass(frozen=True)
class Generated:
    plan: Plan
    discard: str | None  # why the plan is discarded untried, or None to try it


@dataclass(frozen=True)
class ClusterShape:
    """Static facts about open hosts that plan generation needs."""

    open_hosts: int
    max_slots: int
    total_slots: int

    @classmethod
    def of(cls, cluster: Cluster) -> ClusterShape:
        slots = [int(h.total(SLOTS)) for h in cluster.hosts if h.status is HostStatus.OPEN]
        return cls(len(slots), max(slots, default=0), sum(slots))


def split(tasks: int, hosts: int) -> tuple[int, ...]:
    """`tasks` over `hosts` positions as evenly as possible, larger first: split(10, 4) == (3, 3, 2, 2)."""
    base, extra = divmod(tasks, hosts)
    return tuple(base + 1 if i < extra else base for i in range(hosts))


def _shapes(tasks: int, span: Span | None) -> Iterator[tuple[int, ...]]:
    if span is not None and span.hosts == 1:
        yield (tasks,)
    elif span is not None and span.ptile:
        full, rest = divmod(tasks, span.ptile)
        yield (span.ptile,) * full + ((rest,) if rest else ())
    else:
        hosts = 1
        while hosts < tasks:
            yield split(tasks, hosts)
            hosts *= 2
        yield (1,) * tasks


def decline_reason(min_tasks: int, shape: ClusterShape) -> str | None:
    if shape.open_hosts == 0:
        return "no host is open"
    if min_tasks > shape.total_slots:
        return f"needs {min_tasks} tasks but the open hosts have {shape.total_slots} slots in all"
    return None


def _discard_reason(tasks: tuple[int, ...], shape: ClusterShape, headroom: int | None, binding: str) -> str | None:
    if len(tasks) > shape.open_hosts:
        verb = "is" if shape.open_hosts == 1 else "are"
        return f"needs {len(tasks)} hosts but only {shape.open_hosts} {verb} open"
    if max(tasks) > shape.max_slots:
        return f"a position needs {max(tasks)} slots but no open host has more than {shape.max_slots}"
    if headroom is not None and sum(tasks) > headroom:
        return f"{sum(tasks)} tasks exceed the headroom of {max(headroom, 0)} tasks left by {binding}"
    return None


def generate_plans(min_tasks: int, max_tasks: int, span: Span | None, shape: ClusterShape,
                   headroom: int | None = None, binding: str = "") -> Declined | Iterator[Generated]:
    """Decline the requirement, or yield its plans lazily in generation order with any discard reason."""
    reason = decline_reason(min_tasks, shape)
    if reason is not None:
        return Declined(reason)
    return _plans(min_tasks, max_tasks, span, shape, headroom, binding)


def _plans(min_tasks: int, max_tasks: int, span: Span | None, shape: ClusterShape, headroom: int | None,
           binding: str) -> Iterator[Generated]:
    seen: set[tuple[int, ...]] = set()
    number = 0
    for count in dict.fromkeys((max_tasks, min_tasks)):
        for tasks in _shapes(count, span):
            if tasks in seen:
                continue
            seen.add(tasks)
            number += 1
            yield Generated(Plan(number, tasks), _discard_reason(tasks, shape, headroom, binding))
