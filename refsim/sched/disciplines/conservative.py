"""Conservative backfilling (Mu'alem and Feitelson 2001), rebuilt at every session as Slurm's backfill rebuilds
its plan each cycle.

Every waiting job, in picker order, gets the earliest backfill reservation that fits around the running jobs
(released at start + run limit) and all earlier reservations, intervals half-open: `[s, s + run_limit)`. A job
whose planned start is now starts, on the allocation found; one that fits now but whose planned start is later
pends `backfill-window` naming the first earlier job whose reservation its run would overlap. A job without a
run limit is never backfilled: behind a waiting job it pends `blocked` even when its planned start is now.

A reservation promises its times, not its hosts: when a job finds no hosts around the earlier reservations, they
are placed again with it (refsim/sched/profile.py), and the ones that move are held on their new hosts.

In a bulk session (Round.pends_unread) a job is planned only when a start needs the plan: the same jobs are
planned, in the same order, on the same profile, before every start, and the jobs after the last start are not
planned at all (only their pends, which nothing reads, would name their reservations). A job that does not fit
now is left unplanned until a later job that fits is ruled. Where slot counts decide every start
(refsim/sched/slotplan.py), a job that fits is first ruled by counts: one that counts hold back is left unplanned
too, with a sketched reservation that later counts see, and only a job that counts start now has the jobs ahead
of it planned and is ruled on the plan.

Floor: above the reservation profile, the carried plans and the slot plan."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode, PendReason
from refsim.sched.disciplines.base import RoundBase, overlapping, reason, started_as, with_reasons
from refsim.sched.plancarry import CarriedPlans
from refsim.sched.profile import INF, StartOf
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule
from refsim.sched.slotplan import SlotPlan
from refsim.sched.state import SchedulerState


class ConservativeRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf, plans: CarriedPlans) -> None:
        super().__init__(state, now, start_of)
        self.first_waiting: JobId | None = None
        # in a bulk session: the jobs left unplanned (with their outcomes), and their plan by counts, if one applies
        self._unplanned: list[tuple[Job, Outcome]] = []
        self._counted: list[float | None] = []  # the start counts found for each sketched one, in order
        self._sketch: SlotPlan | None = None
        self._sketch_tried = False  # whether counts were asked for since the last planning (SlotPlan.of)
        self._sketched = 0  # the first unplanned job not yet sketched
        self._waits_sketched = False  # whether one of them holds a sketched reservation: a job is waiting
        self.plans = plans  # the discipline's, across sessions
        plans.open(state, now)

    @property
    def reservations(self) -> list[Reservation]:
        """The backfill reservations of this session so far, on their current hosts."""
        return [] if self._profile is None else self._profile.reserved

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if self.pends_read or not isinstance(outcome, (Dispatch, Pend)):
            return self._ruling(job, outcome)
        if isinstance(outcome, Pend):
            self._unplanned.append((job, outcome))
            return outcome, None
        if self._held_by_counts(job):
            self._unplanned.append((job, outcome))
            return with_reasons(job.id, outcome), None
        counted = self._counted
        for n, (waiting, earlier) in enumerate(self._unplanned):  # ruled around every earlier reservation
            held, _ = self._ruling(waiting, earlier, counted[n] if n < len(counted) else None, read=False)
            if isinstance(held, Dispatch):
                raise RuntimeError(f"job {waiting} was left unplanned but starts")  # counts decided it wrongly
        self._unplanned.clear()
        counted.clear()
        self._sketch, self._sketch_tried, self._sketched, self._waits_sketched = None, False, 0, False
        return self._ruling(job, outcome)

    def _held_by_counts(self, job: Job) -> bool:
        """Whether slot counts show that `job`, which fits now, is held back: its sketched reservation, around
        every earlier one, does not start now, or it has no run limit behind a waiting job. It is then sketched.
        False when it may start, or when counts do not decide (refsim/sched/slotplan.py)."""
        if self.first_waiting is None and not self._unplanned:
            return False  # a head: it starts with nothing planned
        if not self._sketch_tried:
            self._sketch, self._sketch_tried = SlotPlan.of(self.profile), True
        sketch = self._sketch
        if sketch is None:
            return False
        for waiting, earlier in self._unplanned[self._sketched:]:
            if not self._sketch_of(sketch, waiting, isinstance(earlier, Dispatch)):
                return False
        if self.first_waiting is None and not self._waits_sketched:
            return False  # every job ahead can never be placed: it starts as a head
        tasks = sketch.tasks(job)
        if tasks is None:
            return False
        start = sketch.earliest(tasks, _length(job), from_now=True)
        if start is None or (start == self.now and job.run_limit is not None):
            return False
        sketch.hold(start, start + _length(job), tasks)
        self._sketched, self._waits_sketched = self._sketched + 1, True
        self._counted.append(start)
        return True

    def _sketch_of(self, sketch: SlotPlan, job: Job, fits: bool) -> bool:
        """Sketch the reservation of an unplanned job; False when counts cannot (it is not plain)."""
        tasks = sketch.tasks(job)
        if tasks is None:
            return False
        start = sketch.earliest(tasks, _length(job), from_now=fits)
        if start is not None:
            sketch.hold(start, start + _length(job), tasks)
            self._waits_sketched = True
        self._sketched += 1
        self._counted.append(start)
        return True

    def _ruling(self, job: Job, outcome: Outcome, counted: float | None = None,
                read: bool = True) -> tuple[Outcome, Ruling | None]:
        """The job's outcome and ruling, its reservation held. `counted`: its start by counts (SlotPlan), where
        its search would find it. `read`: False for a job planned at a start in a bulk session, whose pend was
        reported already: only its reservation counts, so the reservations its run would meet (linear in the plan,
        for every job planned) are left out of its reasons and ruling."""
        # The first waiting job makes the first reservation: until then nothing is reserved, so the plan is the
        # current state, and every job that fits later has a job waiting ahead of it.
        if isinstance(outcome, Dispatch) and self.first_waiting is None:
            return outcome, Ruling(StartRule.HEAD)
        if not isinstance(outcome, (Dispatch, Pend)):
            return outcome, None
        fits = isinstance(outcome, Dispatch)
        reservation = self.plans.earliest(self.profile, job, fits, counted)
        end = self.now + job.run_limit if job.run_limit is not None else INF
        ahead = overlapping(self.reservations, self.now, end) if read else ()
        if (isinstance(outcome, Dispatch) and reservation is not None and reservation.planned_start == self.now
                and job.run_limit is not None):
            self.profile.relocate(reservation.moved)  # the session commits every dispatch a ruling keeps
            return started_as(outcome, reservation.allocation), Ruling(StartRule.PLANNED_NOW, protects=ahead,
                                                                       moved=reservation.moved)
        reasons: list[PendReason] = []
        if reservation is not None:
            self.profile.reserve(reservation)
            reasons.append(reason(PendCode.BACKFILL_RESERVATION))
        ruling = Ruling(reservation=reservation, protects=ahead)
        if fits:
            if job.run_limit is None:
                reasons.append(reason(PendCode.BLOCKED, self.first_waiting))
                ruling = Ruling(reservation=reservation, protects=ahead, blocked_by=self.first_waiting)
            else:
                delays = ahead[0].job if ahead else None
                reasons.append(reason(PendCode.BACKFILL_WINDOW, delays))
                ruling = Ruling(reservation=reservation, protects=ahead, delays=delays)
        if self.first_waiting is None and reservation is not None:
            self.first_waiting = job.id  # a job that can never be placed holds nothing and blocks nobody
        return with_reasons(job.id, outcome, *reasons), ruling

    def started(self, job: JobId, allocation: Allocation) -> None:
        super().started(job, allocation)
        self.plans.started(job, allocation, self.reservations)


def _length(job: Job) -> float:
    return job.run_limit if job.run_limit is not None else INF


class Conservative:
    name = "conservative"
    holds_back = True
    blocks_behind_first_waiting = False
    single_reservation = False
    plans_every_job = True
    independent_starts = False
    extra_resources_rule = False
    inclusive_shadow = False

    def __init__(self) -> None:
        self.plans = CarriedPlans()  # a replay's sessions after arrivals alone meet the plan of the one before

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> ConservativeRound:
        return ConservativeRound(state, now, start_of, self.plans)
