"""Conservative's bulk session on one-slot hosts, compiled (numba): the arithmetic of refsim/sched/slotsession.py.

Everything here works on arrays by cluster position and by queue index; nothing knows a job, a host or an
allocation. The session is the walk's (refsim/sched/disciplines/conservative.py on refsim/sched/profile.py), step for
step, for plain jobs on one-slot hosts, where the walk's own modules make the same choices
(refsim/sched/oneslot.py, refsim/sched/slotplan.py):

- a job that fits before any job waits starts on the first free hosts in the real state's scan order (the
  allocator's placement);
- every other job's start is the first candidate start (now when it fits, then each end of a holding after now)
  whose run meets no instant with more slots held than its count leaves (slot counts decide starts on one-slot
  hosts: docs/disciplines.md, "Where a backfill reservation goes");
- its hosts are those free over its run, in best-fit order (idle the shortest before the start, then after the
  end, then cluster order: oneslot.free_ranked), the first `tasks`; when too few are free, the job and the
  reservations starting after it are placed again in order of start, each at its own times, one that nothing
  placed again meets keeping its hosts (Profile._replanned, Profile._trial);
- as in a bulk session, a job that does not start now is placed on hosts only when a later job starts now (the jobs
  after the session's last start hold counts alone), and the session ends once no later job can fit now.

Two views of the holdings are kept. The steps: the instants where what is held changes (every holding's start and
end, and now), with the slots held from each (counts, as the walk's slot plan keeps them) and a bit per host held
then (the grid), so that the hosts free over an interval are those whose bit no step it meets sets. And the rows:
each host's holdings in start order (one slot each: they never overlap, so their ends are in the same order), where
a free host's gaps before and after an interval are looked up.

Floor: below slotsession.py, its one caller; it imports numpy and numba only."""

from __future__ import annotations

import numpy as np
from numba import njit

INF = np.inf
HEAD, PLANNED_NOW = 1, 2  # how a job started (StartRule.HEAD, StartRule.PLANNED_NOW)
_RUNNING, _TRIAL = -1, -2  # who holds a holding that is not a reservation: a running job, a job being placed again
_PLACED, _NOT_PLACED, _FULL = 1, 0, -1  # a placement's outcome; _FULL: a host has no room for another holding
_STEPS, _ENDS = 0, 1  # in a grid's `size`: how many steps, how many candidate ends
_PLACEMENTS, _TRIALS, _MOVES = 0, 1, 2  # what a tally counts

# Tuples of arrays (numba compiles them as such; the names are for readers and the type checker):
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # per host: holdings' starts, ends, owners; how many
# per step: its instant, slots held and host bits; then the sizes (steps, candidate ends) and a host mask's scratch
Grid = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
Plan = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # per reservation: start, end, tasks, hosts
Scratch = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # _best_fit's working arrays
Room = tuple[np.ndarray, np.ndarray, np.ndarray]  # flat arrays the rows are laid out in


# --- the steps: slot counts and the grid of hosts held -----------------------------------------------------------

@njit(cache=True)
def _first_not_below(values: np.ndarray, count: int, x: float) -> int:
    """The first index of values[:count] (ascending) whose value is at least x."""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True)
def _insert_end(ends: np.ndarray, count: int, x: float) -> int:
    """Add x to the ascending ends[:count] unless there; the new count."""
    i = _first_not_below(ends, count, x)
    if i < count and ends[i] == x:
        return count
    for k in range(count, i, -1):
        ends[k] = ends[k - 1]
    ends[i] = x
    return count + 1


