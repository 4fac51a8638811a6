"""The fast path's host source for scans: only the candidate hosts (refsim/sched/freeindex.py), in the same cyclic
scan order from the same start as the reference path's every host.

Skipping a host that is no candidate skips only a host `judge()` would reject, so a position finds the same host,
and the claims, the cursor and the allocation are the same. A run of consecutive positions with the same demand
is filled in one step when a host's verdict depends only on that host (placement's _fill_runs says when); on a
candidate the evaluation holds nothing on, for a demand without host-scoped limit terms, judge()'s comparisons
are made without building a verdict (docs/planning.md, "Two paths, one semantics").

Floor: above refsim.sched.freeindex, below refsim.sched.hostscan and placement, which call it (and below state
and evaluation, which it never imports). It imports only refsim.model, refsim.resreq and refsim.sched's
accounting, events, freeindex and ledger: what it reads of a state, an evaluation and a position demand is typed
by the protocols below, and `judge` is passed in.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from refsim.model.cluster import Host
from refsim.model.units import Amount
from refsim.resreq.ast import OrderKey, Single
from refsim.resreq.select import SelectExpr
from refsim.sched.accounting import Usage
from refsim.sched.events import HostVerdict, VerdictKind
from refsim.sched.freeindex import FreeIndex
from refsim.sched.ledger import Ledger

_ACCEPTED_KIND = VerdictKind.ACCEPTED


class StateView(Protocol):
    """What the host source reads of the scheduler state."""

    @property
    def usage(self) -> Usage: ...

    def free_index(self) -> FreeIndex: ...

    def scan_order(self, order: tuple[OrderKey, ...]) -> tuple[Host, ...]: ...

    def select_matches(self, select: SelectExpr, host: Host) -> bool: ...


class EvaluationView(Protocol):
    """What the host source reads of the evaluation (refsim.sched.evaluation.Evaluation)."""

    @property
    def state(self) -> StateView: ...

    @property
    def ledger(self) -> Ledger: ...


class DemandView(Protocol):
    """What the host source reads of a position's demand (refsim.sched.hostscan.PositionDemand)."""

    @property
    def single(self) -> Single: ...

    @property
    def resources(self) -> tuple[tuple[str, Amount], ...]: ...

    @property
    def terms(self) -> Sequence[object]: ...  # the host-scoped limit terms: only whether there are any is read


if TYPE_CHECKING:  # names read only by annotations, which are never evaluated
    E = TypeVar("E", bound=EvaluationView)
    D = TypeVar("D", bound=DemandView)
    Judge = Callable[[E, Single, Host, D], HostVerdict]  # hostscan.judge, for the evaluation and demand it is given


def fill_run(ev: E, demand: D, start: int, claimed: set[str], count: int,
             judge: Judge[E, D]) -> list[tuple[Host, int]]:
    """Up to `count` hosts judge() accepts for `demand`, with their scan indices, in cyclic scan order from
    `start`, passing over claimed hosts (placement's _fill_runs says when this equals a scan per position).
    When fewer than `count` hosts are candidates none is judged and none is returned: the run fails."""
    state = ev.state
    hosts = state.scan_order(demand.single.order)
    found = state.free_index().candidates(state.usage, state.select_matches, demand.single, demand.resources, hosts)
    if len(found) < count:  # fewer candidates than positions: judge() cannot accept enough of them
        return []
    first = bisect_left(found, start)
    taken: list[tuple[Host, int]] = []
    single = demand.single
    plain = not demand.terms  # no host-scoped limit term: the check below decides as judge() on an unheld host
    held, used, resources = ev.ledger.host_tables(), state.usage.host, demand.resources
    for indices in (found[first:], found[:first]):
        for index in indices:
            host = hosts[index]
            name = host.name
            if name in claimed:
                continue
            if plain and name not in held:  # judge()'s checks of total and total - used, inlined
                capacities, committed = host.capacities, used.get(name)
                for resource, requested in resources:
                    total = capacities.get(resource, 0)
                    if total < requested or total - (committed.get(resource, 0) if committed else 0) < requested:
                        break
                else:
                    taken.append((host, index))
                    if len(taken) == count:
                        return taken
                continue
            if judge(ev, single, host, demand).kinds[0] is not _ACCEPTED_KIND:
                continue
            taken.append((host, index))
            if len(taken) == count:
                return taken
    return taken


def candidate_steps(state: StateView, demand: DemandView, hosts: tuple[Host, ...], start: int) -> Iterator[int]:
    """The scan indices of the candidates for `demand` among `hosts` (the state's scan order of its order[]
    keys), cyclically from `start`: scan_position()'s steps on the fast path."""
    found = state.free_index().candidates(state.usage, state.select_matches, demand.single, demand.resources, hosts)
    first = bisect_left(found, start)
    yield from found[first:]
    yield from found[:first]
