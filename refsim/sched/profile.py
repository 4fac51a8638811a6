"""The reservation profile: what running jobs and backfill reservations hold over time, for planning.

A running job holds its allocation on `[start, start + run_limit)` (for ever without a run limit); a backfill
reservation holds its allocation on `[planned start, planned start + run_limit)`. The projected state of an
interval `[a, b)` charges, per host and resource, per shared resource and per limit counter, the most held at
any instant of the interval, so an allocation the allocator finds on it fits throughout the interval. Planning
uses run limits only, never run times (docs/disciplines.md).

Its neighbours: below it, the holdings it keeps (refsim/sched/holding.py), the projected state it gives the allocator
(refsim/sched/planningstate.py) and the slot steps its searches count first (refsim/sched/slotsteps.py); above it,
the searches EASY and conservative-drevt keep across sessions (refsim/sched/headreservations.py).
"""

from __future__ import annotations

import copy
import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import replace
from typing import cast

import numpy as np

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.resources import SLOTS
from refsim.model.units import Amount, normalise
from refsim.sched.accounting import Usage
from refsim.sched.allocator import placement
from refsim.sched.decisions import Allocation
from refsim.sched.holding import Holding
from refsim.sched.oneslot import Ranking, free_ranked, on_positions, plain_tasks
from refsim.sched.planningstate import BestFit, Fit, PlanningState, usage_of
from refsim.sched.projection import HeldPairs, idle_gaps
from refsim.sched.recall import Outcome, Placed, PlacementRecall, Replan
from refsim.sched.reservations import Extra, Reservation
from refsim.sched.slotsteps import first_overfull, insert_once, next_room, slot_steps_of
from refsim.sched.state import SchedulerState

INF = math.inf
StartOf = Callable[[JobId], "float | None"]


def held_for(job: Job) -> float:
    """How long a reservation of `job` holds its resources: its run limit, for ever without one."""
    return job.run_limit if job.run_limit is not None else INF


def held_until(job: Job | None, start: float | None) -> float:
    """Until when a running job is planned to hold its resources: its start + run limit; for ever without a known
    start, a job or a run limit. (A session plans it to hold until just after now at least: Profile._end.)"""
    if start is None or job is None or job.run_limit is None:
        return INF
    return start + job.run_limit


