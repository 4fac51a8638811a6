"""Plain answers from checks already performed: how much of a failed plan was placed, and the hosts that came
closest to filling a position. Nothing here checks a host again (spec 5.1): it reads the verdicts the scan made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from refsim.model.units import Amount, normalise
from refsim.sched.events import HostVerdict, Plan, Reason, VerdictKind

MAX_MISSES = 5


@dataclass(frozen=True)
class Lack:
    """What one failed check says the host lacked: `short` is how much more it would have needed. Only a resource
    shortfall or a limit rejection is a lack: a host that does not match the selection is never a miss."""

    kind: VerdictKind
    subject: str              # the resource, or the limit name
    scope: str | None
    resource: str | None
    short: Amount


@dataclass(frozen=True)
class Miss:
    host: str
    failed: int               # the number of checks that failed on it
    lacks: tuple[Lack, ...]


def lack_of(reason: Reason) -> Lack:
    if reason.kind is VerdictKind.RESOURCE_SHORTFALL:
        short = reason.requested - (reason.total - reason.used - reason.reserved)
        return Lack(reason.kind, reason.subject, None, reason.subject, normalise(short))
    short = reason.used + reason.reserved + reason.requested - reason.total
    return Lack(reason.kind, reason.subject, reason.scope, reason.resource, normalise(short))


def nearest_misses(verdicts: Sequence[HostVerdict]) -> tuple[Miss, ...]:
    """Up to five rejected hosts with the fewest failed checks, ties broken by scan order. Hosts skipped as
    already claimed or not evaluated failed no check, and a host that does not match the selection (or is closed)
    could never take the job whatever is freed, so none of these is a miss."""
    rejected = [(len(v.reasons), i, v) for i, v in enumerate(verdicts)
                if v.reasons and VerdictKind.SELECTION_MISMATCH not in v.kinds]
    rejected.sort(key=lambda t: (t[0], t[1]))
    return tuple(Miss(v.host, n, tuple(lack_of(r) for r in v.reasons)) for n, _, v in rejected[:MAX_MISSES])


def has_miss(verdicts: Sequence[HostVerdict]) -> bool:
    """Whether nearest_misses(verdicts) names any host, without ranking them."""
    return any(v.reasons and VerdictKind.SELECTION_MISMATCH not in v.kinds for v in verdicts)


def unplaced(plan: Plan, failed_position: int) -> tuple[int, int]:
    """(tasks placed on the positions filled before the failed one, tasks left unplaced)."""
    placed = sum(plan.tasks[:failed_position - 1])
    return placed, sum(plan.tasks) - placed


def filled_words(failed_position: int) -> str:
    """`no position filled`, `position 1 filled`, `positions 1-24 filled`."""
    before = failed_position - 1
    if before == 0:
        return "no position filled"
    return "position 1 filled" if before == 1 else f"positions 1-{before} filled"
