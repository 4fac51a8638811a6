"""Which backfill reservations a run meets: both intervals are half-open, so a run that ends as a reservation starts,
or starts as one ends, meets none (the slots are handed over at that instant, as the profile hands them over)."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation
from refsim.sched.disciplines.base import overlapping
from refsim.sched.reservations import Reservation


def _reserved(job: int, start: float, end: float) -> Reservation:
    return Reservation(JobId(job), start, end, Allocation(()), ())


def test_a_run_meets_the_reservations_it_shares_an_instant_with_and_no_other():
    """Reservation 1 holds [50, 150), reservation 2 [150, 200). Kills: sched/disciplines/base.py:overlapping
    `r.planned_start < end` -> `<=` (a run [0, 50) taken to meet reservation 1, which starts as it ends) and
    `start < r.end` -> `<=` (a run from 150 taken to meet reservation 1, which ends as it starts)."""
    one, two = _reserved(1, 50, 150), _reserved(2, 150, 200)
    assert overlapping([one, two], 0, 50) == ()
    assert overlapping([one, two], 0, 51) == (one,)
    assert overlapping([one, two], 149, 150) == (one,)
    assert overlapping([one, two], 150, 160) == (two,)
    assert overlapping([one, two], 100, 175) == (one, two)
