"""Conservative's bulk sessions on one-slot hosts, worked out at once by a compiled kernel (refsim/sched/slotkernel.py)
rather than walked job by job (docs/planning.md, "Fifteenth pass").

A bulk session reads only its starts (refsim/sched/session.py). Where every pending job is plain (one task count,
no requirement string) with a run limit, on a cluster of open one-slot hosts with no limit, and every running job
holds one slot on each of its hosts, conservative's walk makes its choices from slot counts and the hosts' holdings
alone (refsim/sched/oneslot.py, slotplan.py, profile.py). The kernel makes the same choices over arrays, and this
module turns the session into them and its starts back into dispatches. Anywhere else, and on the reference path,
it declines (None) and the session is walked.

Floor: above the scheduler state, the one-slot placement and the profile's planned ends; below the conservative
discipline, its one user. The kernel (and numba with it) is imported only when a session first qualifies."""

from __future__ import annotations

import math
from operator import attrgetter
from typing import Any, cast

import numpy as np

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch
from refsim.sched.oneslot import ONE_SLOT, on_positions, plain_tasks
from refsim.sched.profile import StartOf, held_until
from refsim.sched.results import Ruling, StartRule
from refsim.sched.state import SchedulerState

INF = math.inf
_RULINGS = {1: Ruling(StartRule.HEAD), 2: Ruling(StartRule.PLANNED_NOW)}  # slotkernel.HEAD, slotkernel.PLANNED_NOW

_MIN_TASKS, _MAX_TASKS = attrgetter("min_tasks"), attrgetter("max_tasks")
_RUN_LIMIT, _RESREQ = attrgetter("run_limit"), attrgetter("resreq")

# The fewest waiting jobs of a session the kernel works out: a shorter queue is walked, where the walk's plans kept
# across sessions cost less than handing the session to the kernel (docs/planning.md, "Fifteenth pass").
SHORTEST = 16

Start = tuple[int, Dispatch, Ruling]  # a job's index in the session's order, its dispatch and ruling