@njit(cache=True)
def _step_at(grid: Grid, x: float) -> int:
    """The index of the step starting at x, made by splitting the step x falls in when there is none."""
    times, slots, bits, size = grid[0], grid[1], grid[2], grid[3]
    count = size[_STEPS]
    i = _first_not_below(times, count, x)
    if i < count and times[i] == x:
        return i
    words = bits.shape[1]
    for k in range(count, i, -1):  # word by word: a row slice per step would cost more than the copy
        times[k], slots[k] = times[k - 1], slots[k - 1]
        for w in range(words):
            bits[k, w] = bits[k - 1, w]
    times[i] = x
    slots[i] = slots[i - 1] if i > 0 else 0
    for w in range(words):  # (a uint64 either way: a mixed expression would pass through a float)
        bits[i, w] = bits[i - 1, w] if i > 0 else np.uint64(0)
    size[_STEPS] = count + 1
    return i


@njit(cache=True)
def _hold_slots(grid: Grid, ends: np.ndarray, start: float, end: float, tasks: int) -> None:
    """Add `tasks` slots held over [start, end) to the steps, and its end to the candidate starts."""
    first = _step_at(grid, start)
    last = grid[3][_STEPS]
    if end < INF:
        last = _step_at(grid, end)
        grid[3][_ENDS] = _insert_end(ends, grid[3][_ENDS], end)
    slots = grid[1]
    for i in range(first, last):
        slots[i] += tasks


@njit(cache=True)
def _mark(grid: Grid, start: float, end: float, hosts_of: np.ndarray, tasks: int, held: bool) -> None:
    """Set (held) or clear the bits of hosts_of[:tasks] in every step of [start, end) (steps begin there and end
    there: the holding's slots were counted)."""
    times, bits, count, mask = grid[0], grid[2], grid[3][_STEPS], grid[4]
    mask[:] = 0
    for u in range(tasks):
        mask[hosts_of[u] >> 6] |= np.uint64(1) << np.uint64(hosts_of[u] & 63)
    i = 0 if start <= times[0] else _first_not_below(times, count, start)
    while i < count and times[i] < end:
        for word in range(len(mask)):
            if held:
                bits[i, word] |= mask[word]
            else:
                bits[i, word] &= ~mask[word]
        i += 1


@njit(cache=True)
def _count_start(grid: Grid, ends: np.ndarray, now: float, fits: bool, length: float, cap: int) -> float:
    """The first candidate start (now when the job fits, then each end after now) whose run [s, s + length) meets
    no step holding more than `cap` slots; NaN when none does. One sweep of the steps: a start is given up at the
    first overfull step its run meets, for the first candidate after that step."""
    times, slots, size = grid[0], grid[1], grid[3]
    steps, n_ends = size[_STEPS], size[_ENDS]
    if fits:
        start, next_end = now, 0
    elif n_ends:
        start, next_end = ends[0], 1
    else:
        return np.nan
    for i in range(steps):
        step_end = times[i + 1] if i + 1 < steps else INF
        if slots[i] > cap and step_end > start:
            if times[i] >= start + length:
                return start
            while next_end < n_ends and ends[next_end] < step_end:
                next_end += 1
            if next_end == n_ends:
                return np.nan
            start = ends[next_end]
            next_end += 1
    return start


# --- the rows: each host's holdings in start order ---------------------------------------------------------------

@njit(cache=True)
def _hold_host(rows: Rows, host: int, start: float, end: float, who: int) -> None:
    """Add a holding on [start, end) to `host`'s row, in start order."""
    starts, ends, owner, held = rows
    i = held[host]
    while i > 0 and starts[host, i - 1] > start:
        starts[host, i], ends[host, i], owner[host, i] = starts[host, i - 1], ends[host, i - 1], owner[host, i - 1]
        i -= 1
    starts[host, i], ends[host, i], owner[host, i] = start, end, who
    held[host] += 1


@njit(cache=True)
def _release_host(rows: Rows, host: int, start: float, who: int) -> None:
    """Take `who`'s holding from `start` off `host`'s row (found by its start: a row's starts are distinct)."""
    starts, ends, owner, held = rows
    count = held[host]
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) >> 1
        if starts[host, mid] < start:
            lo = mid + 1
        else:
            hi = mid
    while owner[host, lo] != who:  # (a zero-length holding could share its start)
        lo += 1
    for i in range(lo, count - 1):
        starts[host, i], ends[host, i], owner[host, i] = starts[host, i + 1], ends[host, i + 1], owner[host, i + 1]
    held[host] = count - 1


