"""Placements of plain jobs on one-slot clusters, without the requirement tree.

On a cluster whose every host has one slot, and no limit, a job with no requirement string (no select, order, rusage
or span) and one task count `n` is placed by the allocator as follows (docs/planning.md, "Generation order"): the
plans over 1, 2, 4, ... hosts put more than one task on a position and are discarded (no open host has more than one
slot), then the plan of `n` one-task positions is filled from the start of the scan order, each position taking the
next host judge() accepts: an open host with its slot free (the job asks for nothing else, and no limit counts it).
When fewer than `n` hosts are such, that plan fails and no fill plan is made (the shares place fewer than `n`
tasks). So the allocation is the first `n` candidate hosts in scan order, one slot each, or none: what this module
gives on the fast path. tests/property/test_one_slot.py holds it to the allocator's own placement, and the
differential properties (fast path against the reference path, every discipline) to every decision.

Floor: beside refsim.sched.candidates, whose state protocol it reads; below the allocator, which calls it. It
imports only refsim.model, refsim.resreq and refsim.sched's candidates and decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import overload

import numpy as np

from refsim.model.jobs import Job
from refsim.model.resources import SLOTS
from refsim.resreq.ast import Requirement, Single
from refsim.sched.candidates import StateView
from refsim.sched.decisions import Allocation
from refsim.sched.freeindex import FreeIndex
from refsim.sched.projection import idle_gaps

PLAIN = Single()  # a requirement with nothing in it: what an empty requirement string parses to
ONE_SLOT = ((SLOTS, 1),)  # one task's demand on a host, as the ledger builds it


def plain_tasks(state: StateView, job: Job, requirement: Requirement | None) -> int | None:
    """The job's task count when its placement is the first free hosts in scan order (see above), else None (also
    for a job without a scheduling object: `requirement` None)."""
    if requirement != PLAIN or job.min_tasks != job.max_tasks:
        return None
    return job.min_tasks if state.free_index().one_slot_hosts else None


def first_free_hosts(state: StateView, tasks: int) -> Allocation | None:
    """The first `tasks` hosts in scan order that are open with their slot free, a slot on each; None when fewer
    are. Only for a job plain_tasks() gives `tasks` for."""
    hosts, index = state.scan_order(()), state.free_index()
    found = index.candidates(state.usage, state.select_matches, PLAIN, ONE_SLOT, hosts)
    if len(found) < tasks:
        return None
    position = index.position
    return on_positions(index, [position[hosts[i].name] for i in found[:tasks]])


def first_free_over(pairs: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None], open_hosts: np.ndarray,
                    idle: np.ndarray, a: float, b: float, tasks: int) -> np.ndarray | None:
    """first_free_hosts() on the state projected over [a, b), from a reservation profile's (holding, host) pairs
    (starts, ends, host positions and slot amounts, None for none; HeldPairs.arrays) and each host's last end
    (`idle`, by cluster position, -inf for none: SchedulerState.idle_times): the cluster positions of the first
    `tasks` open hosts that hold no slot over the interval, in best-fit order, or None when fewer are free.

    A host holds a slot at some instant of [a, b) exactly when one of its pairs with a slot holds at a, or starts
    after a and before b and is not empty (it then holds at its start): the projection's most held (never
    negative) is above 0 exactly then. The best-fit order is BestFit.ranked() without order[] keys (idle the
    shortest just before a, then just after b, then cluster order: projection.idle_gaps), among the free hosts alone,
    the only ones it decides between."""
    ranking = free_ranked(pairs, open_hosts, idle, a, b, tasks)
    return None if ranking is None else ranking.ranked[:tasks]


@dataclass(frozen=True)
class Ranking:
    """The free hosts of one interval and their best-fit keys (free_ranked())."""

    free: np.ndarray  # per cluster position: open and holding no slot over the interval
    before: np.ndarray  # per cluster position, read only where free: idle just before the interval
    after: np.ndarray  # likewise, just after it
    ranked: np.ndarray  # the free hosts' positions, best fit first


def free_ranked(pairs: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None], open_hosts: np.ndarray,
                idle: np.ndarray, a: float, b: float, tasks: int) -> Ranking | None:
    """What first_free_over() reads and ranks: the free hosts over [a, b), each one's gaps and their best-fit order;
    None when fewer than `tasks` are free (nothing is ranked then)."""
    starts, ends, hosts, slots = pairs
    free = open_hosts.copy()
    if slots is not None and len(starts):
        free[hosts[holds_over(starts, ends, a, b) & (slots > 0)]] = False
    candidates = np.flatnonzero(free)
    if len(candidates) < tasks:
        return None
    on = free[hosts]  # the pairs of the free hosts: the others' gaps are never read
    before, after = idle_gaps(starts[on], ends[on], hosts[on], idle, a, b)
    ranked = np.lexsort((candidates, after[candidates], before[candidates]))
    return Ranking(free, before, after, candidates[ranked])


@overload
def holds_over(start: float, end: float, a: float, b: float) -> bool: ...


@overload
def holds_over(start: np.ndarray, end: np.ndarray, a: float, b: float) -> np.ndarray: ...


def holds_over(start: float | np.ndarray, end: float | np.ndarray, a: float, b: float) -> bool | np.ndarray:
    """Whether a holding on [start, end) holds at some instant of [a, b) (at the instant, for a == b): for a < b, it
    holds at a, or starts after a and before b and is not empty. Element by element for arrays."""
    if a < b:
        return (start < b) & (a < end) & (start < end)
    return (start <= a) & (a < end)


def on_positions(index: FreeIndex, positions: list[int]) -> Allocation:
    """A slot on each host at `positions` (in cluster order), in that order: the allocation the ledger builds
    for one-task positions."""
    holds = index.slot_holds()
    return Allocation.slot_on_each(tuple([holds[i] for i in positions]))
