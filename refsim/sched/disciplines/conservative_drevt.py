"""DR_EVT's conservative backfilling. Heads start while they fit. Behind a waiting job, a job that fits starts
only if its run limit ends strictly before the *independent* planned start of every job still ahead of it,
each computed from the running jobs alone (including those started earlier in this session), never from the
other waiting jobs' reservations. A job ahead that would fit now has planned start "now", so it blocks
everything behind it. A job without a run limit is never backfilled.

In a bulk session (Round.pends_unread) a job is held back without its planned start, which only its pend and
ruling would name, and a start names no reservation it protects: a bulk caller reads neither. What decides
whether a job that fits starts is the earliest planned start among the jobs ahead (it waits exactly when its run
limit does not end before that one). That is worked out when a later job that fits needs it, from the same
profile (nothing started in between: a start needs it first), so every start is the same. A plain job's
independent planned start depends on its task count alone (only running jobs are held: Profile._by_size), so of
the plain jobs ahead one per task count is kept, and the session may count a run of jobs held with their
bucket's pend without ruling each (Round.keeps_pends, pend_held): jobs of one bucket share their task count.
Where slot counts decide every start (refsim/sched/slotplan.py), a planned start is the one counts give, with no
host placed."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode
from refsim.sched.disciplines.base import RoundBase, reason, with_reasons
from refsim.sched.oneslot import plain_tasks
from refsim.sched.headreservations import HeadReservations
from refsim.sched.profile import StartOf
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
        # in a bulk session: the jobs ahead, one plain job per task count and every other one, the earliest planned
        # start among those taken in (None: none placeable), and those not taken in yet; every job ahead is taken
        # in again after a start
        self._plain_ahead: dict[int, Job] = {}
        self._other_ahead: list[Job] = []
        self._first: float | None = None
        self._untaken: list[Job] = []

    @property
    def keeps_pends(self) -> bool:
        return not self.pends_read  # a job held with its bucket's pend is taken in by pend_held()

    @property
    def starts_none_later(self) -> bool:
        # A job ahead planned to start now (one held back that fits now, as a rule) leaves no later job a run that
        # ends before it: every later one waits (or gets no decision).
        return not self._untaken and self._first == self.now

    def pend_held(self, job: Job, bucket: int) -> None:
        """A job of a bulk session held with its bucket's pend, not ruled: it is ahead of every later job."""
        self._take_in(job, bucket)

    def fit_held(self, job: Job, bucket: int) -> bool:
        """_rule_unread() of a job that fits, when it waits: taken in ahead of every later job."""
        if self._start_rule(job) is not None:
            return False  # it starts: ruled
        self._wait_fitting(job, bucket)
        return True

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if not isinstance(outcome, (Dispatch, Pend)):
            return outcome, None
        if not self.pends_read:
            return self._rule_unread(job, outcome)
        if isinstance(outcome, Dispatch) and not self.ahead:
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

    def _rule_unread(self, job: Job, outcome: Dispatch | Pend) -> tuple[Outcome, Ruling | None]:
        """rule() in a bulk session: the same starts, from the earliest planned start ahead."""
        if isinstance(outcome, Pend):
            self._take_in(job)
            return outcome, None
        rule = self._start_rule(job)
        if rule is not None:
            return outcome, Ruling(rule)
        self._wait_fitting(job)
        return Pend(job.id, ()), None

    def _start_rule(self, job: Job) -> StartRule | None:
        """How a job that fits starts in a bulk session, None when it waits: as a head when nothing ahead can
        ever be placed, backfilled when its run limit ends before the earliest planned start ahead."""
        first = self._first_planned_start()
        if first is None:
            return StartRule.HEAD
        if job.run_limit is not None and self.now + job.run_limit < first:
            return StartRule.ENDS_BEFORE
        return None

    def _wait_fitting(self, job: Job, bucket: int | None = None) -> None:
        """Hold back a job that fits (of `bucket`, when the session counts it), its planned start folded in at
        once: it is now, as a rule, and then no later job starts (starts_none_later)."""
        self._take_in(job, bucket)
        self._first_planned_start()

    def _take_in(self, job: Job, bucket: int | None = None) -> None:
        """Take `job` in among the jobs ahead of a bulk session: a plain job only if none of its task count is,
        since its independent planned start depends on its task count alone (then its bucket, if given, is
        taken in alike)."""
        state = self.state
        tasks = plain_tasks(state, job, state.requirements.get(job.id))
        if tasks is not None and bucket is not None:
            self.alike.add(bucket)  # every job of the bucket has the same task count
        if tasks is None:
            self._other_ahead.append(job)
        elif tasks in self._plain_ahead:
            return
        else:
            self._plain_ahead[tasks] = job
        self._untaken.append(job)

    def _first_planned_start(self) -> float | None:
        """The earliest independent planned start of the jobs ahead, None when none can ever be placed."""
        for job in self._untaken:
            start = self._start(job)
            if start is not None and (self._first is None or start < self._first):
                self._first = start
        self._untaken = []
        return self._first

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
        if not self.pends_read:  # every planned start ahead may move: take every job ahead in again
            self._first, self._untaken = None, [*self._plain_ahead.values(), *self._other_ahead]


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
