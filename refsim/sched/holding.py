"""A holding: an allocation held over a time interval, by a running job or a backfill reservation. The reservation
profile holds them (refsim/sched/profile.py) and the placement recall logs them (refsim/sched/recall.py).

Floor: among the planning modules' data types, below the recall and the profile; it reads allocations only."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation


@dataclass(frozen=True)
class Holding:
    """An allocation held on `[start, end)`: a running job (start <= now) or a backfill reservation."""

    job: JobId
    start: float
    end: float
    allocation: Allocation

    @cached_property
    def hosts(self) -> tuple[str, ...]:
        return tuple(h.host for h in self.allocation.hosts)

    @cached_property
    def host_set(self) -> frozenset[str]:
        return frozenset(self.hosts)

    def meets(self, other: Holding) -> bool:
        """Whether the two could compete: their intervals overlap and they share a host, or either holds shared
        amounts or cluster-wide limit charges. (`other`'s hosts are read as a set, kept: a search places few holdings
        and asks each whether many others meet it.)"""
        if not (self.start < other.end and other.start < self.end):
            return False
        if self.allocation.shared or self.allocation.limit_charges or other.allocation.shared \
                or other.allocation.limit_charges:
            return True
        return not other.host_set.isdisjoint(self.hosts)
