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

import copy
import itertools
import os
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind
from refsim.model.resources import SLOTS
from refsim.resreq.ast import OrderKey
from refsim.sched.decisions import Allocation, NoDecision, NoDecisionKind, Pend, PendReason, pend_reason_set, sort_keys
from refsim.sched.events import VerdictKind

if TYPE_CHECKING:
    from refsim.model.units import Amount
    from refsim.resreq.ast import Single
    from refsim.resreq.select import SelectExpr
    from refsim.sched.accounting import Usage
    from refsim.sched.evaluation import Evaluation
    from refsim.sched.events import HostVerdict
    from refsim.sched.hostscan import PositionDemand
    from refsim.sched.state import SchedulerState

    Judge = Callable[[Evaluation, Single, Host, PositionDemand], HostVerdict]
    Demand = tuple[tuple[str, Amount], ...]  # (resource, amount) pairs
    Known = tuple[HostVerdict, frozenset[PendReason] | None]  # a verdict and its pend reasons

_ACCEPTED_KIND = VerdictKind.ACCEPTED
_KEYS = 1 << 16  # bucket keys kept (one per pending job, up to this many)
_TABLES = 256  # verdict tables kept (one per demand shape)
_PER_HOST = 64  # verdicts kept per host (demands x consumers), so the memo never grows with the workload
REFERENCE_ENV = "REFSIM_REFERENCE_PATH"  # set to 1: every job takes the reference path (benchmarks, tests)

# Candidate selection may only over-approximate: a host that judge() accepts must always be a candidate. The
# slack keeps float round-off from ever dropping such a host (or one with a fill share: a share rounds up within
# 1e-9 of the per-task amount, see refsim/sched/fill.py); judge() and host_share() make the exact comparison.
_SLACK = 1e-6


def reference_forced() -> bool:
    """Whether the environment forces the reference path everywhere (REFSIM_REFERENCE_PATH=1)."""
    return os.environ.get(REFERENCE_ENV, "") not in ("", "0")


