"""`strict`: first come, first served without backfilling. Once a job does not fit, no later job starts in that
session: a later job that fits pends `blocked` behind it."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Outcome, Pend, PendCode, PendReason
from refsim.sched.disciplines.base import RoundBase, reason, with_reasons
from refsim.sched.profile import StartOf
from refsim.sched.results import Ruling, StartRule
from refsim.sched.state import SchedulerState


class StrictRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf) -> None:
        super().__init__(state, now, start_of)
        self.blocker: JobId | None = None
        self._held: tuple[tuple[PendReason, ...], Ruling] | None = None  # a held-back job's reasons and ruling

    @property
    def keeps_pends(self) -> bool:
        return self.blocker is not None  # behind the first waiting job, a job that does not fit keeps its reasons

    @property
    def starts_none_later(self) -> bool:
        return self.blocker is not None  # every later job pends behind it, or gets no decision

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if self.blocker is None:
            if isinstance(outcome, Pend):
                self.blocker = job.id
            return outcome, Ruling(StartRule.HEAD) if isinstance(outcome, Dispatch) else None
        if isinstance(outcome, Dispatch):
            if self._held is None:  # the same for every job held back behind the blocker
                held = with_reasons(job.id, outcome, reason(PendCode.BLOCKED, self.blocker))
                self._held = held.reasons, Ruling(blocked_by=self.blocker)
            return Pend(job.id, self._held[0]), self._held[1]
        return outcome, None


class Strict:
    name = "strict"
    holds_back = True
    blocks_behind_first_waiting = True
    single_reservation = False
    plans_every_job = False
    independent_starts = False
    extra_resources_rule = False
    inclusive_shadow = False

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> StrictRound:
        return StrictRound(state, now, start_of)
