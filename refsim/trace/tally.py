"""Counting host verdicts for a trace: per position (its summary line, its JSON counts) and per decision (the
totals), once per position rather than once per host, since a traced scan reports every host it considers."""

from __future__ import annotations

from collections.abc import Sequence

from refsim.sched.events import HostVerdict, VerdictKind

KINDS = tuple(VerdictKind)  # in display order
REJECTIONS = KINDS[1:]
assert KINDS[0] is VerdictKind.ACCEPTED


class VerdictTally:
    def __init__(self) -> None:
        self.totals: dict[VerdictKind, int] = dict.fromkeys(KINDS, 0)
        self.position: Sequence[HostVerdict] = ()  # the current position's verdicts, in scan order
        self._counted = True

    def start_position(self) -> None:
        if not self._counted:
            self.count_position()
        self.position, self._counted = (), False

    def scanned(self, verdicts: tuple[HostVerdict, ...]) -> None:
        """The verdicts of the current position's scan (a position is scanned once)."""
        self.position = verdicts

    def count_position(self) -> dict[VerdictKind, int]:
        """The current position's count per verdict kind (a host with several reasons counted under each kind it
        matched), added to the totals the first time it is asked for (at the latest when the next position
        starts or the trace is taken)."""
        counts: dict[VerdictKind, int] = {}
        get = counts.get
        for verdict in self.position:
            for kind in verdict.kinds:
                counts[kind] = get(kind, 0) + 1
        if not self._counted:
            totals = self.totals
            for kind, n in counts.items():
                totals[kind] += n
            self._counted = True
        return counts