class Profile:
    """Holdings over time from `now`, for one session. Jobs started in the session are added as they start."""

    def __init__(self, state: SchedulerState, now: float, start_of: StartOf,
                 recall: PlacementRecall | None = None) -> None:
        self.state, self.now = state, now
        self._recall = recall  # the replay's log of placements, recalled where they stand (refsim/sched/recall.py)
        self._trial_placed: list[Placed | None] | None = None  # a trial's placements (None: the allocator's)
        self.holdings: list[Holding] = []
        self._current: list[Holding] = []  # the holdings that start by now (running jobs, a reservation from now)
        # earliest() of plain one-slot jobs by task count, while only running jobs are held (see _by_size)
        self._sized: dict[tuple[int, bool], tuple[float, Allocation, tuple[JobId, ...]] | None] = {}
        self.reserved: list[Reservation] = []  # the backfill reservations held, in the order they were made
        # slots held from each change point on (times, held), from the slot changes per instant (_deltas), which
        # are kept up as holdings are added
        self._steps: tuple[list[float], list[int]] | None = None
        self._deltas: dict[float, int] | None = None
        # every (holding, host) pair as arrays (best fit, and the fast path's projection), kept up as holdings are
        # added once first asked for
        self._pairs: HeldPairs | None = None
        self._rows: dict[JobId, range] = {}  # each holding's rows in the pairs, while they are kept
        self._ends: list[float] | None = None  # the candidate starts after now (candidate_ends)
        self._position = state.free_index().position  # each host's place in cluster order
        self._hosts = state.free_index().host_array()  # the hosts in that order, for the best-fit ranking
        self.total_slots = state.free_index().whole_capacity(SLOTS)
        # hold() of each running job, with nothing derived yet to keep up
        for job, allocation in state.usage.running.items():
            start = start_of(job)
            self.holdings.append(Holding(job, now if start is None else start, self._end(job, start), allocation))
        self._current = [h for h in self.holdings if h.start <= now]
        self._held_at: dict[JobId, int] = {}  # where each job's holding and reservation are in those lists
        self._reserved_at: dict[JobId, int] = {}
        self._index()
        if recall is not None:
            recall.open(state, now, tuple(self.holdings))

    def _end(self, job: JobId, start: float | None) -> float:
        # A job still running at or past its planned end (a session between its end and its finish at one
        # instant) is planned to free its resources just after now, never before.
        return max(held_until(self.state.jobs.get(job), start), math.nextafter(self.now, INF))

    def hold(self, holding: Holding, retired: range | None = None) -> None:
        """Add a holding (a job is held at most once: its pairs are kept by its id, for relocate()). `retired`: its
        pairs' rows, retired from these pairs (a trial's reservation that stays where it was), which count again rather
        than pairs added anew."""
        self._held_at[holding.job] = len(self.holdings)
        self.holdings.append(holding)
        if self._recall is not None:
            self._recall.held(1, holding)
        if holding.start <= self.now:
            self._current.append(holding)
        self._steps = None
        self._sized = {}
        if self._deltas is not None:
            self._add_slots(self._deltas, holding)
        if self._pairs is not None:
            if retired is None:
                retired = self._pairs.add(holding.start, holding.end, holding.allocation)
            else:
                self._pairs.restore(retired, holding.start)
            self._rows[holding.job] = retired
        if self._ends is not None and self.now < holding.end < INF:
            insert_once(self._ends, holding.end)

    def _changed(self) -> None:
        """Forget everything derived from the holdings: they were replaced, not added to."""
        self._steps, self._deltas, self._pairs, self._ends = None, None, None, None
        self._rows, self._sized = {}, {}
        self._index()

    def _index(self) -> None:
        """Where each job's holding and reservation are in their lists (relocate() replaces entries there)."""
        self._held_at = {h.job: n for n, h in enumerate(self.holdings)}
        self._reserved_at = {r.job: n for n, r in enumerate(self.reserved)}

    def _held_pairs(self) -> HeldPairs:
        if self._pairs is None:
            self._pairs = pairs = HeldPairs(self._position)
            rows = self._rows = {}
            for h in self.holdings:
                rows[h.job] = pairs.add(h.start, h.end, h.allocation)
        return self._pairs

    @property
    def whole(self) -> bool:
        """Whether every holding's amounts are whole, with no shared amounts or limit charges (HeldPairs.whole):
        then the fast path's projections do not depend on the order the holdings were added in."""
        return self._held_pairs().whole

    def started(self, job: JobId, allocation: Allocation) -> None:
        """A job started now: it holds its allocation until now + its run limit."""
        self.hold(Holding(job, self.now, self._end(job, self.now), allocation))

    def reserve(self, reservation: Reservation) -> None:
        """Hold a backfill reservation, after moving the earlier ones it moved."""
        self.relocate(reservation.moved)
        self._reserved_at[reservation.job] = len(self.reserved)
        self.reserved.append(reservation)
        self.hold(Holding(reservation.job, reservation.planned_start, reservation.end, reservation.allocation))

    def relocate(self, moved: tuple[Reservation, ...]) -> None:
        """Earlier backfill reservations held again on other allocations, at the same times."""
        if not moved:
            return
        # new lists, the moved entries replaced where they were: whoever read the old lists keeps them as they were
        reserved, holdings = list(self.reserved), list(self.holdings)
        for r in moved:
            if r.job in self._reserved_at:
                reserved[self._reserved_at[r.job]] = r
        lifted = sorted([(self._held_at[r.job], r) for r in moved if r.job in self._held_at], key=lambda x: x[0])
        for n, r in lifted:  # in holding order
            holdings[n] = replace(holdings[n], allocation=r.allocation)
        self.reserved, self.holdings, before = reserved, holdings, self.holdings
        if any(before[n].start <= self.now for n, _ in lifted):
            self._current = [h for h in holdings if h.start <= self.now]
        for n, _ in lifted:  # what is derived is kept up: the same times, other hosts
            old, new = before[n], holdings[n]
            if self._recall is not None:
                self._recall.held(-1, old)
                self._recall.held(1, new)
            if self._deltas is not None:
                self._add_slots(self._deltas, old, -1)
                self._add_slots(self._deltas, new)
            if self._pairs is not None:
                self._pairs.retire(self._rows[old.job])
                self._rows[old.job] = self._pairs.add(new.start, new.end, new.allocation)
        self._steps, self._sized = None, {}

    # --- slots: a cheap necessary condition before the allocator is asked ------------------------------------

    def _add_slots(self, deltas: dict[float, int], h: Holding, sign: int = 1) -> None:
        slots, start = sign * h.allocation.tasks, max(h.start, self.now)
        deltas[start] = deltas.get(start, 0) + slots
        if h.end < INF:
            deltas[h.end] = deltas.get(h.end, 0) - slots

    def slot_steps(self) -> tuple[list[float], list[int]]:
        """Slots held from each change point on, in time order, from now (slot_steps_of): a copy."""
        times, held = self._slot_steps()
        return list(times), list(held)

    def _slot_steps(self) -> tuple[list[float], list[int]]:
        """slot_steps() itself, from the slot changes per instant, which are kept up as holdings are added."""
        if self._steps is None:
            deltas = self._deltas
            if deltas is None:
                deltas = self._deltas = {}
                now = self.now
                for h in self.holdings:  # _add_slots() of each, inlined: a profile holds every running job
                    slots, start = h.allocation.tasks, max(h.start, now)
                    deltas[start] = deltas.get(start, 0) + slots
                    if h.end < INF:
                        deltas[h.end] = deltas.get(h.end, 0) - slots
            self._steps = slot_steps_of(deltas)
        return self._steps

    def _first_overfull(self, start: float, end: float, cap: int) -> float | None:
        return first_overfull(self._slot_steps(), start, end, cap)

    # --- projection --------------------------------------------------------------------------------------------

    def usage_over(self, a: float, b: float) -> Usage:
        """Per host and resource, shared resource and limit counter: the most held at any instant of [a, b)."""
        usage, changes = Usage(), []  # charged only (Usage.charge): planning reads amounts, never running jobs
        for h in self.holdings:
            if h.start <= a < h.end:
                usage.charge(h.allocation, +1)
                if h.end < b:
                    changes.append((h.end, 0, h))
            elif a < h.start < b:
                changes.append((h.start, 1, h))
                if h.end < b:
                    changes.append((h.end, 0, h))
        if not any(kind == 1 for _, kind, _ in changes):
            return usage  # nothing is taken after a: the most held is what is held at a
        most = _copy(usage)
        changes.sort(key=lambda c: (c[0], c[1]))  # at one instant, ends before starts: intervals are half-open
        for n, (time, kind, h) in enumerate(changes):
            if kind == 0:
                usage.charge(h.allocation, -1)
                continue
            usage.charge(h.allocation, +1)
            if n + 1 == len(changes) or changes[n + 1][0] != time:
                _pointwise_max(most, usage)
        return most

    def projected_state(self, a: float, b: float) -> SchedulerState:
        """The scheduler state as the allocator sees it when placing a job for all of [a, b), with hosts ranked
        for the best fit in time there. On the fast path, with whole amounts only, the projection is computed
        from the pair arrays (refsim/sched/projection.py) rather than holding by holding."""
        fit = self._best_fit(a, b)
        if self.state.fast_path:
            pairs = self._held_pairs()
            if pairs.whole:
                most = pairs.most_held(a, b, len(self._position))
                return PlanningState(self.state, usage_of(most, self._position), fit, most)
        return PlanningState(self.state, self.usage_over(a, b), fit)

    def _best_fit(self, a: float, b: float) -> BestFit | None:
        """fit(a, b) as arrays in cluster host order (infinite for a host nothing holds on that side), computed
        from every (holding, host) pair at once; None when fit(a, b) is empty. Planning asks for it at every
        placement, fit() loops in Python."""
        starts, ends, hosts, _ = self._held_pairs().arrays()
        before, after = idle_gaps(starts, ends, hosts, self.state.idle_times(), a, b)
        if np.isinf(before).all() and np.isinf(after).all():
            return None  # nothing holds any host on either side, and none has been left: every host fits alike
        return BestFit(before, after, self._hosts)

    def fit(self, a: float, b: float) -> dict[str, Fit]:
        """How long each host would stay idle just before `a` (since it was last held: by a running job, a
        reservation or a job that ended there) and just after `b` (until it is next held) if it took a holding on
        [a, b); infinite on a side where nothing holds it. Hosts nothing ever held are left out: NO_FIT."""
        idle_before: dict[str, float] = {host: a - min(at, a) for host, at in self.state.idle_since.items()
                                         if host in self._position}
        idle_after: dict[str, float] = {}
        for h in self.holdings:
            hosts = h.hosts
            if h.start < a:
                gap = a - min(h.end, a)
                for host in hosts:
                    if gap < idle_before.get(host, INF):
                        idle_before[host] = gap
            if h.end > b:
                gap = max(h.start, b) - b
                for host in hosts:
                    if gap < idle_after.get(host, INF):
                        idle_after[host] = gap
        return {host: (idle_before.get(host, INF), idle_after.get(host, INF))
                for host in idle_before.keys() | idle_after.keys()}

    def place(self, job: Job, start: float) -> Allocation | None:
        """The allocation the allocator finds for `job` running from `start` for its run limit, if any."""
        end = start + held_for(job)
        if self._first_overfull(start, end, self.total_slots - job.min_tasks) is not None:
            return None  # each task takes a slot: too few free somewhere in the interval
        return self._allocate(job, start, end)

    def _allocate(self, job: Job, start: float, end: float) -> Allocation | None:
        tasks = self._first_free_tasks(job)
        if tasks is not None:
            return self._first_free(job.id, tasks, start, end)
        if self._trial_placed is not None:
            self._trial_placed.append(None)  # placed by the allocator: a trial the recall cannot check
        return placement(self.projected_state(start, end), job.id)

    def _first_free_tasks(self, job: Job) -> int | None:
        """The job's task count when _allocate() places it by _first_free() (a plain job on a one-slot cluster, every
        holding's amounts whole), else None."""
        tasks = self._plain_tasks(job)
        return tasks if tasks is not None and self._held_pairs().whole else None

    def _plain_tasks(self, job: Job) -> int | None:
        """plain_tasks() on the fast path: a plain job's task count on a one-slot cluster (refsim/sched/oneslot.py),
        else None."""
        state = self.state
        return plain_tasks(state, job, state.requirements.get(job.id)) if state.fast_path else None

    def _first_free(self, job: JobId, tasks: int, a: float, b: float) -> Allocation | None:
        """placement() of a plain job on a one-slot cluster over [a, b) (refsim/sched/oneslot.py), from the pair
        arrays: the projection's free hosts and the best-fit ranking, with no projected state built; recalled from
        the last session's placements where they stand (refsim/sched/recall.py)."""
        index = self.state.free_index()

        def rank() -> Ranking | None:
            starts, ends, hosts, amounts = self._held_pairs().arrays()
            return free_ranked((starts, ends, hosts, amounts.get(SLOTS)), index.open, self.state.idle_times(),
                               a, b, tasks)

        def allocate(found: np.ndarray) -> Allocation:
            allocation = on_positions(index, found.tolist())
            self._held_pairs().known(allocation.columns, found)  # its pair rows: the positions it was found at
            return allocation

        if self._recall is not None:
            return self._recall.placement((job, a, b, tasks), rank, allocate)
        ranking = rank()
        allocation = None if ranking is None else allocate(ranking.ranked[:tasks])
        if self._trial_placed is not None:
            self._trial_placed.append(Placed((job, a, b, tasks), allocation, ranking))
        return allocation

    def earliest(self, job: Job, from_now: bool, counted: float | None = None) -> Reservation | None:
        """The job's backfill reservation at the earliest start the allocator can place it: now (when
        `from_now`) or the end of a holding, since free resources only grow at ends. None: never placeable.
        A start whose interval meets an instant with too few free slots is skipped with every later start up to
        that instant, since their intervals meet it too. `counted`: the start slot counts found for it
        (refsim/sched/slotplan.py), where the search would find its reservation; it is placed there at once."""
        cap = self.total_slots - job.min_tasks
        if cap < 0:
            return None
        length = held_for(job)
        tasks = self._plain_tasks(job) if not self.reserved and len(self._current) == len(self.holdings) else None
        if tasks is not None:
            return self._by_size(job, tasks, from_now, length)
        if counted is not None:
            placed = self._placement(job, counted, counted + length)
            if placed is None:  # counts decided it wrongly: a broken promise of slotplan.py, not a pend
                raise RuntimeError(f"job {job.id} finds no placement at the start counts give it, {counted}")
            return Reservation(job.id, counted, counted + length, placed[0], self.freed_by(counted), placed[1])
        return self._search(job, from_now, cap, length)

    def _by_size(self, job: Job, tasks: int, from_now: bool, length: float) -> Reservation | None:
        """earliest() of a plain job on a one-slot cluster (refsim/sched/oneslot.py) while only running jobs are
        held, remembered by task count: then hosts only free up as time goes on, so a start fits the whole run
        exactly when it fits at the start, on the same hosts, whatever the run limit."""
        key = (tasks, from_now)
        if key not in self._sized:
            found = self._search(job, from_now, self.total_slots - tasks, 1.0)
            self._sized[key] = None if found is None else (found.planned_start, found.allocation, found.freed_by)
        sized = self._sized[key]
        if sized is None:
            return None
        start, allocation, freed_by = sized
        return Reservation(job.id, start, start + length, allocation, freed_by)

    def _search(self, job: Job, from_now: bool, cap: int, length: float) -> Reservation | None:
        """earliest()'s search over the candidate starts, for a run of `length`."""
        starts = ([self.now] if from_now else []) + self.candidate_ends()
        i = 0
        while i < len(starts):
            start = starts[i]
            overfull = self._first_overfull(start, start + length, cap)
            if overfull is not None:
                i = (bisect_right(starts, overfull, i + 1) if overfull > start
                     else bisect_left(starts, next_room(self._slot_steps(), start, cap), i + 1))
                continue
            placed = self._placement(job, start, start + length)
            if placed is not None:
                return Reservation(job.id, start, start + length, placed[0], self.freed_by(start), placed[1])
            i += 1
        return None

    def candidate_ends(self) -> list[float]:
        """The ends of the holdings after now, in time order, once each: the later starts a search tries. Kept up
        as holdings are added once first asked for (the list itself: a copy for whoever adds to it)."""
        if self._ends is None:
            now = self.now
            self._ends = sorted({h.end for h in self.holdings if now < h.end < INF})
        return self._ends

    def freed_by(self, start: float) -> tuple[JobId, ...]:
        """The running jobs whose holdings end after now and no later than `start`: what a reservation starting
        then is freed by (Reservation.freed_by), in holding order."""
        now = self.now
        return tuple([h.job for h in self._current if now < h.end <= start])

    def at_now(self, job: Job) -> Reservation | None:
        """The job's backfill reservation starting now, if the allocator can place it from now: the first start
        earliest(job, from_now=True) tries. No running job frees anything by now, so it names none."""
        cap = self.total_slots - job.min_tasks
        if cap < 0:
            return None
        end = self.now + held_for(job)
        if self._first_overfull(self.now, end, cap) is not None:
            return None
        placed = self._placement(job, self.now, end)
        return None if placed is None else Reservation(job.id, self.now, end, placed[0], (), placed[1])

    def _placement(self, job: Job, start: float, end: float) -> tuple[Allocation, tuple[Reservation, ...]] | None:
        """The job's allocation on [start, end) around the backfill reservations as they are, else with those
        starting after it placed again (_replanned), and the reservations that move; None when neither finds one."""
        allocation = self._allocate(job, start, end)
        if allocation is not None:
            return allocation, ()
        return self._replanned(job, start, end) if self.reserved else None

    def _replanned(self, job: Job, start: float, end: float) -> tuple[Allocation, tuple[Reservation, ...]] | None:
        """The job's allocation on [start, end) and the backfill reservations that move, when the job and the
        reservations are placed again one after another in order of start (the job after those starting with
        it), each at its own times; None when one of them finds no allocation. A reservation promises its times,
        not its hosts. Placing in order of start may keep any choice made for what starts earlier, so those
        reservations keep their hosts, and so does a later one that nothing placed again meets. On interchangeable
        one-slot hosts this is exact: a host free at a start is free from then on among the holdings placed so
        far, so each one finds hosts whenever few enough are held at its start (docs/disciplines.md, "Where a
        backfill reservation goes"). The last session's trial after the same placement is recalled where it
        stands (PlacementRecall.replan)."""
        later = sorted([r for r in self.reserved if r.planned_start > start], key=lambda r: r.planned_start)
        if not later:  # (sorted is stable: in the order made, at equal starts)
            return None  # the job was just tried around the same holdings
        lifted = tuple([self.holdings[self._held_at[r.job]] for r in later])  # as reserve() held them
        recall = self._recall if self._first_free_tasks(job) is not None else None  # it just placed the job
        replan = None if recall is None else recall.replan(lifted)
        if replan is not None:
            outcome = replan.outcome
        else:
            placed: list[Placed | None] = []
            outcome = self._trial(job, start, end, lifted, placed)
            if recall is not None and None not in placed:  # every placement ranked: the recall can check them
                recall.replanned(Replan(lifted, tuple(cast(list[Placed], placed)), outcome))
        if outcome is None:
            return None
        found, moves = outcome
        return found, tuple([replace(later[n], allocation=allocation, moved=()) for n, allocation in moves])

    def _trial(self, job: Job, start: float, end: float, lifted: tuple[Holding, ...],
               placed: list[Placed | None]) -> Outcome:
        """_replanned()'s trial, on a copy of the profile less the `lifted` holdings (in order of start), its
        placements added to `placed` (None for one the allocator made)."""
        lifted_jobs = {h.job for h in lifted}
        trial = copy.copy(self)
        trial._recall, trial._trial_placed = None, placed  # a trial's placements are not the session's
        trial.holdings = [h for h in self.holdings if h.job not in lifted_jobs]
        trial.reserved, trial._current = [], [h for h in self._current if h.job not in lifted_jobs]
        trial._changed()
        retired: dict[JobId, range] = {}  # the rows of the reservations placed again, in the trial's pairs
        if self._pairs is not None:  # the same pairs, those of the reservations placed again retired: no rebuild
            trial._pairs, trial._rows = self._pairs.copy(), dict(self._rows)
            for moves in lifted_jobs:
                retired[moves] = trial._rows.pop(moves)
                trial._pairs.retire(retired[moves])
        found = trial._allocate(job, start, end)
        if found is None:
            return None
        news = [Holding(job.id, start, end, found)]  # placed anew: a later reservation that meets one moves
        trial.hold(news[0])
        moved: list[tuple[int, Allocation]] = []
        kept: list[Holding] = []  # held where they were, not yet in the trial: only a placement reads the trial
        for n, holding in enumerate(lifted):
            if not any(holding.meets(p) for p in news):
                kept.append(holding)
                continue
            for waiting in kept:  # where it was: its retired rows count again
                trial.hold(waiting, retired.get(waiting.job))
            kept.clear()
            spec = self.state.jobs.get(holding.job)
            if spec is None:
                placed.append(None)  # no placement: nothing the recall could check
                return None
            allocation = trial._allocate(spec, holding.start, holding.end)
            if allocation is None:
                return None
            if allocation != holding.allocation:
                holding = replace(holding, allocation=allocation)
                moved.append((n, allocation))
                news.append(holding)
                trial.hold(holding)
            else:
                trial.hold(holding, retired.get(holding.job))
        return found, tuple(moved)

    def extra(self, reservation: Reservation) -> Extra:
        """The extra resources at a reservation's planned start (the textbook EASY "extra nodes")."""
        if self.state.fast_path:
            found = self._extra_from_pairs(reservation)
            if found is not None:
                return found
        at = reservation.planned_start
        usage = Usage()  # amounts only (Usage.charge), as a projection charges them
        for h in self.holdings:
            if h.start <= at < h.end and h.job != reservation.job:
                usage.charge(h.allocation, +1)
        usage.charge(reservation.allocation, +1)
        hosts = []
        nothing: dict[str, Amount] = {}
        for host in self.state.cluster.hosts:
            used = usage.host.get(host.name, nothing)
            free = tuple((name, normalise(total - used.get(name, 0)))
                         for name, total in sorted(host.capacities.items())
                         if total - used.get(name, 0) > 0)
            if free:
                hosts.append((host.name, free))
        shared = tuple((r.name, normalise(r.total - usage.shared.get(r.name, 0)))
                       for r in self.state.cluster.shared if r.total - usage.shared.get(r.name, 0) > 0)
        return Extra(tuple(hosts), shared)


    def _extra_from_pairs(self, reservation: Reservation) -> Extra | None:
        """extra() from the pair arrays, when they hold exactly what it charges; None when they may not. extra()
        charges every holding that holds at the planned start but the reservation's, then the reservation's
        allocation: the same as every holding there, when the reservation is held (once, on its own allocation,
        over its planned start). The arrays sum whole amounts exactly and hold no shared amounts (`whole`), so no
        shared resource is charged; the float comparison finding the hosts with something free is exact below
        2**53, and each found host's amounts are worked out as extra() works them out."""
        at = reservation.planned_start
        own = [h for h in self.holdings if h.job == reservation.job]
        if len(own) != 1 or own[0].allocation != reservation.allocation or not own[0].start <= at < own[0].end:
            return None
        pairs = self._held_pairs()
        if not pairs.whole:
            return None
        index, hosts = self.state.free_index(), self.state.cluster.hosts
        held = pairs.held_at(at, len(self._position))
        some_free = np.zeros(len(hosts), dtype=bool)
        for resource in index.resources():
            totals, used = index.totals(resource), held.get(resource)
            if np.abs(totals).max(initial=0) >= _EXACT or (used is not None and used.max(initial=0) >= _EXACT):
                return None
            some_free |= totals > used if used is not None else totals > 0
        amounts = {resource: used.tolist() for resource, used in held.items()}  # Python ints, as extra() sums them
        found = []
        for i in np.flatnonzero(some_free).tolist():
            host = hosts[i]
            on_host = {resource: column[i] for resource, column in amounts.items()}
            free = tuple((name, normalise(total - on_host.get(name, 0)))
                         for name, total in sorted(host.capacities.items()) if total - on_host.get(name, 0) > 0)
            if free:
                found.append((host.name, free))
        shared = tuple((r.name, normalise(r.total - 0)) for r in self.state.cluster.shared if r.total - 0 > 0)
        return Extra(tuple(found), shared)


_EXACT = 2.0 ** 53  # whole numbers below it compare exactly as floats


def _copy(usage: Usage) -> Usage:
    copied = Usage()
    for host, table in usage.host.items():
        copied.host[host] = dict(table)
    copied.shared, copied.limits, copied.running = dict(usage.shared), dict(usage.limits), dict(usage.running)
    return copied


def _pointwise_max(a: Usage, b: Usage) -> None:
    """Raise each of a's amounts to b's where b's is larger."""
    for host, table in b.host.items():
        mine = a.host[host]
        for resource, amount in table.items():
            if amount > mine.get(resource, 0):
                mine[resource] = amount
    for resource, amount in b.shared.items():
        if amount > a.shared.get(resource, 0):
            a.shared[resource] = amount
    for key, amount in b.limits.items():
        if amount > a.limits.get(key, 0):
            a.limits[key] = amount
