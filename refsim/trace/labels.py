"""Words for the trace: requirement labels, plans, host verdicts and reasons, check items."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from refsim.model.units import Amount
from refsim.sched.events import CheckItem, CheckKind, HostVerdict, Path, Plan, Reason, Role, VerdictKind
from refsim.trace.nearest import Lack, Miss
from refsim.trace.records import Amt, Part

UnitOf = Callable[[str], str | None]


def requirement_label(path: Path) -> str:
    """`single requirement`, `alternative 2 of 3`, `member 1 of 2`, nested: `alternative 2 of 2 > member 1 of 2`."""
    if not path:
        return "requirement"
    return "requirement " + " > ".join(
        f"{'member' if s.role is Role.MEMBER else 'alternative'} {s.index} of {s.count}" for s in path)


def plan_parts(plan: Plan, runs: bool = False) -> tuple[Part, ...]:
    """`plan 2: 3 hosts, tasks per position [8,8,2]`; with `runs`, equal counts in a row written once with their
    number: `[8 x2,2]`, `[1 x128]`."""
    hosts = f"{plan.hosts} host{'s' if plan.hosts != 1 else ''}"
    tasks = task_runs(plan.tasks) if runs else ",".join(str(t) for t in plan.tasks)
    return (f"plan {plan.number}: {hosts}, tasks per position [{tasks}]",)


def task_runs(tasks: tuple[int, ...]) -> str:
    """Task counts with each run of two or more equal counts written once: `8 x2,2`."""
    out: list[str] = []
    i = 0
    while i < len(tasks):
        j = i
        while j < len(tasks) and tasks[j] == tasks[i]:
            j += 1
        out.append(f"{tasks[i]} x{j - i}" if j - i > 1 else str(tasks[i]))
        i = j
    return ",".join(out)


def amounts(pairs: Iterable[tuple[str, Amount]], unit_of: UnitOf, separator: str = ", ") -> tuple[Part, ...]:
    parts: list[Part] = []
    for name, value in pairs:
        if parts:
            parts.append(separator)
        parts += [f"{name} ", Amt(value, unit_of(name))]
    return tuple(parts)


def check_parts(item: CheckItem, unit_of: UnitOf) -> tuple[Part, ...]:
    unit = unit_of(item.resource)
    if item.kind is CheckKind.SHARED:
        verdict = "passed" if item.passed else "failed: shared-resource shortfall"
        return (f"shared {item.name}: total ", Amt(item.total, unit), ", used ", Amt(item.used, unit),
                ", reserved ", Amt(item.reserved, unit), ", requested ", Amt(item.requested, unit), f": {verdict}")
    verdict = "passed" if item.passed else "failed: limit rejection"
    return (f"limit {item.name}[{item.scope}] {item.resource}: value ", Amt(item.total, unit), ", usage ",
            Amt(item.used, unit), ", reserved ", Amt(item.reserved, unit), ", requested ",
            Amt(item.requested, unit), f": {verdict}")


def reason_parts(reason: Reason, unit_of: UnitOf) -> tuple[Part, ...]:
    stage = f"({reason.stage.value})"
    if reason.kind is VerdictKind.SELECTION_MISMATCH:
        what = "host closed" if reason.subject == "host closed" else f"select[{reason.subject}]"
        return (f"selection mismatch {stage}: {what}",)
    unit = unit_of(reason.resource or reason.subject)
    numbers = (", used ", Amt(reason.used, unit), ", reserved ", Amt(reason.reserved, unit), ", requested ",
               Amt(reason.requested, unit))
    if reason.kind is VerdictKind.RESOURCE_SHORTFALL:
        return (f"resource shortfall {stage}: {reason.subject} total ", Amt(reason.total, unit)) + numbers
    return (f"limit exceeded {stage}: {reason.subject}[{reason.scope}] {reason.resource} value ",
            Amt(reason.total, unit), ", usage ", Amt(reason.used, unit), ", reserved ", Amt(reason.reserved, unit),
            ", requested ", Amt(reason.requested, unit))


def verdict_parts(verdict: HostVerdict, unit_of: UnitOf) -> tuple[Part, ...]:
    parts: list[Part] = [f"{verdict.host}: "]
    if verdict.error is not None:
        parts.append(f"not evaluated: internal error: {verdict.error}")
    elif not verdict.reasons:
        parts.append(verdict.kinds[0].value)
    else:
        for i, reason in enumerate(verdict.reasons):
            parts += (["; "] if i else []) + list(reason_parts(reason, unit_of))
    if verdict.not_performed:
        parts.append(f"; not performed: {', '.join(verdict.not_performed)}")
    return tuple(parts)


def _lack_parts(lack: Lack, unit_of: UnitOf) -> tuple[Part, ...]:
    unit = unit_of(lack.resource or lack.subject)
    if lack.kind is VerdictKind.RESOURCE_SHORTFALL:
        return (f"{lack.subject} short by ", Amt(lack.short, unit))
    return (f"{lack.subject}[{lack.scope}] {lack.resource} over by ", Amt(lack.short, unit))


def misses_parts(misses: tuple[Miss, ...], unit_of: UnitOf) -> tuple[Part, ...]:
    """`nearest misses: n05 (mem short by 2G), n07 (slots short by 1; mem short by 1G)`."""
    parts: list[Part] = ["nearest misses: "]
    for i, miss in enumerate(misses):
        parts += ([", "] if i else []) + [f"{miss.host} ("]
        for j, lack in enumerate(miss.lacks):
            parts += (["; "] if j else []) + list(_lack_parts(lack, unit_of))
        parts.append(")")
    return tuple(parts)