@njit(cache=True)
def _hold(rows: Rows, grid: Grid, hosts_of: np.ndarray, tasks: int, start: float, end: float, who: int) -> None:
    """Hold hosts_of[:tasks] over [start, end) for `who`: in their rows and in the grid."""
    for u in range(tasks):
        _hold_host(rows, hosts_of[u], start, end, who)
    _mark(grid, start, end, hosts_of, tasks, True)


@njit(cache=True)
def _release(rows: Rows, grid: Grid, hosts_of: np.ndarray, tasks: int, start: float, end: float, who: int) -> None:
    """Take `who`'s holding on hosts_of[:tasks] over [start, end) off their rows and the grid."""
    for u in range(tasks):
        _release_host(rows, hosts_of[u], start, who)
    _mark(grid, start, end, hosts_of, tasks, False)


@njit(cache=True)
def _room(rows: Rows, hosts_of: np.ndarray, tasks: int) -> bool:
    """Whether each of hosts_of[:tasks] has room in its row for one more holding."""
    held, depth = rows[3], rows[0].shape[1]
    for u in range(tasks):
        if held[hosts_of[u]] >= depth:
            return False
    return True


@njit(cache=True)
def _deeper(rows: Rows) -> Rows:
    """The rows with twice the room per host."""
    starts, ends, owner, held = rows
    hosts, depth = starts.shape
    wider = (np.empty((hosts, 2 * depth)), np.empty((hosts, 2 * depth)), np.empty((hosts, 2 * depth), np.int64))
    wider[0][:, :depth], wider[1][:, :depth], wider[2][:, :depth] = starts, ends, owner
    return wider[0], wider[1], wider[2], held


# --- best fit -----------------------------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def _fits_better(before: np.ndarray, after: np.ndarray, host: np.ndarray, x: int, y: int) -> bool:
    """Whether candidate x comes before candidate y in best-fit order."""
    if before[x] != before[y]:
        return bool(before[x] < before[y])
    if after[x] != after[y]:
        return bool(after[x] < after[y])
    return bool(host[x] < host[y])


@njit(cache=True)
def _sift(before: np.ndarray, after: np.ndarray, host: np.ndarray, heap: np.ndarray, size: int, i: int) -> None:
    while True:
        child = 2 * i + 1
        if child >= size:
            return
        if child + 1 < size and _fits_better(before, after, host, heap[child + 1], heap[child]):
            child += 1
        if not _fits_better(before, after, host, heap[child], heap[i]):
            return
        heap[i], heap[child] = heap[child], heap[i]
        i = child


