"""A captured trace as structured records. A line is a depth and parts, where an amount stays a number with its
unit until rendering, so a stored trace re-renders in whatever units mode is in effect when it is shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


def same_form_key(line: Line) -> Line | None:
    """The line itself when every line equal to it renders and encodes exactly as it does, so what was made for
    one can be reused for the other; None when not, or when the line is one text (cheaper to make again than to
    look up). Text compares exactly, but an amount compares by value (1 == 1.0 == True, 0.0 == -0.0), so only
    lines whose amounts are all ints qualify."""
    parts = line.parts
    if len(parts) < 2:
        return None
    for part in parts:
        if part.__class__ is not str and part.value.__class__ is not int:  # type: ignore[union-attr]
            return None
    return line


class LineMemo:
    """What was made from each distinct line (its text or its JSON), reused for lines equal to it: a traced
    replay shows the same lines again and again (a host's share of an allocation, a position filled by a host, a
    host's verdict). Bounded: emptied when full."""

    def __init__(self, make: Callable[[Line], str], limit: int = 1 << 16) -> None:
        self.make, self.limit = make, limit
        self._made: dict[Line, str] = {}

    def __call__(self, line: Line) -> str:
        return self.each((line,))[0]

    def each(self, lines: Iterable[Line]) -> list[str]:
        """What is made from each line, in order."""
        made_of, make = self._made, self.make
        out = []
        for line in lines:
            key = same_form_key(line) if len(line.parts) > 1 else None
            if key is None:
                out.append(make(line))
                continue
            made = made_of.get(key)
            if made is None:
                made = make(line)
                if len(made_of) >= self.limit:
                    made_of.clear()
                made_of[key] = made
            out.append(made)
        return out


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
