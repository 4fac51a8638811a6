"""The scheduler's state between sessions: the cluster, the jobs it knows, their scheduling objects and the
committed usage. Owned by whoever drives the scheduler (the simulator or live mode), never global.

The state also decides each job's path. The reference path (every host judged, every rejection kept) defines
behaviour; traced jobs and runs with a fault plan always take it. An untraced job in a run without faults takes
the fast path, which changes only *which hosts reach the judge* (refsim/sched/freeindex.py, candidates.py) and
*whether an identical question is asked twice* (buckets.py, verdicts.py); the state owns the free index, the job
buckets and the verdict memo of its cluster version. docs/planning.md describes both paths;
tests/property/test_fast_path.py compares them decision by decision.
"""

from __future__ import annotations

import copy
import os
from typing import Any
from bisect import bisect_left, bisect_right

import numpy as np

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind, Limit
from refsim.resreq import Requirement, ResreqError, parse_requirement
from refsim.resreq.ast import OrderKey
from refsim.resreq.select import SelectExpr
from refsim.sched.accounting import Usage
from refsim.sched.buckets import Buckets
from refsim.sched.decisions import Allocation
from refsim.sched.faults import FaultPlan
from refsim.sched.freeindex import FreeIndex
from refsim.sched.limits import scope_key
from refsim.sched.picker import Fcfs
from refsim.sched.planner import ClusterShape, ShapeMemo
from refsim.sched.verdicts import VerdictMemo

REFERENCE_ENV = "REFSIM_REFERENCE_PATH"  # set to 1: every job takes the reference path (benchmarks, tests)


def reference_forced() -> bool:
    """Whether the environment forces the reference path everywhere (REFSIM_REFERENCE_PATH=1)."""
    return os.environ.get(REFERENCE_ENV, "") not in ("", "0")


