"""Placement plans: how a requirement's tasks are divided across hosts.

Task counts are tried largest first: the requirement's maximum, then its minimum if smaller. For each count:
- ``span[hosts=1]``: one plan, all tasks on one host;
- ``span[ptile=N]``: one plan, N tasks per position (the last takes the remainder);
- no span: plans over 1, 2, 4, 8, ... hosts (while fewer than the tasks), then one host per task; tasks are split
  as evenly as possible, larger positions first.
Without a span, one more plan follows the maximum's: the *fill plan*, built from what each host can take now
(its share, in scan order); it carries the largest task count between the minimum and the maximum that the
hosts' shares place, and each of its positions starts its scan at the host the share came from.
A plan with the same task counts as an earlier one is not generated again.

A generated plan is discarded untried, in this order of rules, when:
1. it needs more positions than there are open hosts;
2. one of its positions needs more slots than any open host has;
3. its task count exceeds the headroom a cluster-wide limit leaves.

A requirement is declined before any plan is generated when no host is open, or when its minimum task count
exceeds the slots of all open hosts together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
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


class ShapeMemo:
    """The task counts of the plans for a task count and span, kept once made: in a loaded replay every job of a
    size asks for the same. Bounded in size."""

    _SIZE = 4096

    def __init__(self) -> None:
        self._known: dict[tuple[int, Span | None], tuple[tuple[int, ...], ...]] = {}

    def of(self, tasks: int, span: Span | None) -> tuple[tuple[int, ...], ...]:
        known = self._known.get((tasks, span))
        if known is None:
            if len(self._known) >= self._SIZE:
                self._known.clear()
            known = self._known[(tasks, span)] = tuple(_shapes(tasks, span))
        return known


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


ShapesOf = Callable[[int, Span | None], Iterable[tuple[int, ...]]]
Shares = Callable[[], Iterable[tuple[str, int]]]  # (host, tasks it can take now) in scan order, on demand


def fill_positions(shares: Iterable[tuple[str, int]], min_tasks: int, max_tasks: int,
                   headroom: int | None = None) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
    """The fill plan's task counts and origin hosts: the largest count from `min_tasks` to `max_tasks` (and within
    `headroom`) that the shares place, each host in turn taking min(its share, tasks remaining); None when the
    shares place fewer than `min_tasks`. Shares are read only until the count is reached."""
    cap = max_tasks if headroom is None else min(max_tasks, headroom)
    taken: list[tuple[str, int]] = []
    total = 0
    for host, share in shares if cap > 0 else ():
        if share > 0:
            taken.append((host, min(share, cap - total)))
            total += taken[-1][1]
            if total >= cap:
                break
    if total < min_tasks or total == 0:
        return None
    return tuple(t for _, t in taken), tuple(h for h, _ in taken)


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
                   headroom: int | None = None, binding: str = "",
                   shares: Shares | None = None, memo: ShapeMemo | None = None) -> Declined | Iterator[Generated]:
    """Decline the requirement, or yield its plans lazily in generation order with any discard reason.
    `shares` gives the hosts' shares for the fill plan (no fill plan without it)."""
    reason = decline_reason(min_tasks, shape)
    if reason is not None:
        return Declined(reason)
    shapes = memo.of if memo is not None else _shapes
    return _plans(min_tasks, max_tasks, span, shape, headroom, binding, shares, shapes)


def _candidates(min_tasks: int, max_tasks: int, span: Span | None, headroom: int | None,
                shares: Shares | None, shapes: ShapesOf) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
    """Task counts and origins in try order: the maximum's plans, the fill plan, the minimum's plans."""
    for tasks in shapes(max_tasks, span):
        yield tasks, ()
    if span is None and shares is not None:
        filled = fill_positions(shares(), min_tasks, max_tasks, headroom)
        if filled is not None:
            yield filled
    if min_tasks < max_tasks:
        for tasks in shapes(min_tasks, span):
            yield tasks, ()


def _plans(min_tasks: int, max_tasks: int, span: Span | None, shape: ClusterShape, headroom: int | None,
           binding: str, shares: Shares | None, shapes: ShapesOf) -> Iterator[Generated]:
    seen: set[tuple[int, ...]] = set()
    number = 0
    for tasks, origins in _candidates(min_tasks, max_tasks, span, headroom, shares, shapes):
        if tasks in seen:
            continue
        seen.add(tasks)
        number += 1
        yield Generated(Plan(number, tasks, origins), _discard_reason(tasks, shape, headroom, binding))
