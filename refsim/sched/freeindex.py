"""The fast path's free index: committed free amounts (total - used) per resource, and the candidate hosts of a
demand, the hosts that could accept it.

A candidate is open, matches the select expression (both static, kept per cluster) and has committed free
amounts of at least the demand for every resource. Every other host would be rejected by `judge()`, so a scan
that skips it finds the same host; candidates still go to `judge()`, which makes every comparison (reservations
of the evaluation, host-scoped limits) as the reference path does (docs/planning.md, "Two paths, one semantics").

Floor: below refsim.sched.state, which owns one per cluster version. It imports only refsim.model, refsim.resreq
and refsim.sched.accounting; what it reads of a state (usage, select matches) is passed in.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import numpy as np

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.resources import SLOTS
from refsim.resreq.ast import OrderKey
from refsim.sched.decisions import HostAllocation

if TYPE_CHECKING:
    from collections.abc import Callable

    from refsim.model.units import Amount
    from refsim.resreq.ast import Single
    from refsim.resreq.select import SelectExpr
    from refsim.sched.accounting import Usage

    Demand = tuple[tuple[str, Amount], ...]  # (resource, amount) pairs
    Matches = Callable[[SelectExpr, Host], bool]  # whether a host matches a select expression (select_matches)

# Candidate selection may only over-approximate: a host that judge() accepts must always be a candidate. The
# slack keeps float round-off from ever dropping such a host (or one with a fill share: a share rounds up within
# 1e-9 of the per-task amount, see refsim/sched/fill.py); judge() and host_share() make the exact comparison.
_SLACK = 1e-6


class FreeIndex:
    """Committed free amounts per resource as numpy arrays in cluster host order, synced from the hosts the
    committed usage touched since the last look. One per cluster version. Each array has a list twin with the
    same values (and one of the totals), which the sync reads: a loaded replay touches hosts by the hundred
    thousand, and reading a numpy element costs several times reading a list item."""

    def __init__(self, cluster: Cluster) -> None:
        self.hosts = cluster.hosts
        self.position = {h.name: i for i, h in enumerate(self.hosts)}
        self.names = frozenset(self.position)  # the cluster's host names (static)
        self.open = np.array([h.status is HostStatus.OPEN for h in self.hosts], dtype=bool)
        # every host has one slot, and no limit counts anything (refsim/sched/oneslot.py)
        self.one_slot_hosts = not cluster.limits and all(h.capacities.get(SLOTS) == 1 for h in self.hosts)
        self._totals: dict[str, tuple[np.ndarray, list[float]]] = {}  # capacities per resource, array and list
        self._capacity: dict[str, int] = {}  # whole capacities of the cluster per resource (whole_capacity)
        self._free: dict[str, np.ndarray] = {}
        self._lists: dict[str, tuple[list[float], list[float]]] = {}  # (totals, free) per resource, as lists
        self._open = self.open.tolist()
        self._static: dict[str | None, np.ndarray] = {}
        self._perm: dict[tuple[OrderKey, ...], np.ndarray] = {}
        self._candidates: dict[tuple[object, ...], list[int]] = {}
        self._free_slots: float | None = None
        self._version = -1
        self._ranked = False  # whether scan orders without order[] keys differ from the cluster's (planning)
        self._resources: tuple[str, ...] | None = None
        self._host_array: np.ndarray | None = None
        self._slot_holds: list[HostAllocation] | None = None

    def planning(self, ranked: bool, used: dict[str, np.ndarray] | None = None) -> FreeIndex:
        """A free index of its own for a planning state: the static facts (positions, open hosts, select masks)
        shared with this one, the free amounts, candidates and scan permutations its own, read from the planning
        state's usage. `ranked`: the planning state ranks hosts for best fit, so no scan order is the cluster's.
        `used`: that usage per resource as arrays in cluster host order, when the projection made them (whole
        amounts), so the free amounts of those resources are taken from them rather than read host by host."""
        twin = copy.copy(self)
        twin._free, twin._lists = {}, {}
        twin._perm, twin._candidates = {}, {}
        twin._free_slots, twin._version, twin._ranked = None, -1, ranked
        for resource, held in (used or {}).items():
            totals = twin._totals_of(resource)
            free = totals[0] - held  # as exact as total - used host by host: the amounts are whole
            twin._free[resource] = free
            twin._lists[resource] = (totals[1], free.tolist())
        return twin

    def rank(self, order: tuple[OrderKey, ...], permutation: np.ndarray) -> None:
        """Cluster positions in the scan order of `order`, when the caller ranked the hosts itself (planning)."""
        self._perm[order] = permutation

    def host_array(self) -> np.ndarray:
        """The hosts in cluster order as an object array (static), so that a ranking of their positions picks
        them out at once (planning ranks them at every placement)."""
        if self._host_array is None:
            array = np.empty(len(self.hosts), dtype=object)
            for i, host in enumerate(self.hosts):
                array[i] = host
            self._host_array = array
        return self._host_array

    def slot_holds(self) -> list[HostAllocation]:
        """A slot on each host, in cluster order (static): the one-task positions refsim/sched/oneslot.py places
        share them rather than building one per host per placement."""
        if self._slot_holds is None:
            self._slot_holds = [HostAllocation(h.name, ((SLOTS, 1),)) for h in self.hosts]
        return self._slot_holds

    def whole_capacity(self, resource: str) -> int:
        """What all hosts have of `resource` together, open or not, each host's amount rounded down (static:
        every planning profile asks)."""
        total = self._capacity.get(resource)
        if total is None:
            total = self._capacity[resource] = sum(map(int, self._totals_of(resource)[1]))
        return total

    def totals(self, resource: str) -> np.ndarray:
        """Every host's capacity of `resource` (0 where it has none), in cluster host order (static)."""
        return self._totals_of(resource)[0]

    def resources(self) -> tuple[str, ...]:
        """The resources some host has a capacity of, in the order first met (static)."""
        if self._resources is None:
            self._resources = tuple(dict.fromkeys(r for h in self.hosts for r in h.capacities))
        return self._resources

    def _totals_of(self, resource: str) -> tuple[np.ndarray, list[float]]:
        totals = self._totals.get(resource)  # static: shared with planning twins
        if totals is None:
            total = np.array([float(h.capacities.get(resource, 0)) for h in self.hosts])
            totals = self._totals[resource] = (total, total.tolist())
        return totals

    def _free_of(self, resource: str, used: dict[str, dict[str, Amount]]) -> np.ndarray:
        free = self._free.get(resource)
        if free is None:
            totals = self._totals_of(resource)
            free = totals[0].copy()
            for name, table in used.items():
                i = self.position.get(name)
                if i is not None:
                    free[i] -= table.get(resource, 0)
            self._free[resource] = free
            self._lists[resource] = (totals[1], free.tolist())
        return free

    def sync(self, usage: Usage) -> None:
        """Bring the free arrays up to date with committed usage (only the touched hosts are re-read)."""
        if usage.version == self._version:
            return
        self._candidates.clear()
        position, tables, is_open, touched = self.position, usage.host, self._open, usage.touched
        for resource, free in self._free.items():
            totals, values = self._lists[resource]
            counted = self._free_slots if resource == SLOTS else None
            for name in touched:  # hosts of the cluster (a recorded dispatch naming another host is refused)
                i = position[name]
                # a touched host always has a usage table: _apply() makes one for every host it touches
                value = totals[i] - tables[name].get(resource, 0)
                if counted is not None and is_open[i]:  # max(x, 0.0) of before and after, written out
                    before = values[i]
                    counted = counted - (0.0 if before < 0.0 else before) + (0.0 if value < 0.0 else value)
                values[i] = value
                free[i] = value
            if resource == SLOTS:
                self._free_slots = counted  # slot counts are whole: the count kept stays exact
        usage.touched.clear()
        self._version = usage.version

    def free_slots(self, usage: Usage) -> float:
        """Committed free slots of the open hosts together (a host holding more than it has counts 0), kept up to
        date from the hosts usage touched."""
        self.sync(usage)
        if self._free_slots is None:
            free = self._free_of(SLOTS, usage.host)
            self._free_slots = float(np.maximum(free[self.open], 0.0).sum())
        return self._free_slots

    def static_mask(self, matches: Matches, select: SelectExpr | None) -> np.ndarray:
        """Open hosts that match the select expression (static, so computed once per cluster)."""
        key = select.text if select is not None else None
        mask = self._static.get(key)
        if mask is None:
            mask = self.open.copy()
            if select is not None:
                mask &= np.array([matches(select, h) for h in self.hosts], dtype=bool)
            self._static[key] = mask
        return mask

    def permutation(self, order: tuple[OrderKey, ...], hosts: tuple[Host, ...]) -> np.ndarray | None:
        """Cluster positions in scan order; None when the scan order is the cluster's."""
        if not order and not self._ranked:
            return None
        perm = self._perm.get(order)
        if perm is None:
            perm = self._perm[order] = np.array([self.position[h.name] for h in hosts], dtype=np.intp)
        return perm

    def candidates(self, usage: Usage, matches: Matches, single: Single, resources: Demand,
                   hosts: tuple[Host, ...]) -> list[int]:
        """Scan-order indices of the hosts that could accept `resources`, ascending; memoised per usage version.
        `usage`: the committed usage these free amounts follow; `matches`: the state's select_matches."""
        self.sync(usage)
        key = (single.order, single.select.text if single.select is not None else None, resources)
        found = self._candidates.get(key)
        if found is None:
            mask = self.static_mask(matches, single.select).copy()
            for resource, amount in resources:
                mask &= self._free_of(resource, usage.host) >= amount - _SLACK * max(1.0, abs(amount))
            perm = self.permutation(single.order, hosts)
            found = np.flatnonzero(mask if perm is None else mask[perm]).tolist()
            self._candidates[key] = found
        return found
