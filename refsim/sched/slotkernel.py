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
  after the session's last start hold counts alone), and the session ends once no later job can start now (asked,
  once a job waits, of the later jobs that no other beats with as few tasks and as short a hold, every _EVERY
  jobs).

Two views of the holdings are kept. The steps: the instants where the slots held change (every holding's start and
end, and now), with the slots held from each (counts, as the walk's slot plan keeps them). And the rows: each host's
holdings in start order (one slot each: they never overlap, so their ends are in the same order), where whether a
host is free over an interval, and its gaps before and after it, are looked up. Hosts free over an interval mostly
share their gaps by the handful (those a reservation freed together), so best fit takes them gap pair by gap pair.

Floor: below slotsession.py, its one caller; it imports numpy and numba only."""

from __future__ import annotations

import numpy as np
from numba import njit

INF = np.inf
HEAD, PLANNED_NOW = 1, 2  # how a job started (StartRule.HEAD, StartRule.PLANNED_NOW)
_RUNNING, _TRIAL = -1, -2  # who holds a holding that is not a reservation: a running job, a job being placed again
_PLACED, _NOT_PLACED, _FULL = 1, 0, -1  # a placement's outcome; _FULL: a host has no room for another holding
_STEPS, _ENDS = 0, 1  # in the steps' `size`: how many steps, how many candidate ends
_PLACEMENTS, _TRIALS, _MOVES = 0, 1, 2  # what a tally counts
_FEW_PAIRS = 8  # the most gap pairs _take_best takes pair by pair
_EVERY = 16  # how many jobs apart a session asks whether any later job could start now

# Tuples of arrays (numba compiles them as such; the names are for readers and the type checker):
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # per host: holdings' starts, ends, owners; how many
Steps = tuple[np.ndarray, np.ndarray, np.ndarray]  # per step: its instant, slots held; sizes (steps, candidate ends)
Plan = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # per reservation: start, end, tasks, hosts
Scratch = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # per free host: gaps before, after; host; order
Room = tuple[np.ndarray, np.ndarray, np.ndarray]  # flat arrays the rows are laid out in


# --- the steps: slot counts -----------------------------------------------------------------------------------------

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
def _first_above(values: np.ndarray, count: int, x: float) -> int:
    """The first index of values[:count] (ascending) whose value is above x. (_first_not_below's twin on purpose:
    np.searchsorted, or _first_not_below at the next float after x, made the kernel about 10% slower, measured.)"""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] <= x:
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
def _step_at(steps: Steps, x: float) -> int:
    """The index of the step starting at x, made by splitting the step x falls in when there is none."""
    times, slots, size = steps
    count = size[_STEPS]
    i = _first_not_below(times, count, x)
    if i < count and times[i] == x:
        return i
    for k in range(count, i, -1):
        times[k], slots[k] = times[k - 1], slots[k - 1]
    times[i] = x
    slots[i] = slots[i - 1] if i > 0 else 0
    size[_STEPS] = count + 1
    return i


@njit(cache=True)
def _hold_slots(steps: Steps, ends: np.ndarray, start: float, end: float, tasks: int) -> None:
    """Add `tasks` slots held over [start, end) to the steps, and its end to the candidate starts."""
    first = _step_at(steps, start)
    last = steps[2][_STEPS]
    if end < INF:
        last = _step_at(steps, end)
        steps[2][_ENDS] = _insert_end(ends, steps[2][_ENDS], end)
    slots = steps[1]
    for i in range(first, last):
        slots[i] += tasks


@njit(cache=True)
def _count_start(steps: Steps, ends: np.ndarray, now: float, fits: bool, length: float, cap: int) -> float:
    """The first candidate start (now when the job fits, then each end after now) whose run [s, s + length) meets
    no step holding more than `cap` slots; NaN when none does. One sweep of the steps: a start is given up at the
    first overfull step its run meets, for the first candidate after that step."""
    times, slots, size = steps
    count, n_ends = size[_STEPS], size[_ENDS]
    if fits:
        start, next_end = now, 0
    elif n_ends:
        start, next_end = ends[0], 1
    else:
        return np.nan
    for i in range(count):
        step_end = times[i + 1] if i + 1 < count else INF
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
    lo = _first_not_below(starts[host], count, start)
    while owner[host, lo] != who:  # (never needed: holdings have positive length, slotsession._too_short)
        lo += 1
    for i in range(lo, count - 1):
        starts[host, i], ends[host, i], owner[host, i] = starts[host, i + 1], ends[host, i + 1], owner[host, i + 1]
    held[host] = count - 1


@njit(cache=True)
def _hold(rows: Rows, hosts_of: np.ndarray, tasks: int, start: float, end: float, who: int) -> None:
    """Hold hosts_of[:tasks] over [start, end) for `who`."""
    for u in range(tasks):
        _hold_host(rows, hosts_of[u], start, end, who)


@njit(cache=True)
def _release(rows: Rows, hosts_of: np.ndarray, tasks: int, start: float, who: int) -> None:
    """Take `who`'s holding from `start` off hosts_of[:tasks]."""
    for u in range(tasks):
        _release_host(rows, hosts_of[u], start, who)


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


@njit(cache=True, inline="always")
def _set_aside(owner: int, rank: np.ndarray, cut: int) -> bool:
    """Whether a holding is left out of a trial's placement: a reservation placed again from `cut` on."""
    return owner >= 0 and rank[owner] >= cut


@njit(cache=True)
def _free_hosts(rows: Rows, idle: np.ndarray, a: float, b: float, scratch: Scratch) -> int:
    """The hosts free over [a, b), with their gaps before a and after b, into the scratch; how many.
    A host's gap before a is since its last end (a holding's, or `idle`: a job's that already ended); after b, until
    its next holding; infinite where there is none (projection.idle_gaps)."""
    starts, ends, held = rows[0], rows[1], rows[3]
    before, after, candidate = scratch[0], scratch[1], scratch[2]
    free = 0
    for host in range(len(idle)):
        n = held[host]
        lo = _first_above(ends[host], n, a)  # the first holding that meets the interval or comes after it
        if lo < n and starts[host, lo] < b:
            continue
        gap = a - min(idle[host], a)
        if lo > 0:
            gap = min(gap, a - min(ends[host, lo - 1], a))
        before[free], after[free], candidate[free] = gap, starts[host, lo] - b if lo < n else INF, host
        free += 1
    return free


@njit(cache=True)
def _free_hosts_in_trial(rows: Rows, idle: np.ndarray, a: float, b: float, scratch: Scratch, rank: np.ndarray,
                         cut: int) -> int:
    """_free_hosts() with the reservations ranked `cut` or later set aside. Those start at or after a, and every
    other holding by a (_place_again), so a host's last holding starting by a and not set aside decides: it holds
    the host over [a, b) when it ends after a, else its end is the gap's; nothing follows b."""
    starts, ends, owner, held = rows
    before, after, candidate = scratch[0], scratch[1], scratch[2]
    free = 0
    for host in range(len(idle)):
        last = _first_above(starts[host], held[host], a) - 1
        while last >= 0 and _set_aside(owner[host, last], rank, cut):  # (one starting at a)
            last -= 1
        if last >= 0 and ends[host, last] > a:
            continue
        gap = a - min(idle[host], a)
        if last >= 0:
            gap = min(gap, a - ends[host, last])
        before[free], after[free], candidate[free] = gap, INF, host
        free += 1
    return free


@njit(cache=True)
def _take_best(scratch: Scratch, free: int, tasks: int, found: np.ndarray) -> bool:
    """The first `tasks` of the scratch's `free` hosts in best-fit order (the shortest gap before, then after, then
    cluster order) into found[:tasks]; False when fewer are free. The candidates are in cluster order, and hosts
    mostly share their gaps by the handful (those a reservation freed together), so they are taken gap pair by gap
    pair, each in cluster order; a heap where the pairs are many."""
    if free < tasks:
        return False
    before, after, candidate, pairs = scratch[0], scratch[1], scratch[2], scratch[3]
    distinct = 0  # pairs[:distinct]: the candidates first with each gap pair, in best-fit order
    for i in range(free):
        at = distinct
        while at > 0 and _fits_better(before, after, candidate, i, pairs[at - 1]):
            at -= 1
        if at > 0 and before[pairs[at - 1]] == before[i] and after[pairs[at - 1]] == after[i]:
            continue  # a pair already met
        if distinct == _FEW_PAIRS:
            return _take_by_heap(scratch, free, tasks, found)
        for q in range(distinct, at, -1):
            pairs[q] = pairs[q - 1]
        pairs[at] = i
        distinct += 1
    taken = 0
    for p in range(distinct):
        gap_before, gap_after = before[pairs[p]], after[pairs[p]]
        for i in range(pairs[p], free):
            if before[i] == gap_before and after[i] == gap_after:
                found[taken] = candidate[i]
                taken += 1
                if taken == tasks:
                    return True
    return True


@njit(cache=True)
def _take_by_heap(scratch: Scratch, free: int, tasks: int, found: np.ndarray) -> bool:
    """_take_best() by a heap of the candidates."""
    before, after, candidate, heap = scratch[0], scratch[1], scratch[2], scratch[3]
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
def _make_way(rows: Rows, plan: Plan, hosts_of: np.ndarray, tasks: int, start: float, end: float,
              rank: np.ndarray, cut: int, met: np.ndarray) -> None:
    """Before a holding placed anew on hosts_of[:tasks] over [start, end): take off their hosts the reservations
    ranked from `cut` on that it meets, each marked met (to be placed again in its turn). It meets no other: it was
    placed with those set aside."""
    starts, ends, owner, held = rows
    for u in range(tasks):
        host = hosts_of[u]
        i = _first_above(ends[host], held[host], start)
        while i < held[host] and starts[host, i] < end:
            who = owner[host, i]
            if ends[host, i] > start and _set_aside(who, rank, cut):
                met[rank[who]] = True
                _release(rows, plan[3][who], plan[2][who], plan[0][who], who)
            else:
                i += 1


@njit(cache=True)
def _place_again(rows: Rows, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan, reserved: int,
                 found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> int:
    """Profile._replanned: the job's hosts on [start, start + length) into found, with the reservations starting
    after it placed again in order of start (stable), each at its own times, on the holdings less theirs and with
    the job's; the moves are made on the holdings and in the plan's hosts. _NOT_PLACED (nothing changed) when there
    is no such reservation, or the job or one of them finds no hosts; _FULL (nothing changed) when a row has no
    room.

    The reservations placed again are not taken off the rows: each placement leaves out those not yet placed again
    (set aside by rank), and only those a holding placed anew meets are taken off, before it is held. One that
    nothing placed anew meets keeps its hosts, as in the walk; one met is placed by best fit, perhaps on its own
    hosts again."""
    res_start, res_end, res_tasks, res_hosts = plan
    later = np.nonzero(res_start[:reserved] > start)[0]
    if len(later) == 0:
        return _NOT_PLACED
    later = later[np.argsort(res_start[later], kind="mergesort")]
    tally[_TRIALS] += 1
    rank = np.full(reserved, -1, np.int64)
    for k in range(len(later)):
        rank[later[k]] = k
    if not _take_best(scratch, _free_hosts_in_trial(rows, idle, start, start + length, scratch, rank, 0), tasks,
                      found):
        return _NOT_PLACED
    met = np.zeros(len(later), np.bool_)
    at = np.empty(len(later) + 1, np.int64)  # where each one's hosts placed again go in again_on
    at[0] = 0
    for k in range(len(later)):
        at[k + 1] = at[k] + res_tasks[later[k]]
    again_on = np.empty(at[-1], np.int64)
    placed = 0  # how many of `later` have been through (those met among them are held again, on again_on)
    outcome = _PLACED
    _make_way(rows, plan, found, tasks, start, start + length, rank, 0, met)
    if not _room(rows, found, tasks):
        outcome = _FULL
    else:
        _hold(rows, found, tasks, start, start + length, _TRIAL)
        for k in range(len(later)):
            r = later[k]
            if not met[k]:
                continue
            n = res_tasks[r]
            free = _free_hosts_in_trial(rows, idle, res_start[r], res_end[r], scratch, rank, k)
            if not _take_best(scratch, free, n, again_on[at[k]:at[k + 1]]):
                outcome = _NOT_PLACED
                break
            _make_way(rows, plan, again_on[at[k]:], n, res_start[r], res_end[r], rank, k + 1, met)
            if not _room(rows, again_on[at[k]:], n):
                outcome = _FULL
                break
            _hold(rows, again_on[at[k]:], n, res_start[r], res_end[r], r)
            placed = k + 1
        _release(rows, found, tasks, start, _TRIAL)
    if outcome != _PLACED:  # as it was: every reservation met back on its own hosts
        for k in range(placed):
            if met[k]:
                _release(rows, again_on[at[k]:], res_tasks[later[k]], res_start[later[k]], later[k])
        for k in range(len(later)):
            if met[k]:
                r = later[k]
                _hold(rows, res_hosts[r], res_tasks[r], res_start[r], res_end[r], r)
        return outcome
    for k in range(len(later)):
        r = later[k]
        if met[k] and not np.array_equal(again_on[at[k]:at[k + 1]], res_hosts[r, :res_tasks[r]]):
            tally[_MOVES] += 1
            res_hosts[r, :res_tasks[r]] = again_on[at[k]:at[k + 1]]
    return _PLACED


@njit(cache=True)
def _place(rows: Rows, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan, reserved: int,
           found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> int:
    """Profile._placement: the job's hosts over [start, start + length) around the reservations as they are, else
    with those starting after it placed again."""
    if _take_best(scratch, _free_hosts(rows, idle, start, start + length, scratch), tasks, found):
        return _PLACED
    return _place_again(rows, idle, start, length, tasks, plan, reserved, found, scratch, tally)


@njit(cache=True)
def _placed(rows: Rows, idle: np.ndarray, start: float, length: float, tasks: int, plan: Plan, reserved: int,
            found: np.ndarray, scratch: Scratch, tally: np.ndarray) -> Rows:
    """_place(), the rows made deeper as often as a trial finds one full; raises where counts promised hosts and
    none are free (a broken promise of slot counts, never a pend)."""
    tally[_PLACEMENTS] += 1
    placed = _FULL
    while placed == _FULL:
        placed = _place(rows, idle, start, length, tasks, plan, reserved, found, scratch, tally)
        if placed == _FULL:
            rows = _deeper(rows)
    if placed == _NOT_PLACED:
        raise RuntimeError("slot counts gave a start where no hosts are free")
    if not _room(rows, found, tasks):
        rows = _deeper(rows)
    return rows


# --- when no later job can start now --------------------------------------------------------------------------------

@njit(cache=True)
def _fronts(tasks: np.ndarray, length: np.ndarray, hosts: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For the jobs from each multiple of _EVERY on, the jobs no other among them beats with as few tasks and as
    short a hold (the front: task counts ascending, holds descending); all the fronts in one pair of arrays, and
    per multiple (mark) where its front begins and how many it has (bounds[2 * mark], bounds[2 * mark + 1]). A job
    that could start now has a member of its front that could too (a shorter hold meets fewer steps), so the front is
    what is asked."""
    jobs = len(tasks)
    marks = (jobs + _EVERY - 1) // _EVERY
    front_n, front_len = np.empty(min(hosts, jobs) + 1, np.int64), np.empty(min(hosts, jobs) + 1)
    size = 0
    flat_n, flat_len = np.empty(4 * marks + 4, np.int64), np.empty(4 * marks + 4)  # 4 per front; more when needed
    bounds = np.empty(2 * marks, np.int64)  # per mark: where its front begins and how many it has
    used = 0
    for j in range(jobs - 1, -1, -1):
        if tasks[j] <= hosts:
            size = _join_front(front_n, front_len, size, tasks[j], length[j])
        if j % _EVERY == 0:
            if used + size > len(flat_n):
                flat_n = np.concatenate((flat_n, np.empty(used + size, np.int64)))
                flat_len = np.concatenate((flat_len, np.empty(used + size)))
            flat_n[used:used + size], flat_len[used:used + size] = front_n[:size], front_len[:size]
            bounds[2 * (j // _EVERY)], bounds[2 * (j // _EVERY) + 1] = used, size
            used += size
    return bounds, flat_n, flat_len


@njit(cache=True)
def _join_front(front_n: np.ndarray, front_len: np.ndarray, size: int, n: int, run: float) -> int:
    """Add a job of n tasks holding for `run` to front[:size] unless a member beats it, dropping those it beats;
    the new size."""
    i = 0
    while i < size and front_n[i] <= n:
        i += 1
    if i > 0 and front_len[i - 1] <= run:  # beaten by the member with at most n tasks and the shortest hold
        return size
    drop = i
    while drop < size and front_len[drop] >= run:
        drop += 1
    if i > 0 and front_n[i - 1] == n:  # as many tasks, a longer hold: replaced
        i -= 1
    shift = 1 - (drop - i)
    if shift > 0:
        for q in range(size - 1, drop - 1, -1):
            front_n[q + 1], front_len[q + 1] = front_n[q], front_len[q]
    elif shift < 0:
        for q in range(drop, size):
            front_n[q + shift], front_len[q + shift] = front_n[q], front_len[q]
    front_n[i], front_len[i] = n, run
    return size + shift


@njit(cache=True)
def _none_starts_now(steps: Steps, now: float, free_now: int, hosts: int, front_n: np.ndarray,
                     front_len: np.ndarray) -> bool:
    """Whether no job of a front (see _fronts) could start now: each has more tasks than hosts free now, or its
    run meets a step with too few slots left. Slots held only grow within a session, so none ever could."""
    times, slots, size = steps
    count = size[_STEPS]
    i, most = 0, 0
    for e in range(len(front_n) - 1, -1, -1):  # the shortest hold first
        limit = now + front_len[e]
        while i < count and times[i] < limit:
            most = max(most, slots[i])
            i += 1
        if front_n[e] <= free_now and front_n[e] + most <= hosts:
            return False
    return True


# --- the session ---------------------------------------------------------------------------------------------------

@njit(cache=True)
def _hold_running(rows: Rows, steps: Steps, ends: np.ndarray, now: float, run_start: np.ndarray,
                  run_end: np.ndarray, busy: np.ndarray) -> int:
    """The running holdings into the rows (one per busy host) and the steps (a step at now and at each end, one
    slot held per busy host until its end), their ends the candidate starts; how many hosts are busy."""
    times, slots, size = steps
    held = rows[3]
    order = np.argsort(run_end)
    count = 0
    for host in range(len(busy)):
        if busy[host]:
            rows[0][host, 0], rows[1][host, 0], rows[2][host, 0] = run_start[host], run_end[host], _RUNNING
            held[host] = 1
            count += 1
    times[0], slots[0] = now, count
    last, n_ends = 0, 0
    for host in order:
        end = run_end[host]
        if end <= now:
            continue
        if end == INF:
            break
        if end != times[last]:
            last += 1
            times[last], slots[last] = end, slots[last - 1]
            ends[n_ends] = end
            n_ends += 1
        slots[last] -= 1
    size[_STEPS], size[_ENDS] = last + 1, n_ends
    return count


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
    steps = (np.empty(2 * (hosts + jobs) + 2), np.zeros(2 * (hosts + jobs) + 2, np.int64), np.zeros(2, np.int64))
    end_times = np.empty(hosts + jobs + 1)
    busy = run_end > now
    free_now = hosts - _hold_running(rows, steps, end_times, now, run_start, run_end, busy)
    fewest_after = np.empty(jobs + 1, np.int64)  # the fewest tasks of any job from j on
    fewest_after[jobs] = hosts + 1
    for j in range(jobs - 1, -1, -1):
        fewest_after[j] = min(fewest_after[j + 1], tasks[j])
    reserved = 0
    counted, unplanned = np.empty(jobs), np.empty(jobs, np.int64)  # jobs waiting for hosts, at their counted starts
    n_unplanned = 0
    waiting = False  # a job ahead holds a reservation (the walk's first waiting job)
    found = np.empty(hosts, np.int64)
    scratch = (np.empty(hosts), np.empty(hosts), np.empty(hosts, np.int64), np.empty(hosts, np.int64))
    k, at = 0, 0
    bounds, front_n, front_len = _fronts(tasks, length, hosts)
    for j in range(jobs):
        if free_now < fewest_after[j]:
            break  # no later job fits now: none starts
        if waiting and j % _EVERY == 0:
            begin, size = bounds[2 * (j // _EVERY)], bounds[2 * (j // _EVERY) + 1]
            if _none_starts_now(steps, now, free_now, hosts, front_n[begin:begin + size],
                                front_len[begin:begin + size]):
                break  # no later job can start now: the rest would only hold counts
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
            _hold_slots(steps, end_times, now, now + run, n)
            if not _room(rows, found, n):
                rows = _deeper(rows)
        else:
            if n > hosts:
                continue  # never placeable: holds nothing and blocks nobody
            start = _count_start(steps, end_times, now, fits, run, hosts - n)
            if np.isnan(start):
                continue
            _hold_slots(steps, end_times, start, start + run, n)
            if not (fits and start == now):
                counted[n_unplanned], unplanned[n_unplanned] = start, j
                n_unplanned += 1
                waiting = True
                continue
            for u in range(n_unplanned):  # a start: the jobs ahead take hosts first, in order
                w, at_start = unplanned[u], counted[u]
                rows = _placed(rows, idle, at_start, length[w], tasks[w], plan, reserved, found, scratch, tally)
                plan[0][reserved], plan[1][reserved], plan[2][reserved] = at_start, at_start + length[w], tasks[w]
                plan[3][reserved, :tasks[w]] = found[:tasks[w]]
                planned[reserved] = w
                _hold(rows, found, tasks[w], at_start, at_start + length[w], reserved)
                reserved += 1
            n_unplanned = 0
            rows = _placed(rows, idle, now, run, n, plan, reserved, found, scratch, tally)
        started[k], rule[k] = j, PLANNED_NOW if waiting else HEAD
        started_hosts[at:at + n] = found[:n]
        _hold(rows, found, n, now, now + run, _RUNNING)
        busy[found[:n]] = True
        free_now -= n
        k, at = k + 1, at + n
    return k, rows[0].shape[1], reserved