class FreeIndex:
    """Committed free amounts per resource as numpy arrays in cluster host order, synced from the hosts the
    committed usage touched since the last look. One per cluster version. Each array has a list twin with the
    same values (and one of the totals), which the sync reads: a loaded replay touches hosts by the hundred
    thousand, and reading a numpy element costs several times reading a list item."""

    def __init__(self, cluster: Cluster) -> None:
        self.hosts = cluster.hosts
        self.position = {h.name: i for i, h in enumerate(self.hosts)}
        self.open = np.array([h.status is HostStatus.OPEN for h in self.hosts], dtype=bool)
        self._totals: dict[str, tuple[np.ndarray, list[float]]] = {}  # capacities per resource, array and list
        self._free: dict[str, np.ndarray] = {}
        self._lists: dict[str, tuple[list[float], list[float]]] = {}  # (totals, free) per resource, as lists
        self._open = self.open.tolist()
        self._static: dict[str | None, np.ndarray] = {}
        self._perm: dict[tuple[OrderKey, ...], np.ndarray] = {}
        self._candidates: dict[tuple[object, ...], list[int]] = {}
        self._free_slots: float | None = None
        self._version = -1
        self._ranked = False  # whether scan orders without order[] keys differ from the cluster's (planning)

    def planning(self, ranked: bool) -> FreeIndex:
        """A free index of its own for a planning state: the static facts (positions, open hosts, select masks)
        shared with this one, the free amounts, candidates and scan permutations its own, read from the planning
        state's usage. `ranked`: the planning state ranks hosts for best fit, so no scan order is the cluster's."""
        twin = copy.copy(self)
        twin._free, twin._lists = {}, {}
        twin._perm, twin._candidates = {}, {}
        twin._free_slots, twin._version, twin._ranked = None, -1, ranked
        return twin

    def _free_of(self, resource: str, used: dict[str, dict[str, Amount]]) -> np.ndarray:
        free = self._free.get(resource)
        if free is None:
            totals = self._totals.get(resource)  # static: shared with planning twins
            if totals is None:
                total = np.array([float(h.capacities.get(resource, 0)) for h in self.hosts])
                totals = self._totals[resource] = (total, total.tolist())
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

    def static_mask(self, state: SchedulerState, select: SelectExpr | None) -> np.ndarray:
        """Open hosts that match the select expression (static, so computed once per cluster)."""
        key = select.text if select is not None else None
        mask = self._static.get(key)
        if mask is None:
            mask = self.open.copy()
            if select is not None:
                mask &= np.array([state.select_matches(select, h) for h in self.hosts], dtype=bool)
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

    def candidates(self, state: SchedulerState, single: Single, resources: Demand,
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
            found = np.flatnonzero(mask if perm is None else mask[perm]).tolist()
            self._candidates[key] = found
        return found


class CandidateSource:
    """The fast path's host source for scan_position(): candidate scan indices, cyclically from `start`."""

    def __init__(self, state: SchedulerState) -> None:
        self.state = state

    def fill(self, ev: Evaluation, demand: PositionDemand, start: int, claimed: set[str], count: int,
             judge: Judge) -> list[tuple[Host, int]]:
        """Up to `count` hosts judge() accepts for `demand`, with their scan indices, in cyclic scan order from
        `start`, passing over claimed hosts (placement's _fill_runs says when this equals a scan per position).
        When fewer than `count` hosts are candidates none is judged and none is returned: the run fails."""
        hosts = self.state.scan_order(demand.single.order)
        found = self.state.free_index().candidates(self.state, demand.single, demand.resources, hosts)
        if len(found) < count:  # fewer candidates than positions: judge() cannot accept enough of them
            return []
        first = bisect_left(found, start)
        taken: list[tuple[Host, int]] = []
        single = demand.single
        plain = not demand.terms  # no host-scoped limit term: the check below decides as judge() on an unheld host
        held, used, resources = ev.ledger.host_tables(), ev.state.usage.host, demand.resources
        for indices in (found[first:], found[:first]):
            for index in indices:
                host = hosts[index]
                name = host.name
                if name in claimed:
                    continue
                if plain and name not in held:  # judge()'s checks of total and total - used, inlined
                    capacities, committed = host.capacities, used.get(name)
                    for resource, requested in resources:
                        total = capacities.get(resource, 0)
                        if total < requested or total - (committed.get(resource, 0) if committed else 0) < requested:
                            break
                    else:
                        taken.append((host, index))
                        if len(taken) == count:
                            return taken
                    continue
                if judge(ev, single, host, demand).kinds[0] is not _ACCEPTED_KIND:
                    continue
                taken.append((host, index))
                if len(taken) == count:
                    return taken
        return taken

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
        self._memo: dict[int, tuple[PendReason, ...] | NoDecisionKind] = {}  # by bucket number
        # Allocations of buckets whose job fits at the version, by bucket number: read only by a discipline that
        # holds jobs that fit back (under greedy a fit is committed at once, which moves the version)
        self._fits: dict[int, Allocation] = {}
        self._ids: dict[tuple[object, ...], int] = {}  # bucket numbers by key
        self._numbers = itertools.count()
        self._version = -1
        self._reasons: dict[PendReason, PendReason] = {}
        self._sets: dict[frozenset[PendReason], tuple[PendReason, ...]] = {}
        self._kept = 0  # entries of the sets kept
        # Per job object (by id; the entry holds the job, so the id is not reused under it): [job, key, the last
        # outcome given from the memo, the memo value it stands for], handed out again while the memo gives the same.
        self._jobs: dict[int, list[Any]] = {}
        self.sort_keys = sort_keys()

    def _entry(self, job: Job) -> list[Any]:
        entry = self._jobs.get(id(job))
        if entry is None:
            base = (job.resreq, job.min_tasks, job.max_tasks)
            key = base if not self.kinds else base + tuple(
                job.user if k is ConsumerKind.USER else job.queue if k is ConsumerKind.QUEUE else job.project
                for k in self.kinds)
            bucket = self._ids.get(key)
            if bucket is None:
                if len(self._ids) >= _KEYS:  # bounded; a number is never given to another key
                    self._ids.clear()
                bucket = self._ids[key] = next(self._numbers)
            if len(self._jobs) >= _KEYS:
                self._jobs.clear()
            entry = self._jobs[id(job)] = [job, bucket, None, None]
        return entry

    def key(self, job: Job) -> int:
        """The number of the job's bucket: what the decision of an untraced job depends on besides the state
        (requirement, task counts and the consumer values that some limit reads), numbered so that the memo,
        asked for every pending job of every session, looks up an int rather than hashing a tuple."""
        bucket: int = self._entry(job)[1]
        return bucket

    def known(self, job: Job, version: int) -> Pend | NoDecision | None:
        """The outcome of `job`'s bucket at this version, or None when its bucket has none yet."""
        if version != self._version:  # asked for every pending job of every session
            self._forget(version)
            return None
        entry = self._jobs.get(id(job))
        if entry is None:
            entry = self._entry(job)
        known = self._memo.get(entry[1])
        if known is None:
            return None
        if entry[3] is not known:
            entry[2] = NoDecision(job.id, known) if isinstance(known, NoDecisionKind) else Pend(job.id, known)
            entry[3] = known
        last: Pend | NoDecision = entry[2]
        return last

    def entry(self, job: Job) -> list[Any]:
        """The job's bucket entry, [job, key, last outcome given, the memo value it stands for], for known_run()."""
        return self._entry(job)

    def known_run(self, entries: Iterator[list[Any]], version: int) -> tuple[list[Pend | NoDecision], list[Any] | None]:
        """The outcomes known() gives the jobs of `entries` (bucket entries, see entry()) in turn, up to the first
        whose bucket has none at this version, which is returned too (None when `entries` ran out): a compact
        session's run of bucket hits, at a handful of operations per job. The iterator is left after that entry,
        so a session walks its jobs once. A job's outcome object is handed out again while its bucket's outcome
        is unchanged, so a backlog that pends alike costs no new object."""
        if version != self._version:
            self._forget(version)
            return [], next(entries, None)
        memo_get = self._memo.get
        run: list[Pend | NoDecision] = []
        append = run.append
        for entry in entries:
            known = memo_get(entry[1])
            if known is None:
                return run, entry
            if entry[3] is not known:
                job = entry[0]
                entry[2] = NoDecision(job.id, known) if isinstance(known, NoDecisionKind) else Pend(job.id, known)
                entry[3] = known
            append(entry[2])
        return run, None

    def _forget(self, version: int) -> None:
        self._memo.clear()
        self._fits.clear()
        self._version = version

    def remember(self, key: int, outcome: tuple[PendReason, ...] | NoDecisionKind) -> None:
        self._memo[key] = outcome

    def fit(self, job: Job, version: int) -> Allocation | None:
        """The allocation a job of `job`'s bucket got at this version, when one fitted and was not committed."""
        if version != self._version:
            self._forget(version)
            return None
        return self._fits.get(self._entry(job)[1])

    def remember_fit(self, job: Job, version: int, allocation: Allocation) -> None:
        """`job` fits at this version on `allocation` (a discipline may hold it back, committing nothing)."""
        if version != self._version:
            self._forget(version)
        self._fits[self._entry(job)[1]] = allocation

    def canonical(self, reasons: set[PendReason]) -> tuple[PendReason, ...]:
        """pend_reason_set(reasons), shared with every earlier equal set, each entry shared with every earlier
        equal entry (pend sets of a loaded replay repeat, and repeat hosts)."""
        frozen = frozenset(reasons)
        known = self._sets.get(frozen)
        if known is None:
            table = self._reasons
            if len(table) >= _KEYS or self._kept >= _KEYS:  # bounded, whatever the workload
                table.clear()
                self._sets.clear()
                self._kept = 0
            self._kept += len(frozen)
            known = self._sets[frozen] = tuple([table.setdefault(r, r)
                                                 for r in pend_reason_set(frozen, self.sort_keys)])
        return known


class VerdictTable:
    """One demand's verdicts on every host: the hosts that accept, all pend reasons of the others (a pend reason
    names its host, so hosts never share one), the reasons by host, and the hosts still to judge. A host whose
    usage changes goes back to the hosts still to judge. A host the evaluation reading the table holds something
    on is left unjudged (its verdict would depend on the holding); the scan that reads the table has it claimed.
    A scan in which no unclaimed host accepts visits every host, so its reasons are all of these but the claimed
    hosts'."""

    def __init__(self, hosts: tuple[Host, ...], log_position: int) -> None:
        self.accepting: set[str] = set()
        self.reasons: set[PendReason] = set()
        self.by_host: dict[str, frozenset[PendReason]] = {}
        self.hosts: dict[str, Host] = {h.name: h for h in hosts}
        self.missing: dict[str, Host] = dict(self.hosts)
        self.log_position = log_position

    def forget(self, names: Iterable[str]) -> None:
        """Judge these hosts again at the next read."""
        for name in names:
            host = self.hosts.get(name)
            if host is None or name in self.missing:
                continue
            self.accepting.discard(name)
            old = self.by_host.pop(name, None)
            if old:
                self.reasons.difference_update(old)
            self.missing[name] = host


class VerdictMemo:
    """judge()'s verdicts by host and demand, each kept while the host's committed usage is unchanged, with the
    pend reasons each verdict gives. Used only where the verdict depends on nothing else: no host-scoped limit
    term, nothing held on the host by this evaluation. One per cluster version."""

    def __init__(self) -> None:
        self._memo: dict[str, tuple[int, dict[object, Known]]] = {}
        self._tables: dict[object, VerdictTable] = {}

    def _table(self, ev: Evaluation, demand: PositionDemand, hosts: tuple[Host, ...], judge: Judge) -> VerdictTable:
        """Every host's verdict for a demand at the current usage (see VerdictTable), patched from the usage's log
        of changed hosts: only the hosts that changed since the table was last read are judged again."""
        usage = ev.state.usage
        table = self._tables.get(demand.memo_key)
        if table is None:
            if len(self._tables) >= _TABLES:  # one table per demand shape: bounded, whatever the workload
                self._tables.clear()
            table = self._tables[demand.memo_key] = VerdictTable(hosts, usage.log_end())
        elif table.log_position != usage.log_end():
            changed = usage.changed_since(table.log_position)
            table.forget(table.hosts if changed is None else changed)
            table.log_position = usage.log_end()
        held = ev.ledger.held_hosts()  # kept by the ledger: run_fails() has just asked for it
        for name in [n for n in table.missing if n not in held]:
            verdict, reasons = self.verdict(ev, table.missing.pop(name), demand, judge)
            if verdict.kinds[0] is _ACCEPTED_KIND:
                table.accepting.add(name)
            elif reasons:
                table.reasons.update(reasons)
                table.by_host[name] = reasons
        return table

    def verdict(self, ev: Evaluation, host: Host, demand: PositionDemand, judge: Judge) -> Known:
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

    def run_fails(self, ev: Evaluation, demand: PositionDemand, claimed: set[str], count: int,
                  judge: Judge) -> int | None:
        """Explaining a pend: whether a run of `count` positions with this demand cannot all be filled, decided
        from the demand's verdict table. If it cannot, its positions claim every accepting host in turn and the
        next one scans every unclaimed host and fails; the hosts the earlier positions passed over are among
        those, so the run's reasons are all the table's but the claimed hosts'. Those go to `ev.host_reasons`, and
        the failing position's place in the run (from 1) is returned; None when the run can be filled (or the
        table does not apply), and then its positions are scanned one by one. The claims a failed run would make
        are released with its plan, so they are not made."""
        if demand.memo_key is None or not ev.ledger.held_hosts() <= claimed:
            return None
        table = self._table(ev, demand, ev.state.scan_order(demand.single.order), judge)
        free = len(table.accepting) - len(table.accepting & claimed)
        if free >= count or not table.missing.keys() <= claimed:
            return None
        found = ev.host_reasons
        found.update(table.reasons)
        for name in claimed:
            found.difference_update(table.by_host.get(name, ()))
        return free + 1

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
