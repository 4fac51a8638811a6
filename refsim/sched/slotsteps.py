"""Slots held over time, as steps: the cheap count a reservation search asks before placing a job (each task takes
a slot, so an interval that meets an instant with too few free slots holds no placement). The reservation profile
keeps its steps up as holdings are added (refsim/sched/profile.py); the slot plan reads them the same way
(refsim/sched/slotplan.py).

Floor: the lowest of the planning modules; it imports nothing of refsim."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from itertools import accumulate

INF = math.inf


def slot_steps_of(deltas: dict[float, int]) -> tuple[list[float], list[int]]:
    """Slots held from each change point on, in time order: the change points of `deltas` (slots taken and given
    back per instant), and what is held from each on (both empty when nothing is: no instant holds more than a
    cap)."""
    times = sorted(deltas)
    return times, list(accumulate(map(deltas.__getitem__, times)))  # whole sums: in any order


def first_overfull(steps: tuple[list[float], list[int]], start: float, end: float, cap: int) -> float | None:
    """The first instant of [start, end) at which more than `cap` slots are held (`steps`: slot_steps_of()); None
    when there is none."""
    times, held = steps
    i = bisect_right(times, start) - 1
    if i >= 0 and held[i] > cap:
        return start
    last = bisect_left(times, end, i + 1)  # the change points inside the interval: i + 1 up to here
    if i + 1 == last or max(held[i + 1:last]) <= cap:  # max() of a slice runs at C speed: the common case
        return None
    return times[next(j for j in range(i + 1, last) if held[j] > cap)]


def insert_once(times: list[float], time: float) -> None:
    """Put `time` in the sorted list `times` unless it is there already."""
    at = bisect_left(times, time)
    if at == len(times) or times[at] != time:
        times.insert(at, time)


def next_room(steps: tuple[list[float], list[int]], after: float, cap: int) -> float:
    """The first change point after `after` from which at most `cap` slots are held (`steps`: slot_steps_of()),
    INF when there is none. A search whose start is overfull at once passes over every candidate start before it:
    each is overfull at once too, since no change point between frees enough."""
    times, held = steps
    for j in range(bisect_right(times, after), len(times)):
        if held[j] <= cap:
            return times[j]
    return INF