class SchedulerState:
    def __init__(self, cluster: Cluster, faults: FaultPlan | None = None, reference_only: bool | None = None) -> None:
        self.cluster = cluster
        self.faults = faults
        # Untraced jobs take the fast path unless a fault plan is attached or the reference path is forced
        # (REFSIM_REFERENCE_PATH=1, for benchmarks and differential tests).
        self.reference_only = reference_forced() if reference_only is None else reference_only
        # False while the caller reads no pend's reasons (a bulk replay): the fast path may then leave a plain job's
        # pend on a one-slot cluster unexplained (refsim/sched/allocator.py, _fast)
        self.explains_pends = True
        self.usage = Usage()
        self.jobs: dict[JobId, Job] = {}
        self.requirements: dict[JobId, Requirement | None] = {}
        self.parse_errors: dict[JobId, str] = {}
        self.pending: dict[JobId, Job] = {}  # pending jobs in submission order (always a part of `jobs`)
        # when each host's last holding ended (a job that finished or was removed there): planning's best fit in
        # time counts a host's idle time from it (docs/disciplines.md, "Where a backfill reservation goes")
        self.idle_since: dict[str, float] = {}
        self._idle_times: np.ndarray | None = None  # idle_since by cluster position (idle_times), kept up by ends
        self._select_cache: dict[str, dict[str, bool]] = {}
        self._order_cache: dict[tuple[OrderKey, ...], tuple[Host, ...]] = {}
        self._shape: ClusterShape | None = None
        self._host_scopes: dict[tuple[str, ...], dict[str, str]] = {}
        self._cluster_changes = 0
        self._free_index: FreeIndex | None = None
        # The pending jobs in FCFS order with their sort keys, kept in order as jobs arrive and leave (None until
        # a session asks, and again after a cluster change, which may change queue priorities)
        self._queue: list[Job] | None = None
        self._queue_keys: list[tuple[object, ...]] = []
        self._queue_entries: list[list[Any]] = []  # each queued job's bucket entry (Buckets.entry)
        self.removals = 0  # moves whenever a job is taken out of `jobs`: a session's selected jobs stay known else
        self.buckets = Buckets(cluster)
        self.verdicts = VerdictMemo()
        self.plan_shapes = ShapeMemo()  # task counts of plans by size and span: static, shared by copies

    @property
    def fast_path(self) -> bool:
        """Whether untraced jobs may take the fast path."""
        return self.faults is None and not self.reference_only

    @property
    def version(self) -> int:
        """Moves whenever committed usage or the cluster changes: the decisions of a job depend on nothing else."""
        return self.usage.version + self._cluster_changes

    def free_index(self) -> FreeIndex:
        if self._free_index is None:
            self._free_index = FreeIndex(self.cluster)
        return self._free_index

    def copy(self) -> SchedulerState:
        """A copy for a dry run: committed usage and the job tables are copied, so nothing done to the copy reaches
        this state. The cluster, the jobs and their parsed requirements are immutable and shared, and so are the
        memos of static answers (select matches, scan orders), which any copy would compute alike."""
        twin = copy.copy(self)
        twin.usage = copy.deepcopy(self.usage)
        twin.jobs, twin.requirements = dict(self.jobs), dict(self.requirements)
        twin.parse_errors, twin.pending = dict(self.parse_errors), dict(self.pending)
        twin.idle_since, twin._idle_times = dict(self.idle_since), None
        twin.reference_only = True  # the fast path's memos are this state's, shared by the shallow copy
        twin._queue, twin._queue_keys, twin._queue_entries = None, [], []
        return twin

    def submit(self, job: Job) -> None:
        """Accept a job; a requirement that does not parse leaves it without a scheduling object."""
        if job.id in self.jobs:
            raise ValueError(f"job {job.id} was already submitted")
        self.jobs[job.id] = job
        try:
            self.requirements[job.id] = parse_requirement(job.resreq)
        except ResreqError as exc:
            self.requirements[job.id] = None
            self.parse_errors[job.id] = str(exc)
        self.pending[job.id] = job
        if self._queue is not None:
            key = _FCFS.sort_key(job, self.cluster)
            at = bisect_right(self._queue_keys, key)
            self._queue_keys.insert(at, key)
            self._queue.insert(at, job)
            self._queue_entries.insert(at, self.buckets.entry(job))

    def _leave(self, job_id: JobId) -> None:
        """The job is pending no more."""
        job = self.pending.pop(job_id, None)
        if job is not None and self._queue is not None:
            at = bisect_left(self._queue_keys, _FCFS.sort_key(job, self.cluster))
            assert self._queue[at] is job  # keys are unique: they end with the job id
            del self._queue[at], self._queue_keys[at], self._queue_entries[at]

    def fcfs_queue(self) -> tuple[list[Job], list[list[Any]]]:
        """The pending jobs in FCFS order (pick_order under Fcfs) and their bucket entries (Buckets.entry), kept in
        order as jobs arrive and leave rather than sorted every session. Copies: a session changes the state."""
        if self._queue is None:
            keyed = sorted(((_FCFS.sort_key(job, self.cluster), job) for job in self.pending.values()),
                           key=lambda pair: pair[0])
            self._queue_keys = [key for key, _ in keyed]
            self._queue = [job for _, job in keyed]
            self._queue_entries = [self.buckets.entry(job) for job in self._queue]
        return list(self._queue), list(self._queue_entries)

    def dispatched(self, job: JobId, allocation: Allocation) -> None:
        self.usage.commit(job, allocation)
        self._leave(job)

    def finish(self, job: JobId, at: float | None = None) -> Allocation | None:
        """A running job ended (`at`: when, which best fit in time reads; None when the caller keeps no time)."""
        return self._release(job, at)

    def remove(self, job: JobId, at: float | None = None) -> None:
        """Take a job out of scheduling; a running job's usage is released (`at`: when, as for finish)."""
        self._leave(job)
        self.removals += 1
        self._release(job, at)
        self.jobs.pop(job, None)

    def _release(self, job: JobId, at: float | None) -> Allocation | None:
        """Release a running job's usage (None when it holds none); its hosts are idle from `at` when given."""
        allocation = self.usage.release(job)
        if allocation is not None and at is not None:
            for host in allocation.hosts:
                self.idle_since[host.host] = at
            times = self._idle_times
            if times is not None:
                position = self.free_index().position
                for host in allocation.hosts:
                    if host.host in position:
                        times[position[host.host]] = at
        return allocation

    def idle_times(self) -> np.ndarray:
        """idle_since by cluster position (the free index's), -inf for a host nothing has left: planning reads it
        at every placement. Kept up at each end; made again only after a cluster change."""
        if self._idle_times is None:
            position = self.free_index().position
            times = np.full(len(position), -np.inf)
            for host, at in self.idle_since.items():
                if host in position:
                    times[position[host]] = at
            self._idle_times = times
        return self._idle_times

    def set_cluster(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self._select_cache.clear()
        self._order_cache.clear()
        self._shape = None
        self._host_scopes.clear()
        self._cluster_changes += 1
        self._free_index = None
        self._idle_times = None  # by the positions of the old cluster's free index
        self._queue = None
        self.buckets = Buckets(cluster)
        self.verdicts = VerdictMemo()

    def shape(self) -> ClusterShape:
        """Open hosts and their slots, as plan generation needs them; recomputed when the cluster changes."""
        if self._shape is None:
            self._shape = ClusterShape.of(self.cluster)
        return self._shape

    def host_scopes(self, limit: Limit, consumer: dict[ConsumerKind, str]) -> dict[str, str]:
        """The memo of a host-scoped limit's scope instances by host, for one consumer: every host scan asks."""
        key = scope_key(limit, consumer)
        table = self._host_scopes.get(key)
        if table is None:
            table = self._host_scopes[key] = {}
        return table

    def select_matches(self, select: SelectExpr, host: Host) -> bool:
        """Select expressions see only static host data, so each host's answer is computed once."""
        cache = self._select_cache.get(select.text)
        if cache is None:
            cache = self._select_cache[select.text] = {}
        answer = cache.get(host.name)
        if answer is None:
            answer = cache[host.name] = select.matches(host)
        return answer

    def scan_order(self, order: tuple[OrderKey, ...]) -> tuple[Host, ...]:
        """Hosts in scan order: the cluster's order, stably sorted by the requirement's order[] keys (totals)."""
        hosts = self._order_cache.get(order)
        if hosts is None:
            ranked = list(self.cluster.hosts)
            for key in reversed(order):
                ranked.sort(key=lambda h: h.total(key.resource), reverse=key.descending)
            hosts = self._order_cache[order] = tuple(ranked)
        return hosts


_FCFS = Fcfs()
