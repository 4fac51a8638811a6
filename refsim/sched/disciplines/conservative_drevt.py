"""DR_EVT's conservative backfilling. Heads start while they fit. Behind a waiting job, a job that fits starts
only if its run limit ends strictly before the *independent* planned start of every job still ahead of it,
each computed from the running jobs alone (including those started earlier in this session), never from the
other waiting jobs' reservations. A job ahead that would fit now has planned start "now", so it blocks
everything behind it. A job without a run limit is never backfilled.

In a bulk session (Round.pends_unread) a job is held back without its planned start, which only its pend and
ruling would name: the planned starts of the jobs ahead are worked out when a later job that fits needs them,
from the same profile (nothing started in between: a start needs them all first), so every start is the same.
Where slot counts decide every start (refsim/sched/slotplan.py), a planned start that only decides whether a job
waits is the one counts give, with no host placed; a job that starts names the reservations it protects, placed."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode
from refsim.sched.disciplines.base import RoundBase, reason, with_reasons
from refsim.sched.profile import HeadReservations, StartOf
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule
from refsim.sched.slotplan import SlotPlan
from refsim.sched.state import SchedulerState


class DrevtConservativeRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf, heads: HeadReservations) -> None:
        super().__init__(state, now, start_of)
        self.heads = heads  # the discipline's, across sessions
        self.ahead: list[Job] = []
        self._planned: dict[JobId, Reservation | None] = {}  # independent planned starts; reset by every start
        # in a bulk session: the slot plan of the running jobs (None: counts do not decide), and the planned starts
        # it gives by task count; reset by every start
        self._counts: SlotPlan | None = None
        self._counted: dict[int, float | None] | None = None

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if not isinstance(outcome, (Dispatch, Pend)):
            return outcome, None
        if isinstance(outcome, Dispatch) and not self._placeable_ahead():
            return outcome, Ruling(StartRule.HEAD)
        if isinstance(outcome, Dispatch) and job.run_limit is not None:
            end = self.now + job.run_limit
            for waiting in self.ahead:
                start = self._start(waiting)
                if start is not None and not end < start:
                    return self._wait(job, outcome, delays=waiting.id)
            protects = tuple(p for p in map(self._independent, self.ahead) if p is not None)
            return outcome, Ruling(StartRule.ENDS_BEFORE, protects=protects)
        return self._wait(job, outcome)

    def _wait(self, job: Job, outcome: Outcome, delays: JobId | None = None) -> tuple[Outcome, Ruling | None]:
        """Hold a job back (or note a job that does not fit); it is ahead of every later job."""
        if not self.pends_read:  # its planned start is worked out when a later start needs it (_placeable_ahead)
            self.ahead.append(job)
            return with_reasons(job.id, outcome), None
        planned = self._independent(job)
        if planned is None and isinstance(outcome, Pend):
            return outcome, None  # never placeable: holds nothing, blocks nobody
        reasons = [reason(PendCode.BACKFILL_RESERVATION)] if planned is not None else []
        blocked_by = None
        if delays is not None:
            reasons.append(reason(PendCode.BACKFILL_WINDOW, delays))
        elif isinstance(outcome, Dispatch):
            blocked_by = self.ahead[0].id  # fits, no run limit: never backfilled
            reasons.append(reason(PendCode.BLOCKED, blocked_by))
        self.ahead.append(job)
        ruling = Ruling(reservation=planned, delays=delays, blocked_by=blocked_by)
        return with_reasons(job.id, outcome, *reasons), ruling

    def _placeable_ahead(self) -> bool:
        """Whether a job is held ahead. A job that pends is held only if it can ever be placed: one left unplanned
        by a bulk session (_wait) is passed over here, from the front, when it cannot; later ones, which name no
        blocker, are passed over by the rule's loop, where their planned start is None."""
        ahead = self.ahead
        while ahead and not self.pends_read and self._start(ahead[0]) is None:
            ahead.pop(0)
        return bool(ahead)

    def _start(self, job: Job) -> float | None:
        """The job's independent planned start (None: never placeable): by slot counts in a bulk session where
        they decide it, else that of its reservation."""
        if not self.pends_read:
            if self._counted is None:
                self._counts, self._counted = SlotPlan.of(self.profile), {}
            counts = self._counts
            tasks = counts.tasks(job) if counts is not None else None
            if counts is not None and tasks is not None:
                # only running jobs are held, so a start fits the whole run when it fits at the start, whatever
                # the job's run limit (Profile._by_size)
                if tasks not in self._counted:
                    self._counted[tasks] = counts.earliest(tasks, 0.0, from_now=True)
                return self._counted[tasks]
        planned = self._independent(job)
        return None if planned is None else planned.planned_start

    def _independent(self, job: Job) -> Reservation | None:
        if job.id not in self._planned:
            self._planned[job.id] = self.heads.earliest(self.profile, job, from_now=True)
        return self._planned[job.id]

    def started(self, job: JobId, allocation: Allocation) -> None:
        super().started(job, allocation)
        self._planned.clear()
        self._counts, self._counted = None, None


class DrevtConservative:
    name = "conservative-drevt"
    holds_back = True
    blocks_behind_first_waiting = False
    single_reservation = False
    plans_every_job = False
    independent_starts = True
    extra_resources_rule = False
    inclusive_shadow = False

    def __init__(self) -> None:
        # a replay's sessions after arrivals alone find the same independent planned starts
        self.heads = HeadReservations()

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> DrevtConservativeRound:
        return DrevtConservativeRound(state, now, start_of, self.heads)
