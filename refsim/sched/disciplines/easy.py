"""EASY backfilling (Lifka 1995; Mu'alem and Feitelson 2001), textbook and DR_EVT's variant.

Heads start while they fit. The first job that does not fit gets the one backfill reservation of the session
(its planned start and allocation, from running jobs released at start + run limit). A later job that fits
then starts only if it cannot delay that reservation:

- textbook (`easy`): its run limit ends by the planned start (`now + run_limit <= planned start`), or the
  allocator places it on the extra resources (what the planned start leaves over beyond the reservation's
  allocation, net of earlier backfills still running then);
- DR_EVT's (`easy-drevt`): its run limit ends strictly before the planned start; no extra-resources rule.

A job without a run limit is never backfilled: it pends `blocked` behind the reserved job."""

from __future__ import annotations

from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Outcome, Pend, PendCode
from refsim.sched.disciplines.base import RoundBase, reason, started_as, with_reasons
from refsim.sched.headreservations import HeadReservations
from refsim.sched.profile import StartOf
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule
from refsim.sched.state import SchedulerState


class EasyRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf, textbook: bool,
                 heads: HeadReservations) -> None:
        super().__init__(state, now, start_of)
        self.textbook = textbook
        self.heads = heads  # the discipline's, across sessions
        self.head: Reservation | None = None

    @property
    def keeps_pends(self) -> bool:
        return self.head is not None  # once reserved, a job that does not fit keeps its reasons

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if self.head is None:
            if isinstance(outcome, Dispatch):
                return outcome, Ruling(StartRule.HEAD)
            if isinstance(outcome, Pend):
                return self._reserve(job, outcome)
            return outcome, None
        if not isinstance(outcome, Dispatch):
            return outcome, None
        head = self.head
        if job.run_limit is None:
            return (with_reasons(job.id, outcome, reason(PendCode.BLOCKED, head.job)),
                    Ruling(protects=(head,), blocked_by=head.job))
        end = self.now + job.run_limit
        if end < head.planned_start or (self.textbook and end == head.planned_start):
            return outcome, Ruling(StartRule.ENDS_BEFORE, protects=(head,))
        if self.textbook:
            allocation = self.profile.place(job, self.now)
            if allocation is not None:
                return (started_as(outcome, allocation),
                        Ruling(StartRule.EXTRA, protects=(head,), extra=self.profile.extra(head)))
        return (with_reasons(job.id, outcome, reason(PendCode.BACKFILL_WINDOW, head.job)),
                Ruling(protects=(head,), delays=head.job))

    def _reserve(self, job: Job, outcome: Pend) -> tuple[Outcome, Ruling | None]:
        """The first blocked job that can be placed at all holds the reservation; one that cannot be placed
        even when every running job has ended holds nothing and blocks nobody."""
        reservation = self.heads.earliest(self.profile, job)
        if reservation is None:
            return outcome, None
        self.head = reservation
        if self.textbook:
            self.profile.reserve(reservation)  # the extra-resources rule places backfills around it
        return with_reasons(job.id, outcome, reason(PendCode.BACKFILL_RESERVATION)), Ruling(reservation=reservation)


class Easy:
    holds_back = True
    blocks_behind_first_waiting = False
    single_reservation = True
    plans_every_job = False
    independent_starts = False

    def __init__(self, textbook: bool) -> None:
        self.textbook = textbook
        self.name = "easy" if textbook else "easy-drevt"
        self.extra_resources_rule = textbook  # DR_EVT's has no extra-resources rule
        self.inclusive_shadow = textbook  # DR_EVT's backfill must end strictly before the planned start
        self.heads = HeadReservations()  # a replay's sessions after arrivals alone find the same head reservation

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> EasyRound:
        return EasyRound(state, now, start_of, self.textbook, self.heads)
