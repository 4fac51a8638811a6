"""A captured trace as structured records. A line is a depth and parts, where an amount stays a number with its
unit until rendering, so a stored trace re-renders in whatever units mode is in effect when it is shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from refsim.model.jobid import JobId
from refsim.model.units import Amount
from refsim.sched.events import VerdictKind
from refsim.trace.settings import Level


class Amt(NamedTuple):  # amounts and lines are named tuples: a traced decision makes hundreds of them
    value: Amount
    unit: str | None = None


Part = str | Amt


class Line(NamedTuple):
    depth: int
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Totals:
    """Decision-wide counts, exact even when lines were omitted (a host evaluation with several reasons counts
    under each verdict kind it matched)."""

    plans_tried: int
    plans_discarded: int
    verdicts: tuple[tuple[VerdictKind, int], ...]
    discipline: tuple[tuple[str, int], ...] = ()  # the discipline section's counts (non-greedy disciplines only)


@dataclass(frozen=True)
class Trace:
    job: JobId
    round: int
    position: int | None  # None for a reconstructed dispatch
    level: Level
    head: tuple[Line, ...]      # block header and selection: never capped
    body: tuple[Line, ...]      # requirements, cluster-wide checks, plans, positions, hosts: capped
    omitted: int                # body lines past the bound
    bound: int
    totals: Totals
    outcome: tuple[Line, ...]   # always shown, at most 50 hosts listed
    discipline: tuple[Line, ...] = ()  # between head and body, counted in the bound (non-greedy disciplines)
