"""The compiled session's own shortcuts (refsim/sched/slotkernel.py), each held to the plain rule it stands for:
best fit taken gap pair by gap pair against a full sort, the fronts of the later jobs against every job of the
suffix, the question whether any later job can start now against asking each job's counted start, a trial's
placement with reservations set aside against the rows without them, and a trial that fails against the rows and
plan it started from."""

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
    """Hosts whose gaps are drawn from `pairs` distinct (before, after) pairs: up to _FEW_PAIRS present are taken pair
    by pair, more by the heap; both give the sorted order, and both are met."""
    rng = random.Random(pairs)
    every_pair = [(float(b), a) for b in range(20) for a in (0.0, 1.0, 2.0, 3.0, 5.0, np.inf)] + [(np.inf, np.inf)]
    many = 0
    for _ in range(300):
        free = rng.randint(1, 60)
        hosts = sorted(rng.sample(range(200), free))
        choices = rng.sample(every_pair, pairs)
        gaps = [rng.choice(choices) for _ in hosts]
        many += len(set(gaps)) > slotkernel._FEW_PAIRS
        before, after = [g[0] for g in gaps], [g[1] for g in gaps]
        tasks = rng.randint(1, free)
        found = np.full(free, -1, np.int64)
        assert slotkernel._take_best(_scratch(before, after, hosts), free, tasks, found)
        assert found[:tasks].tolist() == _ranked(before, after, hosts)[:tasks]
    assert many > 100 if pairs > slotkernel._FEW_PAIRS else many == 0  # the heap taken often, or never


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


def _rows(depth: int, hosts: int) -> slotkernel.Rows:
    return (np.zeros((hosts, depth)), np.zeros((hosts, depth)), np.zeros((hosts, depth), np.int64),
            np.zeros(hosts, np.int64))


def _row_lists(rows: slotkernel.Rows) -> list[list[tuple[float, float, int]]]:
    starts, ends, owner, held = rows
    return [list(zip(starts[h, :held[h]].tolist(), ends[h, :held[h]].tolist(), owner[h, :held[h]].tolist()))
            for h in range(len(held))]


def _from_lists(lists: list[list[tuple[float, float, int]]], depth: int) -> slotkernel.Rows:
    rows = _rows(depth, len(lists))
    for host, row in enumerate(lists):
        for i, (start, end, who) in enumerate(row):
            rows[0][host, i], rows[1][host, i], rows[2][host, i] = start, end, who
        rows[3][host] = len(row)
    return rows


def test_a_trial_placement_reads_the_rows_as_if_the_set_aside_were_taken_off() -> None:
    """_free_hosts_in_trial on rows where every holding set aside (a reservation ranked `cut` or later) starts at or
    after a and every other by a, ties at a included, against _free_hosts on the same rows without them."""
    rng = random.Random(5)
    ties = 0
    for _ in range(3000):
        hosts, a = rng.randint(1, 6), 10.0
        b = a + rng.choice([1.0, 2.0, 5.0])
        rank = np.array([rng.randint(-1, 5) for _ in range(8)], np.int64)
        cut = rng.randint(0, 4)
        kept_owners = [-1, -2] + [r for r in range(8) if rank[r] < cut]
        aside_owners = [r for r in range(8) if rank[r] >= cut]
        rows, taken_off = [], []
        for _ in range(hosts):
            row, t = [], float(rng.randint(0, 4))
            while rng.random() < 0.6 and t <= a:  # kept: starting by a
                end = t + rng.choice([1.0, 2.0, 3.0, 7.0])
                row.append((t, end, rng.choice(kept_owners)))
                t = end + rng.choice([0.0, 1.0])
            kept = list(row)
            t = max(t, a) if rng.random() < 0.5 else max(t, a + rng.choice([0.0, 1.0, 4.0]))
            while aside_owners and rng.random() < 0.6:  # set aside: starting at or after a
                end = t + rng.choice([1.0, 2.0, 6.0])
                row.append((t, end, rng.choice(aside_owners)))
                ties += t == a
                t = end + rng.choice([0.0, 2.0])
            rows.append(row)
            taken_off.append(kept)
        idle = np.array([rng.choice([-np.inf, 3.0, 9.5]) for _ in range(hosts)])
        depth = 1 + max(len(row) for row in rows)
        trial, plain = _scratch([0.0] * hosts, [0.0] * hosts, list(range(hosts))), \
            _scratch([0.0] * hosts, [0.0] * hosts, list(range(hosts)))
        free = slotkernel._free_hosts_in_trial(_from_lists(rows, depth), idle, a, b, trial, rank, cut)
        expected = slotkernel._free_hosts(_from_lists(taken_off, depth), idle, a, b, plain)
        assert free == expected
        for got, want in zip(trial[:3], plain[:3]):
            assert got[:free].tolist() == want[:free].tolist()
    assert ties > 200  # holdings set aside that start exactly at a