class SlotSessions:
    """The compiled bulk sessions of one replay: the running jobs' holdings and the kernel's scratch arrays, kept from
    one session to the next (the scratch grown as queues grow), and what the kernel did, counted."""

    def __init__(self, shortest: int = SHORTEST) -> None:
        self.shortest = shortest  # the fewest waiting jobs of a session worked out (a shorter queue is walked)
        self._depth = 16  # holdings per host the kernel makes room for
        self._room = (np.empty(0), np.empty(0), np.empty(0, np.int64))
        self._plan: tuple[np.ndarray, ...] = (np.empty(0), np.empty(0), np.empty(0, np.int64),
                                              np.empty((0, 0), np.int64))
        self._planned = np.empty(0, np.int64)
        self._planned_from: list[Job] = []  # the order of the last session worked out, and its reservation count
        self._reserved = 0
        self._kernel: Any = None
        self._running = _Running()
        self._queue = _Queue()
        self.ran = 0  # sessions the kernel worked out
        self.tally = np.zeros(3, np.int64)  # its placements on hosts, trials placing reservations again, moves

    def starts(self, state: SchedulerState, now: float, start_of: StartOf, order: list[Job]) -> list[Start] | None:
        """The starts of a bulk conservative session over `order` (the picker's), in order, none committed; None
        when the session does not qualify (see the module's docstring) and is to be walked."""
        self._reserved, self._planned_from = 0, order
        index = state.free_index()
        if len(order) < self.shortest or not (state.fast_path and index.one_slot_hosts and index.open.all()):
            return None
        jobs = self._queue.arrays(state, order)
        if jobs is None:
            return None
        tasks, length = jobs
        if not order or index.free_slots(state.usage) < tasks.min():
            return []  # a task takes a slot: no job fits now, so none starts and each pends (plain, in bulk)
        running = self._running.holds(state, now, start_of)
        if running is None:
            return None
        run_start, run_end = running
        if _too_short(now, run_end, length):
            return None
        if self._kernel is None:
            from refsim.sched import slotkernel  # numba compiles (or loads its cache) once per process
            self._kernel = slotkernel.plan_session
        hosts = len(index.hosts)
        room, plan, planned = self._arrays(hosts, len(order))
        started, rule = np.empty(hosts, np.int64), np.empty(hosts, np.int64)  # each start takes a host free now
        started_hosts = np.empty(hosts, np.int64)
        # the real state's scan order (no order[] keys), where the allocator finds a fitting job's first free hosts
        scan = index.permutation((), state.scan_order(()))
        if scan is None:  # the cluster's order
            scan = np.arange(hosts)
        count, self._depth, self._reserved = self._kernel(
            now, run_start, run_end, state.idle_times(), scan, tasks, length, room, self._depth, plan, planned,
            started, rule, started_hosts, self.tally)
        self.ran += 1
        self._queue.started(started[:count])
        result: list[Start] = []
        at = 0
        for k in range(count):
            job = order[int(started[k])]
            n = job.min_tasks
            allocation = on_positions(index, started_hosts[at:at + n].tolist())
            result.append((int(started[k]), Dispatch(job.id, allocation), _RULINGS[int(rule[k])]))
            at += n
        return result

    def _arrays(self, hosts: int, jobs: int) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray],
                                                     tuple[np.ndarray, ...], np.ndarray]:
        """The kernel's scratch: room for `depth` holdings per host (the most a session took yet; the kernel makes
        more within a session that needs it), and the plan's rows (a reservation per job at most)."""
        if self._room[0].shape[0] < hosts * self._depth:
            size = hosts * self._depth
            self._room = (np.empty(size), np.empty(size), np.empty(size, np.int64))
        if self._plan[3].shape[0] < jobs or self._plan[3].shape[1] != hosts:
            rows = max(64, 2 * jobs)
            self._plan = (np.empty(rows), np.empty(rows), np.empty(rows, np.int64), np.empty((rows, hosts), np.int64))
            self._planned = np.empty(rows, np.int64)
        return self._room, self._plan, self._planned

    def last_plan(self) -> list[tuple[JobId, float, float, tuple[int, ...]]]:
        """The reservations of the last session worked out, in the order made: each job, its planned start and
        end, and the cluster positions of its hosts (for tests and diagnostics: a bulk session reads none)."""
        starts, ends, tasks, hosts = self._plan
        order = self._planned_from
        return [(order[int(self._planned[r])].id, float(starts[r]), float(ends[r]), tuple(hosts[r, :tasks[r]].tolist()))
                for r in range(self._reserved)]


class _Queue:
    """The waiting jobs' task counts and run limits as arrays, kept from one session worked out to the next. A
    session's order is the last one less the jobs it started, then the arrivals (FCFS): that is checked job by job
    (by identity, C-speed), and only the arrivals are read; any other order (a session walked between, a removal, a
    job of higher priority ahead) is read whole."""

    def __init__(self) -> None:
        self._jobs: list[Job] = []
        self._tasks, self._limits = np.empty(0, np.int64), np.empty(0)

    def arrays(self, state: SchedulerState, order: list[Job]) -> tuple[np.ndarray, np.ndarray] | None:
        """The task counts and holds of `order`, or None when a job is not plain or has no run limit."""
        kept = len(self._jobs)
        if kept and len(order) >= kept and order[:kept] == self._jobs:
            arrivals = _read(state, order[kept:])
            if arrivals is not None:
                self._jobs = list(order)  # its own: started() takes jobs out of it
                self._tasks = np.concatenate((self._tasks, arrivals[0]))
                self._limits = np.concatenate((self._limits, arrivals[1]))
                return self._tasks, self._limits
        whole = _read(state, order)
        self._jobs, (self._tasks, self._limits) = ([], (np.empty(0, np.int64), np.empty(0))) if whole is None \
            else (list(order), whole)
        return whole

    def started(self, indices: np.ndarray) -> None:
        """Take out the jobs a session started (their indices in its order, ascending)."""
        for i in indices[::-1].tolist():
            del self._jobs[i]
        self._tasks, self._limits = np.delete(self._tasks, indices), np.delete(self._limits, indices)


