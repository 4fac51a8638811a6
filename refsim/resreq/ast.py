"""The parsed form of a resource requirement."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.resreq.select import SelectExpr


@dataclass(frozen=True)
class Span:
    """``span[hosts=1]`` (all tasks on one host) or ``span[ptile=N]`` (N tasks per host)."""

    hosts: int | None = None
    ptile: int | None = None

    def __str__(self) -> str:
        return "span[hosts=1]" if self.hosts == 1 else f"span[ptile={self.ptile}]"


@dataclass(frozen=True)
class OrderKey:
    """One host-ordering key: a numeric host resource, ascending unless `descending`."""

    resource: str
    descending: bool = False

    def __str__(self) -> str:
        return f"{'-' if self.descending else ''}{self.resource}"


@dataclass(frozen=True)
class Single:
    """A simple requirement. `rusage` amounts are per task for host resources and per job for shared ones."""

    select: SelectExpr | None = None
    order: tuple[OrderKey, ...] = ()
    rusage: tuple[tuple[str, int | float], ...] = ()
    span: Span | None = None

    def __str__(self) -> str:
        parts = []
        if self.select is not None:
            parts.append(f"select[{self.select.text}]")
        if self.order:
            parts.append(f"order[{':'.join(str(k) for k in self.order)}]")
        if self.rusage:
            parts.append("rusage[" + ":".join(f"{n}={v}" for n, v in self.rusage) + "]")
        if self.span is not None:
            parts.append(str(self.span))
        return " ".join(parts)


@dataclass(frozen=True)
class Empty:
    """The empty alternative ``{}``: it has no requirement content and is skipped, never evaluated."""

    def __str__(self) -> str:
        return "{}"


@dataclass(frozen=True)
class Compound:
    """``N*{...} + M*{...}``: every member must be placed, in order; each member has a fixed task count."""

    members: tuple[tuple[int, Requirement], ...]

    def __str__(self) -> str:
        return " + ".join(f"{n}*{{{m}}}" for n, m in self.members)


@dataclass(frozen=True)
class Alternatives:
    """``{...} || {...}``: tried in order; the first satisfied one wins."""

    options: tuple[Requirement, ...]

    def __str__(self) -> str:
        return " || ".join(f"{{{o}}}" if not isinstance(o, Empty) else "{}" for o in self.options)


Requirement = Single | Compound | Alternatives | Empty
