"""The fast path for untraced jobs: the same decisions as the reference path, reached with less work.

The reference path (every host judged, every rejection kept) defines behaviour; traced jobs and runs with a
fault plan always take it. An untraced job in a run without faults takes the fast path, which changes only
*which hosts reach the judge* and *whether an identical question is asked twice*:

- **Candidate hosts.** A position's scan visits, in the same cyclic scan order from the same start, only the
  hosts that could accept: open, matching the select expression, and with committed free amounts (total - used)
  of at least the demand for every resource. Everything else would be rejected by `judge()`, so skipping it
  finds the same host. Candidates still go to `judge()`, which makes every comparison (reservations of this
  evaluation, host-scoped limits) exactly as the reference path does.
- **Explain only on a pend.** Skipped hosts leave no verdicts, so when the job does not dispatch, the allocator
  runs the reference evaluation to collect the pend reasons. In that evaluation a host's verdict for a demand is
  kept while the host's committed usage is unchanged, when no limit reads the host and the evaluation holds
  nothing on it (then nothing else reaches the verdict), so it is judged once, not once per pend.
- **Job buckets.** Without faults or an observer a decision depends only on the job's requirement, task counts
  and the consumer values some limit reads, and on the scheduler state. A job of a bucket that pended (or got no
  reason) at an unchanged state version gets the same outcome without any scan. The version moves whenever
  committed usage or the cluster changes, so the bucket memo is exact, within a session and across sessions.

docs/planning.md describes both paths; tests/property/test_fast_path.py compares them decision by decision.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind
from refsim.model.units import Amount
from refsim.resreq.ast import OrderKey, Single
from refsim.sched.decisions import NoDecisionKind, PendReason
from refsim.sched.events import HostVerdict, VerdictKind

if TYPE_CHECKING:  # these import this module
    from refsim.resreq.select import SelectExpr
    from refsim.sched.accounting import Usage
    from refsim.sched.evaluation import Evaluation
    from refsim.sched.hostscan import PositionDemand
    from refsim.sched.state import SchedulerState

    Judge = Callable[[Evaluation, Single, Host, PositionDemand], HostVerdict]
_Known = tuple[HostVerdict, frozenset[PendReason] | None]  # a verdict and its pend reasons (None: it has none)
# (version, accepting host names, all their pend reasons, pend reasons by host, hosts not yet judged)
_Table = tuple[int, set[str], set[PendReason], dict[str, frozenset[PendReason]], dict[str, Host]]

_ACCEPTED_KIND = VerdictKind.ACCEPTED
_PER_HOST = 64  # verdicts kept per host (demands x consumers), so the memo never grows with the workload
REFERENCE_ENV = "REFSIM_REFERENCE_PATH"  # set to 1: every job takes the reference path (benchmarks, tests)

# Candidate selection may only over-approximate: a host that judge() accepts must always be a candidate. The
# slack keeps float round-off in numpy's sums from ever dropping such a host; judge() makes the exact comparison.
_SLACK = 1e-9


def reference_forced() -> bool:
    """Whether the environment forces the reference path everywhere (REFSIM_REFERENCE_PATH=1)."""
    return os.environ.get(REFERENCE_ENV, "") not in ("", "0")


class FreeIndex:
    """Committed free amounts per resource as numpy arrays in cluster host order, synced from the hosts the
    committed usage touched since the last look. One per cluster version."""

    def __init__(self, cluster: Cluster) -> None:
        self.hosts = cluster.hosts
        self.position = {h.name: i for i, h in enumerate(self.hosts)}
        self.open = np.array([h.status is HostStatus.OPEN for h in self.hosts], dtype=bool)
        self._totals: dict[str, NDArray[np.float64]] = {}
        self._free: dict[str, NDArray[np.float64]] = {}
        self._static: dict[str | None, NDArray[np.bool_]] = {}
        self._perm: dict[tuple[OrderKey, ...], NDArray[np.intp]] = {}
        self._candidates: dict[Hashable, list[int]] = {}
        self._version = -1

    def _free_of(self, resource: str, used: dict[str, dict[str, Amount]]) -> NDArray[np.float64]:
        free = self._free.get(resource)
        if free is None:
            total = np.array([float(h.capacities.get(resource, 0)) for h in self.hosts])
            free = total.copy()
            for name, table in used.items():
                i = self.position.get(name)
                if i is not None:
                    free[i] -= table.get(resource, 0)
            self._totals[resource], self._free[resource] = total, free
        return free

    def sync(self, usage: Usage) -> None:
        """Bring the free arrays up to date with committed usage (only the touched hosts are re-read)."""
        if usage.version == self._version:
            return
        self._candidates.clear()
        for name in usage.touched:
            i = self.position.get(name)
            if i is None:
                continue
            table = usage.host.get(name) or {}
            for resource, free in self._free.items():
                free[i] = self._totals[resource][i] - table.get(resource, 0)
        usage.touched.clear()
        self._version = usage.version

    def static_mask(self, state: SchedulerState, select: SelectExpr | None) -> NDArray[np.bool_]:
        """Open hosts that match the select expression (static, so computed once per cluster)."""
        key = select.text if select is not None else None
        mask = self._static.get(key)
        if mask is None:
            mask = self.open.copy()
            if select is not None:
                mask &= np.array([state.select_matches(select, h) for h in self.hosts], dtype=bool)
            self._static[key] = mask
        return mask

    def permutation(self, order: tuple[OrderKey, ...], hosts: tuple[Host, ...]) -> NDArray[np.intp] | None:
        """Cluster positions in scan order; None when the scan order is the cluster's."""
        if not order:
            return None
        perm = self._perm.get(order)
        if perm is None:
            perm = self._perm[order] = np.array([self.position[h.name] for h in hosts], dtype=np.intp)
        return perm

    def candidates(self, state: SchedulerState, single: Single, resources: tuple[tuple[str, Amount], ...],
                   hosts: tuple[Host, ...]) -> list[int]:
        """Scan-order indices of the hosts that could accept `resources`, ascending; memoised per usage version."""
        usage = state.usage
        self.sync(usage)
        key = (single.order, single.select.text if single.select is not None else None, resources)
        found = self._candidates.get(key)
        if found is None:
            mask = self.static_mask(state, single.select).copy()
            for resource, amount in resources:
                mask &= self._free_of(resource, usage.host) >= amount - _SLACK * max(1.0, abs(amount))
            perm = self.permutation(single.order, hosts)
            found = self._candidates[key] = np.flatnonzero(mask if perm is None else mask[perm]).tolist()
        return found