@njit(cache=True)
def _best_fit(rows: Rows, grid: Grid, idle: np.ndarray, a: float, b: float, tasks: int, found: np.ndarray,
              scratch: Scratch) -> bool:
    """The first `tasks` hosts free over [a, b) in best-fit order into found[:tasks]; False when fewer are free.
    A host's gap before a is since its last end (a holding's, or `idle`: a job's that already ended); after b, until
    its next holding; infinite where there is none (projection.idle_gaps)."""
    starts, ends, held = rows[0], rows[1], rows[3]
    times, bits, count = grid[0], grid[2], grid[3][_STEPS]
    before, after, candidate, heap, busy = scratch
    hosts = len(idle)
    busy[:] = 0
    i = max(0, _first_not_below(times, count, a) - 1)
    if i + 1 < count and times[i + 1] <= a:
        i += 1
    while i < count and times[i] < b:  # every step that meets [a, b)
        for word in range(len(busy)):
            busy[word] |= bits[i, word]
        i += 1
    free = 0
    for host in range(hosts):
        if busy[host >> 6] & (np.uint64(1) << np.uint64(host & 63)):
            continue
        n = held[host]
        lo, hi = 0, n
        while lo < hi:  # the first holding ending after a: the first after the interval
            mid = (lo + hi) >> 1
            if ends[host, mid] <= a:
                lo = mid + 1
            else:
                hi = mid
        gap = a - min(idle[host], a)
        if lo > 0:
            gap = min(gap, a - min(ends[host, lo - 1], a))
        before[free] = gap
        after[free] = max(starts[host, lo], b) - b if lo < n else INF
        candidate[free] = host
        free += 1
    if free < tasks:
        return False
    for i in range(free):
        heap[i] = i
    for i in range(free // 2 - 1, -1, -1):
        _sift(before, after, candidate, heap, free, i)
    for t in range(tasks):
        found[t] = candidate[heap[0]]
        free -= 1
        heap[0] = heap[free]
        _sift(before, after, candidate, heap, free, 0)
    return True


# --- placing a job, and placing reservations again -----------------------------------------------------------------

@njit(cache=True)
def _meets(start: float, end: float, hosts_of: np.ndarray, tasks: int, placed_start: np.ndarray,
           placed_end: np.ndarray, placed_hosts: np.ndarray, placed_tasks: np.ndarray, placed: int,
           on_host: np.ndarray) -> bool:
    """Whether a holding on [start, end) over hosts_of[:tasks] meets any of the `placed` holdings."""
    for u in range(tasks):
        on_host[hosts_of[u]] = True
    meets = False
    for q in range(placed):
        if start < placed_end[q] and placed_start[q] < end:
            for u in range(placed_tasks[q]):
                if on_host[placed_hosts[q, u]]:
                    meets = True
                    break
        if meets:
            break
    for u in range(tasks):
        on_host[hosts_of[u]] = False
    return meets


@njit(cache=True)
def _same_hosts(a: np.ndarray, b: np.ndarray, n: int) -> bool:
    """Whether a[:n] and b[:n] name the same hosts in the same order."""
    for u in range(n):
        if a[u] != b[u]:
            return False
    return True


@njit(cache=True)
def _place_again(rows: Rows, grid: Grid, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan,
                 reserved: int, found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> int:
    """Profile._replanned: the job's hosts on [start, start + length) into found, with the reservations starting
    after it placed again in order of start (stable), each at its own times, on the holdings less theirs and with
    the job's; the moves are made on the holdings and in the plan's hosts. _NOT_PLACED (nothing changed) when there
    is no such reservation or one of them finds no hosts; _FULL (nothing changed) when a row has no room."""
    res_start, res_end, res_tasks, res_hosts = plan
    hosts = len(idle)
    later = np.array([r for r in range(reserved) if res_start[r] > start], np.int64)
    if len(later) == 0:
        return _NOT_PLACED
    later = later[np.argsort(res_start[later], kind="mergesort")]
    tally[_TRIALS] += 1
    for k in range(len(later) - 1, -1, -1):  # the latest first: each is then last in its rows
        r = later[k]
        _release(rows, grid, res_hosts[r], res_tasks[r], res_start[r], res_end[r], r)
    placed = 0  # reservations of `later` held again so far, on the hosts in again_on
    again_on = np.empty((len(later), hosts), np.int64)
    ok = _best_fit(rows, grid, idle, start, start + length, tasks, found, scratch)
    full = ok and not _room(rows, found, tasks)
    if ok and not full:
        _hold(rows, grid, found, tasks, start, start + length, _TRIAL)
        placed_start, placed_end = np.empty(len(later) + 1), np.empty(len(later) + 1)
        placed_tasks = np.empty(len(later) + 1, np.int64)
        placed_hosts = np.empty((len(later) + 1, hosts), np.int64)
        placed_start[0], placed_end[0], placed_tasks[0] = start, start + length, tasks
        placed_hosts[0, :tasks] = found[:tasks]
        news = 1  # holdings placed anew: the job's and the reservations that moved
        on_host = np.zeros(hosts, np.bool_)
        for r in later:
            n = res_tasks[r]
            for u in range(n):
                again_on[placed, u] = res_hosts[r, u]
            if _meets(res_start[r], res_end[r], res_hosts[r], n, placed_start, placed_end, placed_hosts, placed_tasks,
                      news, on_host):
                if not _best_fit(rows, grid, idle, res_start[r], res_end[r], n, again_on[placed], scratch):
                    ok = False
                    break
                if not _same_hosts(again_on[placed], res_hosts[r], n):
                    placed_start[news], placed_end[news], placed_tasks[news] = res_start[r], res_end[r], n
                    placed_hosts[news, :n] = again_on[placed, :n]
                    news += 1
            if not _room(rows, again_on[placed], n):
                ok, full = False, True
                break
            _hold(rows, grid, again_on[placed], n, res_start[r], res_end[r], r)
            placed += 1
        _release(rows, grid, found, tasks, start, start + length, _TRIAL)
    if not ok or full:  # as it was: every reservation back on its own hosts
        for k in range(placed):
            r = later[k]
            _release(rows, grid, again_on[k], res_tasks[r], res_start[r], res_end[r], r)
        for r in later:
            _hold(rows, grid, res_hosts[r], res_tasks[r], res_start[r], res_end[r], r)
        return _FULL if full else _NOT_PLACED
    for k in range(placed):
        if not _same_hosts(again_on[k], res_hosts[later[k]], res_tasks[later[k]]):
            tally[_MOVES] += 1
            res_hosts[later[k], :res_tasks[later[k]]] = again_on[k, :res_tasks[later[k]]]
    return _PLACED


@njit(cache=True)
def _place(rows: Rows, grid: Grid, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan,
           reserved: int, found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> int:
    """Profile._placement: the job's hosts over [start, start + length) around the reservations as they are, else
    with those starting after it placed again."""
    if _best_fit(rows, grid, idle, start, start + length, tasks, found, scratch):
        return _PLACED
    return _place_again(rows, grid, idle, start, length, tasks, plan, reserved, found, scratch, tally)


@njit(cache=True)
def _placed(rows: Rows, grid: Grid, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan,
            reserved: int, found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> Rows:
    """_place(), the rows made deeper as often as a trial finds one full; raises where counts promised hosts and
    none are free (a broken promise of slot counts, never a pend)."""
    tally[_PLACEMENTS] += 1
    placed = _FULL
    while placed == _FULL:
        placed = _place(rows, grid, idle, start, length, tasks, plan, reserved, found, scratch, tally)
        if placed == _FULL:
            rows = _deeper(rows)
    if placed == _NOT_PLACED:
        raise RuntimeError("slot counts gave a start where no hosts are free")
    if not _room(rows, found, tasks):
        rows = _deeper(rows)
    return rows


# --- the session ---------------------------------------------------------------------------------------------------

@njit(cache=True)
def plan_session(now: float, run_start: np.ndarray, run_end: np.ndarray, idle: np.ndarray, scan: np.ndarray,
                 tasks: np.ndarray, length: np.ndarray, room: Room, depth: int, plan: Plan, planned: np.ndarray,
                 started: np.ndarray, rule: np.ndarray, started_hosts: np.ndarray,
                 tally: np.ndarray) -> tuple[int, int, int]:
    """One bulk session of conservative (see the module's docstring). Per host (cluster position): the running
    holding [run_start, run_end) (run_end <= now: none) and its last end (`idle`, -inf for none); `scan`: the
    positions in the real state's scan order. Per job, in picker order: its task count and how long it holds
    (length). Writes the jobs that start, in order, into started[:k] with their rule (HEAD or PLANNED_NOW) and hosts
    (started_hosts, the first tasks of each in turn), and adds to `tally` the placements on hosts, the trials
    placing reservations again and the reservations moved. The session's reservations, in the order made, are left
    in `plan` (start, end, tasks, hosts: a row each, room for every job) and `planned` (each one's job). Returns k,
    the room per host the rows took and the number of reservations.

    Scratch: `room` (three flat arrays: starts, ends, owners, the last of int64), where each host's row has room for
    `depth` holdings, so that a placement reads short rows (made deeper within the session when one fills; the
    caller gives more room the next time)."""
    hosts, jobs = len(idle), len(tasks)
    rows = (room[0][:hosts * depth].reshape((hosts, depth)), room[1][:hosts * depth].reshape((hosts, depth)),
            room[2][:hosts * depth].reshape((hosts, depth)), np.zeros(hosts, np.int64))
    grid = (np.empty(2 * (hosts + jobs) + 2), np.zeros(2 * (hosts + jobs) + 2, np.int64),
            np.zeros((2 * (hosts + jobs) + 2, (hosts + 63) >> 6), np.uint64), np.zeros(2, np.int64),
            np.zeros((hosts + 63) >> 6, np.uint64))
    grid[0][0], grid[3][_STEPS] = now, 1
    end_times = np.empty(hosts + jobs + 1)
    busy = np.zeros(hosts, np.bool_)
    one = np.empty(1, np.int64)
    free_now = 0
    for host in range(hosts):
        if run_end[host] > now:
            _hold_slots(grid, end_times, now, run_end[host], 1)
            one[0] = host
            _hold(rows, grid, one, 1, run_start[host], run_end[host], _RUNNING)
            busy[host] = True
        else:
            free_now += 1
    fewest_after = np.empty(jobs + 1, np.int64)  # the fewest tasks of any job from j on
    fewest_after[jobs] = hosts + 1
    for j in range(jobs - 1, -1, -1):
        fewest_after[j] = min(fewest_after[j + 1], tasks[j])
    reserved = 0
    counted, unplanned = np.empty(jobs), np.empty(jobs, np.int64)  # jobs waiting for hosts, at their counted starts
    n_unplanned = 0
    waiting = False  # a job ahead holds a reservation (the walk's first waiting job)
    found = np.empty(hosts, np.int64)
    scratch = (np.empty(hosts), np.empty(hosts), np.empty(hosts, np.int64), np.empty(hosts, np.int64),
               np.zeros((hosts + 63) >> 6, np.uint64))
    k, at = 0, 0
    for j in range(jobs):
        if free_now < fewest_after[j]:
            break  # no later job fits now: none starts
        n, run = tasks[j], length[j]
        fits = free_now >= n
        if not waiting and fits:
            taken = 0
            for host in scan:
                if not busy[host]:
                    found[taken] = host
                    taken += 1
                    if taken == n:
                        break
            _hold_slots(grid, end_times, now, now + run, n)
            if not _room(rows, found, n):
                rows = _deeper(rows)
        else:
            if n > hosts:
                continue  # never placeable: holds nothing and blocks nobody
            start = _count_start(grid, end_times, now, fits, run, hosts - n)
            if np.isnan(start):
                continue
            _hold_slots(grid, end_times, start, start + run, n)
            if not (fits and start == now):
                counted[n_unplanned], unplanned[n_unplanned] = start, j
                n_unplanned += 1
                waiting = True
                continue
            for u in range(n_unplanned):  # a start: the jobs ahead take hosts first, in order
                w, at_start = unplanned[u], counted[u]
                rows = _placed(rows, grid, idle, at_start, length[w], tasks[w], plan, reserved, found, scratch, tally)
                plan[0][reserved], plan[1][reserved], plan[2][reserved] = at_start, at_start + length[w], tasks[w]
                for u in range(tasks[w]):
                    plan[3][reserved, u] = found[u]
                planned[reserved] = w
                _hold(rows, grid, found, tasks[w], at_start, at_start + length[w], reserved)
                reserved += 1
            n_unplanned = 0
            rows = _placed(rows, grid, idle, now, run, n, plan, reserved, found, scratch, tally)
        started[k], rule[k] = j, PLANNED_NOW if waiting else HEAD
        for u in range(n):
            started_hosts[at + u] = found[u]
        _hold(rows, grid, found, n, now, now + run, _RUNNING)
        for u in range(n):
            busy[found[u]] = True
        free_now -= n
        k, at = k + 1, at + n
    return k, rows[0].shape[1], reserved
