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

import numpy as np

from refsim.model.jobs import Job
from refsim.model.resources import SLOTS
from refsim.resreq.ast import Requirement, Single
from refsim.sched.candidates import StateView
from refsim.sched.decisions import Allocation
from refsim.sched.freeindex import FreeIndex

PLAIN = Single()  # a requirement with nothing in it: what an empty requirement string parses to
_ONE_SLOT = ((SLOTS, 1),)  # one task's demand on a host, as the ledger builds it


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
    found = index.candidates(state.usage, state.select_matches, PLAIN, _ONE_SLOT, hosts)
    if len(found) < tasks:
        return None
    position = index.position
    return on_positions(index, [position[hosts[i].name] for i in found[:tasks]])


def first_projected_free(open_hosts: np.ndarray, held: np.ndarray | None, ranked: np.ndarray | None,
                         tasks: int) -> np.ndarray | None:
    """first_free_hosts() on a projected state, from its arrays: the cluster positions of the first `tasks` open
    hosts holding no slot over the interval (`held`: the slots each host holds at most then, None for none), in
    best-fit order (`ranked`: the cluster positions in that order; None for the cluster's), or None when fewer
    are free. This is the projected state's candidate search for one slot, made without the state."""
    free = open_hosts if held is None else open_hosts & (held == 0)
    found = np.flatnonzero(free) if ranked is None else ranked[free[ranked]]
    return found[:tasks] if len(found) >= tasks else None


def on_positions(index: FreeIndex, positions: list[int]) -> Allocation:
    """A slot on each host at `positions` (in cluster order), in that order: the allocation the ledger builds
    for one-task positions."""
    holds = index.slot_holds()
    return Allocation(tuple([holds[i] for i in positions]))
