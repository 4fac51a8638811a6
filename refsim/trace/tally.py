"""Counting host verdicts for a trace: per position (its summary line, its JSON counts) and per decision (the
totals), once per position rather than once per host, since a traced scan reports every host it considers."""

from __future__ import annotations

from collections.abc import Iterable

from refsim.sched.events import HostVerdict, VerdictKind

KINDS = tuple(VerdictKind)  # in display order
REJECTIONS = KINDS[1:]
assert KINDS[0] is VerdictKind.ACCEPTED


def kind_counts(verdicts: Iterable[HostVerdict]) -> dict[VerdictKind, int]:
    """One position's count per verdict kind (a host with several reasons counted under each kind it matched)."""
    counts: dict[VerdictKind, int] = {}
    get = counts.get
    for verdict in verdicts:
        for kind in verdict.kinds:
            counts[kind] = get(kind, 0) + 1
    return counts


class VerdictTally:
    def __init__(self) -> None:
        self.totals: dict[VerdictKind, int] = dict.fromkeys(KINDS, 0)

    def count(self, verdicts: Iterable[HostVerdict]) -> dict[VerdictKind, int]:
        """kind_counts(verdicts), added to the decision's totals."""
        counts = kind_counts(verdicts)
        totals = self.totals
        for kind, n in counts.items():
            totals[kind] += n
        return counts