class CandidateSource:
    """The fast path's host source for scan_position(): candidate scan indices, cyclically from `start`."""

    def __init__(self, state: SchedulerState) -> None:
        self.state = state

    def indices(self, demand: PositionDemand, hosts: tuple[Host, ...], start: int) -> Iterator[int]:
        found = self.state.free_index().candidates(self.state, demand.single, demand.resources, hosts)
        first = bisect_left(found, start)
        yield from found[first:]
        yield from found[:first]


def every_host(start: int, count: int) -> Iterator[int]:
    """The reference path's host source: every scan index, cyclically from `start`."""
    for step in range(count):
        yield (start + step) % count


class Buckets:
    """Outcomes of jobs that did not dispatch, by bucket, valid while the state version is unchanged."""

    def __init__(self, cluster: Cluster) -> None:
        self.kinds = tuple(kind for kind in (ConsumerKind.USER, ConsumerKind.QUEUE, ConsumerKind.PROJECT)
                           if any(c.kind is kind for lim in cluster.limits for c in lim.consumers))
        self._memo: dict[tuple[str | int, ...], tuple[PendReason, ...] | NoDecisionKind] = {}
        self._version = -1
        self._reasons: dict[PendReason, PendReason] = {}

    def key(self, job: Job) -> tuple[str | int, ...]:
        """What the decision of an untraced job depends on besides the state: requirement, task counts and the
        consumer values that some limit reads."""
        values = {ConsumerKind.USER: job.user, ConsumerKind.QUEUE: job.queue, ConsumerKind.PROJECT: job.project}
        return (job.resreq, job.min_tasks, job.max_tasks) + tuple(values[k] for k in self.kinds)

    def get(self, key: tuple[str | int, ...], version: int) -> tuple[PendReason, ...] | NoDecisionKind | None:
        if version != self._version:
            self._memo.clear()
            self._version = version
        return self._memo.get(key)

    def remember(self, key: tuple[str | int, ...], outcome: tuple[PendReason, ...] | NoDecisionKind) -> None:
        self._memo[key] = outcome

    def intern(self, reasons: tuple[PendReason, ...]) -> tuple[PendReason, ...]:
        """The reason set with each entry shared with every earlier equal entry (pend sets repeat hosts)."""
        table = self._reasons
        return tuple([table.setdefault(r, r) for r in reasons])


