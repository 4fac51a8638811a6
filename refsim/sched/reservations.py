"""What planning finds: a blocked job's backfill reservation, and the extra resources left at its planned start.

Floor: below the reservation profile (refsim/sched/profile.py, which makes them) and the rulings that carry them
(refsim/sched/results.py); it reads only allocations."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.model.jobid import JobId
from refsim.model.units import Amount
from refsim.sched.decisions import Allocation


@dataclass(frozen=True)
class Reservation:
    """A blocked job's backfill reservation: its planned start, the end of its run limit from there, the
    concrete allocation the allocator found on the projected state, and the running jobs whose planned ends
    (start + run limit) fall after now and no later than the planned start: those that free its resources.
    `moved`: earlier backfill reservations placed again on other hosts, at their own times, to make room for it
    (applied by Profile.reserve, or Profile.relocate when the job starts now)."""

    job: JobId
    planned_start: float
    end: float
    allocation: Allocation
    freed_by: tuple[JobId, ...]
    moved: tuple[Reservation, ...] = ()


@dataclass(frozen=True)
class Extra:
    """What is free at a reservation's planned start beyond the reservation's own allocation: per host and
    resource, and per shared resource (only positive amounts)."""

    hosts: tuple[tuple[str, tuple[tuple[str, Amount], ...]], ...]
    shared: tuple[tuple[str, Amount], ...]
