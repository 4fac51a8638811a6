"""The compiled session's own shortcuts (refsim/sched/slotkernel.py), each held to the plain rule it stands for:
best fit taken gap pair by gap pair against a full sort, the fronts of the later jobs against every job of the
suffix, and the question whether any later job can start now against asking each job's counted start."""

from __future__ import annotations

import random

import numpy as np
import pytest

from refsim.sched import slotkernel


def _scratch(before: list[float], after: list[float], hosts: list[int]) -> slotkernel.Scratch:
    free = len(hosts)
    return (np.array(before + [0.0]), np.array(after + [0.0]), np.array(hosts + [0], np.int64),
            np.empty(free + 1, np.int64))


def _ranked(before: list[float], after: list[float], hosts: list[int]) -> list[int]:
    """Best-fit order by a plain sort: the shortest gap before, then after, then cluster order."""
    return [h for _, _, h in sorted(zip(before, after, hosts))]


def test_take_best_by_hand() -> None:
    """Five free hosts 0, 2, 3, 5, 6. Hosts 2 and 5 were freed together at the interval's start (gap before 0) and
    are next held 4 after it; host 6 too was freed then but is never held again (after infinite); hosts 0 and 3 have
    been idle 7. So the order is 2, 5 (gaps 0 and 4, cluster order), 6 (0, inf), 0, 3 (7, inf)."""
    inf = np.inf
    before, after, hosts = [7.0, 0.0, 7.0, 0.0, 0.0], [inf, 4.0, inf, 4.0, inf], [0, 2, 3, 5, 6]
    for tasks, expected in ((1, [2]), (3, [2, 5, 6]), (5, [2, 5, 6, 0, 3])):
        found = np.full(5, -1, np.int64)
        assert slotkernel._take_best(_scratch(before, after, hosts), 5, tasks, found)
        assert found[:tasks].tolist() == expected
    assert not slotkernel._take_best(_scratch(before, after, hosts), 5, 6, np.empty(6, np.int64))


@pytest.mark.parametrize("pairs", [1, 3, 8, 9, 40])
def test_take_best_equals_a_full_sort(pairs: int) -> None:
    """Up to _FEW_PAIRS distinct gap pairs are taken pair by pair, more by the heap: both give the sorted order."""
    rng = random.Random(pairs)
    for _ in range(300):
        free = rng.randint(1, 60)
        hosts = sorted(rng.sample(range(200), free))
        choices = [(rng.choice([0.0, 1.0, 2.5, np.inf]), rng.choice([0.0, 3.0, np.inf])) for _ in range(pairs)]
        gaps = [rng.choice(choices) for _ in hosts]
        before, after = [g[0] for g in gaps], [g[1] for g in gaps]
        tasks = rng.randint(1, free)
        found = np.full(free, -1, np.int64)
        assert slotkernel._take_best(_scratch(before, after, hosts), free, tasks, found)
        assert found[:tasks].tolist() == _ranked(before, after, hosts)[:tasks]


def _front(tasks: list[int], lengths: list[float], hosts: int) -> list[tuple[int, float]]:
    """The jobs (task count, hold) no other beats with as few tasks and as short a hold, by comparing every pair."""
    jobs = {(n, length) for n, length in zip(tasks, lengths) if n <= hosts}
    return sorted(j for j in jobs if not any(o != j and o[0] <= j[0] and o[1] <= j[1] for o in jobs))


def test_fronts_by_hand() -> None:
    """Jobs (tasks, hold) from 0: (4, 10), (1, 50), (2, 20), (9, 1), (2, 5), (1, 60), on 8 hosts (_EVERY apart,
    so one front per queue of up to _EVERY jobs). (9, 1) never fits 8 hosts; (2, 5) beats (2, 20) and (4, 10);
    (1, 50) beats (1, 60). The front: (1, 50), (2, 5), in task order."""
    tasks, lengths = np.array([4, 1, 2, 9, 2, 1], np.int64), np.array([10.0, 50, 20, 1, 5, 60])
    bounds, front_n, front_len = slotkernel._fronts(tasks, lengths, 8)
    begin, size = bounds[0], bounds[1]
    assert list(zip(front_n[begin:begin + size].tolist(), front_len[begin:begin + size].tolist())) == [
        (1, 50.0), (2, 5.0)]


def test_fronts_equal_every_pair_compared() -> None:
    """Every suffix starting at a multiple of _EVERY: the front is the set of unbeaten jobs, in task order."""
    every = slotkernel._EVERY
    rng = random.Random(7)
    for _ in range(200):
        jobs, hosts = rng.randint(1, 5 * every), rng.randint(1, 12)
        tasks = [rng.randint(1, 14) for _ in range(jobs)]
        lengths = [float(rng.choice([1, 2, 3, 5, 8, 13, 21])) for _ in range(jobs)]
        bounds, front_n, front_len = slotkernel._fronts(np.array(tasks, np.int64), np.array(lengths), hosts)
        for mark in range((jobs + every - 1) // every):
            begin, size = bounds[2 * mark], bounds[2 * mark + 1]
            got = list(zip(front_n[begin:begin + size].tolist(), front_len[begin:begin + size].tolist()))
            assert got == _front(tasks[mark * every:], lengths[mark * every:], hosts)


def _steps(rng: random.Random, now: float, hosts: int) -> tuple[np.ndarray, ...]:
    """Random slot counts held from now on: a step at now, then at a few later instants (ascending)."""
    count = rng.randint(1, 6)
    times = np.array([now] + sorted(rng.sample(range(1, 40), count - 1)), float)
    slots = np.array([rng.randint(0, hosts) for _ in range(count)], np.int64)
    ends = np.array(times[1:].tolist() + [0.0] * 2)
    return times, slots, np.array([count, count - 1], np.int64), ends


def test_none_starts_now_equals_asking_each_job() -> None:
    """No job of the front could start now exactly when no job at all could: each job's counted start (the loop's
    own test, with fits = as many hosts free now) is asked, and a job starts now when it fits and that start is now."""
    rng = random.Random(11)
    both = [0, 0]
    for _ in range(2000):
        hosts, now = rng.randint(1, 10), 0.0
        times, slots, size, ends = _steps(rng, now, hosts)
        free_now = hosts - int(slots[0])
        tasks = np.array([rng.randint(1, 12) for _ in range(rng.randint(1, 8))], np.int64)
        lengths = np.array([float(rng.randint(1, 45)) for _ in tasks])
        anyone = any(n <= free_now and slotkernel._count_start((times, slots, size), ends, now, True, length,
                                                                hosts - n) == now
                     for n, length in zip(tasks.tolist(), lengths.tolist()))
        bounds, front_n, front_len = slotkernel._fronts(tasks, lengths, hosts)
        none = slotkernel._none_starts_now((times, slots, size), now, free_now, hosts,
                                           front_n[bounds[0]:bounds[0] + bounds[1]],
                                           front_len[bounds[0]:bounds[0] + bounds[1]])
        assert none == (not anyone)
        both[anyone] += 1
    assert min(both) > 300  # both answers are asked often
