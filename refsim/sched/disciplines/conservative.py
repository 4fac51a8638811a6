"""Conservative backfilling (Mu'alem and Feitelson 2001), rebuilt at every session as Slurm's backfill rebuilds
its plan each cycle.

Every waiting job, in picker order, gets the earliest backfill reservation that fits around the running jobs
(released at start + run limit) and all earlier reservations, intervals half-open: `[s, s + run_limit)`. A job
whose planned start is now starts, on the allocation found; one that fits now but whose planned start is later
pends `backfill-window` naming the first earlier job whose reservation its run would overlap. A job without a
run limit is never backfilled: behind a waiting job it pends `blocked` even when its planned start is now."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Outcome, Pend, PendCode
from refsim.sched.disciplines.base import (RoundBase, Ruling, StartRule, overlapping, reason, started_as,
                                           with_reasons)
from refsim.sched.profile import INF, Reservation, StartOf
from refsim.sched.state import SchedulerState


class ConservativeRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf) -> None:
        super().__init__(state, now, start_of)
        self.reservations: list[Reservation] = []
        self.first_waiting: JobId | None = None

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if isinstance(outcome, Dispatch) and not self.reservations and self.first_waiting is None:
            return outcome, Ruling(StartRule.HEAD)  # nothing reserved: the plan is the current state
        if not isinstance(outcome, (Dispatch, Pend)):
            return outcome, None
        fits = isinstance(outcome, Dispatch)
        reservation = self.profile.earliest(job, from_now=fits)
        end = self.now + job.run_limit if job.run_limit is not None else INF
        ahead = overlapping(self.reservations, self.now, end)
        if isinstance(outcome, Dispatch) and reservation is not None and reservation.planned_start == self.now:
            if self.first_waiting is None:
                return started_as(outcome, reservation.allocation), Ruling(StartRule.HEAD, protects=ahead)
            if job.run_limit is not None:
                return started_as(outcome, reservation.allocation), Ruling(StartRule.PLANNED_NOW, protects=ahead)
        reasons = []
        if reservation is not None:
            self.profile.reserve(reservation)
            self.reservations.append(reservation)
            reasons.append(reason(PendCode.BACKFILL_RESERVATION))
        ruling = Ruling(reservation=reservation, protects=ahead)
        if fits:
            if job.run_limit is None and self.first_waiting is not None:
                reasons.append(reason(PendCode.BLOCKED, self.first_waiting))
                ruling = Ruling(reservation=reservation, protects=ahead, blocked_by=self.first_waiting)
            else:
                delays = ahead[0].job if ahead else None
                reasons.append(reason(PendCode.BACKFILL_WINDOW, delays))
                ruling = Ruling(reservation=reservation, protects=ahead, delays=delays)
        if self.first_waiting is None and (fits or reservation is not None):
            self.first_waiting = job.id  # a job that can never be placed holds nothing and blocks nobody
        return with_reasons(job.id, outcome, *reasons), ruling


class Conservative:
    name = "conservative"

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> ConservativeRound:
        return ConservativeRound(state, now, start_of)