def _too_short(now: float, run_end: np.ndarray, length: np.ndarray) -> bool:
    """Whether a job's run could be too short to tell its end from its start at the latest instant the session can
    plan it (the last running end, then every run in turn: each start is now or an end). The kernel's rows hold
    holdings of positive length only, so such a session is walked."""
    finite = run_end[np.isfinite(run_end)]
    latest = max(now, float(finite.max()) if finite.size else now) + float(length.sum())
    return bool(length.min() <= 2 * np.spacing(latest))  # twice: the sum may round past a power of two


def _read(state: SchedulerState, jobs: list[Job]) -> tuple[np.ndarray, np.ndarray] | None:
    """The task counts and holds of `jobs`, or None when one is not plain or has no run limit. Read a field at a time
    (a loaded replay reads thousands of jobs): a job without a requirement string is plain when its task count is
    one number, and any other is asked of its parsed requirement."""
    lows = list(map(_MIN_TASKS, jobs))
    given: list[float | None] = list(map(_RUN_LIMIT, jobs))
    if None in given or lows != list(map(_MAX_TASKS, jobs)):
        return None
    if any(map(_RESREQ, jobs)) and not all(plain_tasks(state, job, state.requirements.get(job.id)) is not None
                                           for job in jobs):
        return None
    return np.array(lows, np.int64), np.array(cast(list[float], given), np.float64)  # each positive (Job says so)


class _Running:
    """Each host's running holding as the profile holds it (Profile.__init__, Profile._end): from the job's start
    until held_until(), but never ending before just after now. Kept up from one
    session to the next by the jobs that started and ended since, each job's hosts worked out once."""

    def __init__(self) -> None:
        self._position: dict[str, int] | None = None  # the free index's, for which the arrays are kept
        self._jobs: dict[JobId, tuple[Allocation, Job | None, np.ndarray]] = {}
        self._start, self._end = np.empty(0), np.empty(0)
        self._busy = np.empty(0, bool)

    def holds(self, state: SchedulerState, now: float, start_of: StartOf) -> tuple[np.ndarray, np.ndarray] | None:
        """(start, end) per cluster position, -inf where nothing runs; None (nothing kept) when a running job holds
        anything but one slot on each of its hosts, shares a host with another, or has no known start."""
        position = state.free_index().position
        if position is not self._position:
            self._position, self._jobs = position, {}
            self._start, self._end = np.full(len(position), -INF), np.full(len(position), -INF)
            self._busy = np.zeros(len(position), bool)
        running, jobs = state.usage.running, self._jobs
        for job in [job for job in jobs if job not in running]:
            self._release(job)
        for job, allocation in running.items():
            kept = jobs.get(job)
            spec = state.jobs.get(job)
            if kept is not None and kept[0] is allocation and kept[1] is spec:
                continue
            if kept is not None:
                self._release(job)
            if not self._hold(job, allocation, spec, start_of(job), position):
                self._position = None  # made again at the next session
                return None
        return self._start, np.where(self._busy, np.maximum(self._end, math.nextafter(now, INF)), -INF)

    def _hold(self, job: JobId, allocation: Allocation, spec: Job | None, start: float | None,
              position: dict[str, int]) -> bool:
        if start is None or allocation.shared or allocation.limit_charges:
            return False
        if any(held.resources != ONE_SLOT or held.limit_charges or held.host not in position
               for held in allocation.hosts):
            return False
        hosts = np.array([position[held.host] for held in allocation.hosts], np.int64)
        if self._busy[hosts].any() or len(np.unique(hosts)) < len(hosts):
            return False
        self._busy[hosts] = True
        self._start[hosts] = start
        self._end[hosts] = held_until(spec, start)
        self._jobs[job] = (allocation, spec, hosts)
        return True

    def _release(self, job: JobId) -> None:
        hosts = self._jobs.pop(job)[2]
        self._busy[hosts] = False
        self._start[hosts] = self._end[hosts] = -INF
