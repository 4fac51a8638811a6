"""The scheduler state as planning sees it over one interval: a projected usage and hosts ranked for the best fit in
time, given to the allocator to find a reservation's allocation (refsim/sched/profile.py, Profile.projected_state).

Floor: above the scheduler state and the memos a planning state keeps of its own (buckets, verdicts); below the
reservation profile, which builds these states from its holdings (or from its pair arrays' most held amounts)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar, overload

import numpy as np

from refsim.model.cluster import Host
from refsim.model.units import Amount
from refsim.resreq.ast import OrderKey
from refsim.sched.accounting import Usage
from refsim.sched.buckets import Buckets
from refsim.sched.state import SchedulerState
from refsim.sched.verdicts import VerdictMemo

INF = math.inf
T = TypeVar("T")


Fit = tuple[float, float]  # how long a host would stay idle just before and just after a holding
NO_FIT: Fit = (INF, INF)  # a host nothing holds


@dataclass(frozen=True)
class BestFit:
    """Profile.fit() of one interval as two arrays in cluster host order: how long each host would stay idle just
    before it and just after it (infinite for a host nothing holds on that side)."""

    before: np.ndarray
    after: np.ndarray
    hosts: np.ndarray  # the cluster's hosts, in its order (an object array)

    def ranked(self, hosts: tuple[Host, ...], order: tuple[OrderKey, ...]) -> np.ndarray:
        """The positions of `hosts` (the cluster's, in its order) ranked by the order[] keys (each ascending unless
        `-`, as SchedulerState.scan_order ranks them), then by fit, then in cluster order."""
        keys: list[np.ndarray] = [np.arange(len(hosts)), self.after, self.before]
        for key in reversed(order):
            totals = np.array([float(h.total(key.resource)) for h in hosts])
            keys.append(-totals if key.descending else totals)
        return np.lexsort(keys)


class PlanningState(SchedulerState):
    """The scheduler state as planning sees it over one interval [a, b): the projected usage, never the fault
    seam (faults model errors in the decision being made, not in its plan), the real state's path with memos of
    its own (docs/planning.md, "Planning states own their memos"), and hosts scanned in best-fit order: the
    job's order[] keys first, then the host that would stay idle the shortest just before `a`, then just after
    `b`, then the cluster's order (docs/disciplines.md, "Where a backfill reservation goes"). `most`: the
    projected host amounts as arrays, when the projection was computed from them (HeldPairs.most_held)."""

    def __init__(self, state: SchedulerState, usage: Usage, fit: BestFit | None,
                 most: dict[str, np.ndarray] | None = None) -> None:
        # A view of `state` rather than a new one: it shares the cluster, the jobs and the static memos (select
        # matches, plan shapes, scope tables). The memos of answers that depend on usage or on the scan order are
        # its own, never the real state's (docs/planning.md, "Planning states own their memos").
        self.__dict__.update(state.__dict__)
        self.reference_only = not state.fast_path  # a fault plan, the environment switch or a dry run's copy
        self.usage, self.faults = usage, None
        self._fit = fit
        self._ranked: dict[tuple[OrderKey, ...], tuple[Host, ...]] = {}
        self._free_index = state.free_index().planning(ranked=fit is not None, used=most)
        self.buckets, self.verdicts = Buckets(state.cluster), VerdictMemo()

    def scan_order(self, order: tuple[OrderKey, ...]) -> tuple[Host, ...]:
        if self._fit is None:
            return super().scan_order(order)  # nothing is held: every host fits alike
        hosts = self._ranked.get(order)
        if hosts is None:
            ranked = self._fit.ranked(self.cluster.hosts, order)
            hosts = self._ranked[order] = tuple(self._fit.hosts[ranked].tolist())
            self.free_index().rank(order, ranked)  # the same permutation, never worked out again from the hosts
        return hosts


def usage_of(most: dict[str, np.ndarray], position: dict[str, int]) -> Usage:
    """A projected usage from HeldPairs.most_held(): its host tables are made from the arrays as they are read
    (ProjectedTables), since a placement reads only the hosts it judges."""
    usage = Usage()
    usage.host = ProjectedTables(most, position)
    return usage


class ProjectedTables(dict[str, dict[str, Amount]]):
    """Usage.host of a projection on the fast path: a host's table (its nonzero amounts) is made from the arrays of
    HeldPairs.most_held() when first read. Every host of the cluster has one, as `in` says; a host's table is
    read through get(), [] or `in`, where a missing amount is 0, never by iterating the tables (the planning free
    index takes its free amounts from the arrays themselves)."""

    def __init__(self, most: dict[str, np.ndarray], position: dict[str, int]) -> None:
        super().__init__()
        self._most = {resource: held.tolist() for resource, held in most.items()}
        self._position = position

    def __missing__(self, host: str) -> dict[str, Amount]:
        i = self._position[host]
        table: dict[str, Amount] = {r: held[i] for r, held in self._most.items() if held[i]}
        self[host] = table
        return table

    def __contains__(self, host: object) -> bool:
        return host in self._position

    @overload
    def get(self, host: str, default: None = None, /) -> dict[str, Amount] | None: ...

    @overload
    def get(self, host: str, default: dict[str, Amount], /) -> dict[str, Amount]: ...

    @overload
    def get(self, host: str, default: T, /) -> dict[str, Amount] | T: ...

    def get(self, host: str, default: object = None, /) -> object:
        return self[host] if host in self._position else default