def _trial_case(rng: random.Random) -> tuple[slotkernel.Rows, slotkernel.Plan, int, np.ndarray]:
    """Rows of a few one-slot hosts, each a running holding or none, then reservations placed one after another on
    hosts free over them (a random choice, not best fit: a trial must undo any rows); the rows as deep as the
    fullest or one more, so that a trial often finds one full."""
    hosts = rng.randint(2, 5)
    lists: list[list[tuple[float, float, int]]] = [[] for _ in range(hosts)]
    for host in range(hosts):
        if rng.random() < 0.6:
            lists[host].append((-3.0, float(rng.randint(1, 6)), -1))
    count = rng.randint(1, 7)
    plan = (np.zeros(count), np.zeros(count), np.zeros(count, np.int64), np.zeros((count, hosts), np.int64))
    reserved = 0
    for _ in range(count):
        start = float(rng.randint(1, 14))
        end = start + rng.randint(1, 6)
        free = [h for h in range(hosts) if all(e <= start or end <= s for s, e, _ in lists[h])]
        if not free:
            continue
        on = rng.sample(free, rng.randint(1, len(free)))
        plan[0][reserved], plan[1][reserved], plan[2][reserved] = start, end, len(on)
        plan[3][reserved, :len(on)] = on
        for h in on:
            lists[h].append((start, end, reserved))
            lists[h].sort()
        reserved += 1
    depth = max(len(row) for row in lists) + rng.choice([0, 0, 1])
    idle = np.array([rng.choice([-np.inf, -1.0]) for _ in range(hosts)])
    return _from_lists(lists, max(depth, 1)), plan, reserved, idle


def test_a_trial_that_fails_leaves_the_rows_and_plan_as_they_were() -> None:
    """_place_again over random rows: when it finds a row full (_FULL) or a job or reservation no hosts
    (_NOT_PLACED), every row and the plan are exactly as before; when it places the job, the rows still hold each
    reservation on the plan's hosts at its times, never overlapping, and nothing of the trial's own holding."""
    rng = random.Random(3)
    outcomes = {slotkernel._PLACED: 0, slotkernel._NOT_PLACED: 0, slotkernel._FULL: 0}
    for _ in range(4000):
        rows, plan, reserved, idle = _trial_case(rng)
        hosts = len(idle)
        before_rows, before_plan = _row_lists(rows), [p.copy() for p in plan]
        start, length, tasks = float(rng.randint(0, 8)), float(rng.randint(1, 8)), rng.randint(1, hosts)
        found, tally = np.empty(hosts, np.int64), np.zeros(3, np.int64)
        scratch = _scratch([0.0] * hosts, [0.0] * hosts, list(range(hosts)))
        outcome = slotkernel._place_again(rows, idle, start, length, tasks, plan, reserved, found, scratch, tally)
        outcomes[outcome] += 1
        if outcome != slotkernel._PLACED:
            assert _row_lists(rows) == before_rows
            assert all((p == q).all() for p, q in zip(plan, before_plan))
            continue
        after = _row_lists(rows)
        for row in after:
            assert all(e <= s for (_, e, _), (s, _, _) in zip(row, row[1:]))  # in start order, none overlapping
            assert all(who != slotkernel._TRIAL for _, _, who in row)
        for r in range(reserved):
            on = {h for h in range(hosts) if (plan[0][r], plan[1][r], r) in after[h]}
            assert on == set(plan[3][r, :plan[2][r]].tolist())
    assert min(outcomes.values()) > 150  # each outcome met often