class VerdictMemo:
    """judge()'s verdicts by host and demand, each kept while the host's committed usage is unchanged, with the
    pend reasons each verdict gives. Used only where the verdict depends on nothing else: no host-scoped limit
    term, nothing held on the host by this evaluation. One per cluster version."""

    def __init__(self) -> None:
        self._memo: dict[str, tuple[int, dict[Hashable, _Known]]] = {}
        self._tables: dict[Hashable, _Table] = {}
        self._tables_version = -1

    def _table(self, ev: Evaluation, demand: PositionDemand, hosts: tuple[Host, ...], judge: Judge) -> _Table:
        """Every host's verdict for a demand at this usage version: [version, accepting host names, all their pend
        reasons, pend reasons by host, hosts not yet judged]. A host this evaluation holds something on is left
        unjudged (its verdict would depend on the holding); the scan that reads the table has it claimed. A scan
        in which no unclaimed host accepts visits every host, so its reasons are all of these but the claimed
        hosts'."""
        version = ev.state.usage.version
        if self._tables_version != version:  # tables hold only the current version: memory stays bounded
            self._tables.clear()
            self._tables_version = version
        table = self._tables.get(demand.memo_key)
        if table is None:
            table = self._tables[demand.memo_key] = (version, set(), set(), {}, {h.name: h for h in hosts})
        missing = table[4]
        if missing:
            held = ev.ledger.held_hosts()
            for name in [n for n in missing if n not in held]:
                verdict, reasons = self.verdict(ev, missing.pop(name), demand, judge)
                if verdict.kinds[0] is _ACCEPTED_KIND:
                    table[1].add(name)
                elif reasons:
                    table[2].update(reasons)
                    table[3][name] = reasons
        return table

    def verdict(self, ev: Evaluation, host: Host, demand: PositionDemand, judge: Judge) -> _Known:
        """(verdict, its pend reasons or None when it has none)."""
        held = ev.ledger.host_table(host.name)
        if demand.memo_key is None or (held and any(held.values())):
            verdict = judge(ev, demand.single, host, demand)
            return verdict, (self._pend_reasons(verdict) if verdict.reasons else None)
        stamp = ev.state.usage.host_stamp(host.name)
        entry = self._memo.get(host.name)
        if entry is None or entry[0] != stamp or len(entry[1]) >= _PER_HOST:
            entry = self._memo[host.name] = (stamp, {})
        known = entry[1].get(demand.memo_key)
        if known is None:
            verdict = judge(ev, demand.single, host, demand)
            known = entry[1][demand.memo_key] = (verdict, self._pend_reasons(verdict) if verdict.reasons else None)
        return known

    @staticmethod
    def _pend_reasons(verdict: HostVerdict) -> frozenset[PendReason]:
        from refsim.sched.hostscan import pend_reasons  # the one mapping from verdicts to pend reasons
        return frozenset(pend_reasons(verdict))

    def scan(self, ev: Evaluation, demand: PositionDemand, hosts: tuple[Host, ...], steps: Iterator[int],
             claimed: set[str], judge: Judge) -> tuple[Host, int] | None:
        """scan_position() while explaining a pend (no observer, no faults): the same hosts judged in the same
        order with the same result; a claimed host, which has no reasons, is passed over. The pend reasons of
        each rejection go straight to `ev.host_reasons`."""
        found = ev.host_reasons
        if demand.memo_key is None:  # a limit counter spans hosts: nothing is kept, every verdict is judged afresh
            for index in steps:
                host = hosts[index]
                if host.name in claimed:
                    continue
                verdict, reasons = self.verdict(ev, host, demand, judge)
                if verdict.kinds[0] is _ACCEPTED_KIND:
                    return host, index
                if reasons:
                    found.update(reasons)
            return None
        if ev.ledger.held_hosts() <= claimed:
            table = self._table(ev, demand, hosts, judge)
            if table[1] <= claimed and table[4].keys() <= claimed:
                # no host that is not claimed accepts: the scan judges them all and fails
                found.update(table[2])
                for name in claimed:
                    found.difference_update(table[3].get(name, ()))
                return None
        memo, key, held_on, stamp_of = self._memo, demand.memo_key, ev.ledger.host_table, ev.state.usage.host_stamp
        for index in steps:
            host = hosts[index]
            name = host.name
            if name in claimed:
                continue
            held = held_on(name)
            entry = memo.get(name)
            if held or entry is None or entry[0] != stamp_of(name):
                verdict, reasons = self.verdict(ev, host, demand, judge)
            else:
                known = entry[1].get(key)
                verdict, reasons = known if known is not None else self.verdict(ev, host, demand, judge)
            if verdict.kinds[0] is _ACCEPTED_KIND:
                return host, index
            if reasons:
                found.update(reasons)
        return None
