"""The fast path's projection: every (holding, host) pair of a reservation profile as arrays, from which the most
held on each host over an interval is computed at once, and from which the profile ranks hosts for best fit.

A projection of [a, b) charges, per host and resource, the most held at any instant of the interval
(Profile.usage_over, the reference). Here that maximum is taken over the running sums of each host's changes,
sorted by time with ends before starts at one instant: within one instant the sum first falls, then rises, so
the largest running sum is the largest sum after a whole instant, which is what the reference takes. Amounts are
summed as int64, so the arrays are exact when every amount is a whole number; `whole` says whether they are, and
whether no holding carries shared amounts or limit charges (which the arrays do not hold). When it is false, the
profile projects by the reference alone.

Floor: below refsim.sched.profile, its one user; of the scheduler it imports only its decisions (it reads
allocations)."""

from __future__ import annotations

from typing import cast

import numpy as np

from refsim.sched.decisions import Allocation

INF = float("inf")


class HeldPairs:
    """Every (holding, host) pair's start, end, host position and host amounts, in the order holdings were added,
    as lists extended on each holding and as arrays made from them when asked for. Hosts the cluster no longer has
    are left out: nothing places on them, and best fit ranks them nowhere."""

    def __init__(self, position: dict[str, int]) -> None:
        self._position = position
        self.starts: list[float] = []
        self.ends: list[float] = []
        self.hosts: list[int] = []
        self.amounts: dict[str, list[int]] = {}  # per host resource, one amount per pair (0 where it holds none)
        self.whole = True
        self._buffers: tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]] | None = None
        self._done = 0  # pairs copied into the buffers
        self._views: tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]] = (
            np.zeros(0), np.zeros(0), np.zeros(0, dtype=np.intp), {})

    def add(self, start: float, end: float, allocation: Allocation) -> range:
        """Add a holding's pairs; the rows they take (for retire())."""
        columns = allocation.columns  # worked out once per allocation: a running job is held every session
        self.whole = self.whole and columns.whole
        found = list(map(self._position.get, columns.hosts))
        keep: list[int] | None = None
        if None in found:  # a host the cluster no longer has
            keep = [n for n, i in enumerate(found) if i is not None]
        positions = cast(list[int], found) if keep is None else [i for i in found if i is not None]
        count, added = len(self.hosts), len(positions)
        self.hosts.extend(positions)
        self.starts.extend([start] * added)
        self.ends.extend([end] * added)
        amounts = self.amounts
        for resource, values in columns.amounts.items():
            column = amounts.get(resource)
            if column is None:  # a resource no earlier pair held
                column = amounts[resource] = [0] * count
            column.extend(values if keep is None else [values[n] for n in keep])
        for resource, column in amounts.items():
            if len(column) < count + added:  # a resource this allocation does not hold
                column.extend([0] * added)
        return range(count, count + added)

    def retire(self, rows: range) -> None:
        """Make a holding's pairs count no more (it moved, or a trial lifts it): each is set to start at infinity,
        which every reader passes over. It holds at no instant (it starts after every instant and every interval's
        end), and best fit never counts it before an interval (only pairs that start before it) and finds an infinite
        gap after one (from the interval's end to its start), which the minimum leaves as it was."""
        self._start_rows(rows, INF)

    def restore(self, rows: range, start: float) -> None:
        """Make retired pairs count again, from `start` (their holding's, held again where it was)."""
        self._start_rows(rows, start)

    def _start_rows(self, rows: range, start: float) -> None:
        """Set the start of the pairs at `rows`, in the lists and in the arrays already made."""
        starts = self.starts
        for i in rows:
            starts[i] = start
        copied = min(rows.stop, self._done)
        if self._buffers is not None and rows.start < copied:
            self._buffers[0][rows.start:copied] = start

    def copy(self) -> HeldPairs:
        """Another set of the same pairs, for a trial to add to and retire from."""
        other = HeldPairs(self._position)
        other.starts, other.ends, other.hosts = list(self.starts), list(self.ends), list(self.hosts)
        other.amounts = {r: list(column) for r, column in self.amounts.items()}
        other.whole = self.whole
        if self._buffers is not None:
            starts, ends, hosts, amounts = self._buffers
            other._buffers = (starts.copy(), ends.copy(), hosts.copy(), {r: a.copy() for r, a in amounts.items()})
            other._done = done = self._done
            other._views = (other._buffers[0][:done], other._buffers[1][:done], other._buffers[2][:done],
                            {r: held[:done] for r, held in other._buffers[3].items()})
        return other

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Starts, ends, host positions and amounts per resource, as arrays (views of buffers that grow by
        doubling, so that a session adding a reservation between two placements copies only the new pairs)."""
        count, done = len(self.hosts), self._done
        if count > done:
            buffers = self._buffers
            if buffers is None or count > len(buffers[0]):
                size = max(16, 2 * count)
                grown = (np.empty(size), np.empty(size), np.empty(size, dtype=np.intp),
                         {r: np.zeros(size, dtype=np.int64) for r in self.amounts})
                if buffers is not None:
                    for old, new in zip(buffers[:3], grown[:3]):
                        new[:done] = old[:done]
                    for r, old in buffers[3].items():
                        grown[3][r][:done] = old[:done]
                buffers = self._buffers = grown
            buffers[0][done:count] = self.starts[done:]
            buffers[1][done:count] = self.ends[done:]
            buffers[2][done:count] = self.hosts[done:]
            for r, column in self.amounts.items():
                held = buffers[3].get(r)
                if held is None:  # a resource no earlier pair held: zeros before
                    held = buffers[3][r] = np.zeros(len(buffers[0]), dtype=np.int64)
                held[done:count] = column[done:]
            self._done = done = count
            self._views = (buffers[0][:count], buffers[1][:count], buffers[2][:count],
                           {r: held[:count] for r, held in buffers[3].items()})
        return self._views

    def held_at(self, at: float, host_count: int) -> dict[str, np.ndarray]:
        """Per host resource, what each host holds at the instant `at` (every pair with start <= at < end summed),
        in cluster host order; exact while `whole`."""
        starts, ends, hosts, amounts = self.arrays()
        holding = (starts <= at) & (at < ends)
        held_hosts = hosts[holding]
        found = {}
        for resource, column in amounts.items():
            held = np.zeros(host_count, dtype=np.int64)
            np.add.at(held, held_hosts, column[holding])
            found[resource] = held
        return found

    def most_held(self, a: float, b: float, host_count: int) -> dict[str, np.ndarray]:
        """Per host resource, the most each host holds at any instant of [a, b), in cluster host order: the
        reference's projection of the host amounts, exact while `whole`."""
        starts, ends, hosts, amounts = self.arrays()
        at_a = (starts <= a) & (a < ends)
        later = (a < starts) & (starts < b)
        if not later.any():  # nothing is taken after a: the most held is what is held at a
            most = {}
            for resource, column in amounts.items():
                held = np.zeros(host_count, dtype=np.int64)
                np.add.at(held, hosts[at_a], column[at_a])
                most[resource] = held
            return most
        ending = (at_a | later) & (ends < b)
        host = np.concatenate((hosts[at_a], hosts[later], hosts[ending]))
        held_at_a, starting = int(at_a.sum()), int(later.sum())
        time = np.concatenate((np.full(held_at_a, -INF), starts[later], ends[ending]))
        kind = np.concatenate((np.ones(held_at_a + starting, dtype=np.int8),  # what a holds counts as a start
                               np.zeros(int(ending.sum()), dtype=np.int8)))
        order = np.lexsort((kind, time, host))  # by host, then time; at one instant ends before starts
        host = host[order]
        first = np.flatnonzero(np.concatenate(([True], host[1:] != host[:-1])))
        most = {}
        for resource, column in amounts.items():
            change = np.concatenate((column[at_a], column[later], -column[ending]))[order]
            running = np.cumsum(change)
            before = np.repeat(running[first] - change[first], np.diff(np.append(first, len(change))))
            held = np.zeros(host_count, dtype=np.int64)
            # every host starts from 0, so its most is never below it (a change's running sum may dip under 0 only
            # between the end and the start of an empty holding at one instant)
            held[host[first]] = np.maximum(np.maximum.reduceat(running - before, first), 0)
            most[resource] = held
        return most


def gap_terms(start: float, end: float, a: float, b: float) -> tuple[float, float]:
    """The terms one pair on [start, end) gives its host's gaps in idle_gaps() (the least of which each gap is):
    before `a` and after `b`, infinite on a side where it gives none."""
    return (a - min(end, a) if start < a else INF), (max(start, b) - b if end > b else INF)


def idle_gaps(starts: np.ndarray, ends: np.ndarray, hosts: np.ndarray, idle: np.ndarray, a: float,
              b: float) -> tuple[np.ndarray, np.ndarray]:
    """Best fit in time from the pair arrays (HeldPairs.arrays): how long each host, in cluster order, would stay
    idle just before `a` (since its last end: a pair's or, `idle`, a job's that already ended, -inf for none) and
    just after `b` (until a pair next holds it) if it took a holding on [a, b); infinite on a side where nothing
    holds it."""
    held_before, held_after = starts < a, ends > b
    before, after = a - np.minimum(idle, a), np.full(len(idle), INF)  # a host never left: idle for ever before
    np.minimum.at(before, hosts[held_before], a - np.minimum(ends[held_before], a))
    np.minimum.at(after, hosts[held_after], np.maximum(starts[held_after], b) - b)
    return before, after
