"""Dispatching disciplines: which pending job the session tries next and whether a job that fits may start
(docs/disciplines.md). Placement stays with the allocator; each discipline is one small module."""

from __future__ import annotations

from collections.abc import Callable

from refsim.sched.disciplines.base import Discipline, Round
from refsim.sched.disciplines.conservative import Conservative
from refsim.sched.disciplines.conservative_drevt import DrevtConservative
from refsim.sched.disciplines.easy import Easy
from refsim.sched.disciplines.greedy import Greedy
from refsim.sched.disciplines.strict import Strict
from refsim.sched.results import Ruling, StartRule

DEFAULT = "greedy"
DISCIPLINES: dict[str, Callable[[], Discipline]] = {
    "greedy": Greedy,
    "strict": Strict,
    "easy": lambda: Easy(textbook=True),
    "conservative": Conservative,
    "easy-drevt": lambda: Easy(textbook=False),
    "conservative-drevt": DrevtConservative,
}


def discipline(name: str) -> Discipline:
    """The discipline called `name`; KeyError names the choices."""
    try:
        return DISCIPLINES[name]()
    except KeyError:
        raise KeyError(f"unknown discipline '{name}' (expected one of: {', '.join(DISCIPLINES)})") from None


__all__ = ["DEFAULT", "DISCIPLINES", "Discipline", "Round", "Ruling", "StartRule", "discipline"]
