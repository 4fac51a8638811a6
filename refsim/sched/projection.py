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

from dataclasses import dataclass

import numpy as np

from refsim.sched.decisions import Allocation, HostColumns

INF = float("inf")


@dataclass(frozen=True)
class PairRows:
    """An allocation's pairs as HeldPairs writes them, for the cluster host positions `position`."""

    position: dict[str, int]
    hosts: np.ndarray
    amounts: dict[str, np.ndarray]


class HeldPairs:
    """Every (holding, host) pair's start, end, host position and host amounts, in the order holdings were added,
    in arrays that grow by doubling (a session adds a holding between two placements: only its pairs are written).
    Hosts the cluster no longer has are left out: nothing places on them, and best fit ranks them nowhere."""

    def __init__(self, position: dict[str, int]) -> None:
        self._position = position
        self._count = 0  # pairs added; the buffers' rows beyond hold nothing (amounts 0)
        self._starts, self._ends = np.empty(16), np.empty(16)
        self._hosts = np.empty(16, dtype=np.intp)
        self._amounts: dict[str, np.ndarray] = {}  # per host resource, one amount per row (0 where it holds none)
        self.whole = True
        self._views: tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]] | None = None

    def add(self, start: float, end: float, allocation: Allocation) -> range:
        """Add a holding's pairs; the rows they take (for retire())."""
        columns = allocation.columns  # worked out once per allocation: a running job is held every session
        self.whole = self.whole and columns.whole
        positions, amounts = self._rows_of(columns)
        count = self._count
        stop = count + len(positions)
        if stop > len(self._starts):
            self._grow(stop)
        self._starts[count:stop] = start
        self._ends[count:stop] = end
        self._hosts[count:stop] = positions
        for resource, values in amounts.items():
            column = self._amounts.get(resource)
            if column is None:  # a resource no earlier pair held: 0 on every row before
                column = self._amounts[resource] = np.zeros(len(self._starts), dtype=np.int64)
            column[count:stop] = values
        self._count, self._views = stop, None
        return range(count, stop)

    def _rows_of(self, columns: HostColumns) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """An allocation's pairs as rows: its hosts' positions (hosts the cluster no longer has left out) and their
        amounts, worked out once per allocation and cluster and kept with its columns."""
        kept = columns.derived.get("pair rows")
        if isinstance(kept, PairRows) and kept.position is self._position:
            return kept.hosts, kept.amounts
        found = list(map(self._position.get, columns.hosts))
        keep = None if None not in found else [n for n, i in enumerate(found) if i is not None]
        rows = self.known(columns, np.array(found if keep is None else [found[n] for n in keep], dtype=np.intp), keep)
        return rows.hosts, rows.amounts

    def known(self, columns: HostColumns, hosts: np.ndarray, keep: list[int] | None = None) -> PairRows:
        """Keep the rows of an allocation whose hosts' positions are known (`hosts`, in its order), so that holding
        it does not work them out again. `keep`: the entries of the columns they are, when some host is not the
        cluster's (all, when None)."""
        amounts = {r: np.array(values if keep is None else [values[n] for n in keep], dtype=np.int64)
                   for r, values in columns.amounts.items()}
        rows = columns.derived["pair rows"] = PairRows(self._position, hosts, amounts)
        return rows

    def _grow(self, needed: int) -> None:
        size, count = max(16, 2 * needed), self._count
        starts, ends, hosts = np.empty(size), np.empty(size), np.empty(size, dtype=np.intp)
        starts[:count], ends[:count], hosts[:count] = self._starts[:count], self._ends[:count], self._hosts[:count]
        self._starts, self._ends, self._hosts = starts, ends, hosts
        for resource, old in self._amounts.items():
            column = self._amounts[resource] = np.zeros(size, dtype=np.int64)
            column[:count] = old[:count]

    def retire(self, rows: range) -> None:
        """Make a holding's pairs count no more (it moved, or a trial lifts it): each is set to start at infinity,
        which every reader passes over. It holds at no instant (it starts after every instant and every interval's
        end), and best fit never counts it before an interval (only pairs that start before it) and finds an infinite
        gap after one (from the interval's end to its start), which the minimum leaves as it was."""
        self._starts[rows.start:rows.stop] = INF

    def restore(self, rows: range, start: float) -> None:
        """Make retired pairs count again, from `start` (their holding's, held again where it was)."""
        self._starts[rows.start:rows.stop] = start

    def copy(self) -> HeldPairs:
        """Another set of the same pairs, for a trial to add to and retire from."""
        other = HeldPairs(self._position)
        other._count, other.whole = self._count, self.whole
        other._starts, other._ends, other._hosts = self._starts.copy(), self._ends.copy(), self._hosts.copy()
        other._amounts = {r: column.copy() for r, column in self._amounts.items()}
        return other

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Starts, ends, host positions and amounts per resource, as arrays (views of the buffers: a pair retired or
        restored later shows in them)."""
        if self._views is None:
            count = self._count
            self._views = (self._starts[:count], self._ends[:count], self._hosts[:count],
                           {r: column[:count] for r, column in self._amounts.items()})
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
