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
of it planned and is ruled on the plan. The sketch is kept from one bulk session to the next while it stands
(refsim/sched/countplan.py): a job it holds is not sketched again. A bulk session with no slot free is counted
whole (starts_none_later), and so are runs of pends (keeps_pends).

Floor: above the reservation profile, the carried plans, the slot plan and the count plan."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.countplan import CountPlan, Sketched
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode, PendReason
from refsim.sched.disciplines.base import RoundBase, overlapping, reason, started_as, with_reasons
from refsim.sched.plancarry import CarriedPlans
from refsim.sched.profile import INF, StartOf
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule
from refsim.sched.slotplan import SlotPlan
from refsim.sched.state import SchedulerState


class ConservativeRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf, plans: CarriedPlans,
                 counts: CountPlan) -> None:
        super().__init__(state, now, start_of)
        self.first_waiting: JobId | None = None
        # in a bulk session: the jobs left unplanned, and their plan by counts, if one applies
        self._unplanned: list[tuple[Job, bool]] = []  # with whether each fits now
        self._counted: list[float | None] = []  # the start counts found for each sketched one, in order
        self._sketch: SlotPlan | None = None
        self._sketch_tried = False  # whether counts were asked for since the last planning (SlotPlan.of)
        self._sketched = 0  # the first unplanned job not yet sketched
        self._waits_sketched = False  # whether one of them holds a sketched reservation: a job is waiting
        # the sketch's waiting jobs, kept for the next session (None: counts stopped deciding in this one), and
        # the place in them of the first unplanned job
        self._plan: Sketched | None = None
        self._base = 0
        self._flushed = False  # whether a walked job left the unplanned ones in this session (a sketch made after
        # it is not kept: its jobs would not be the waiting ones from the first)
        self._asked: tuple[Job, int, float | None, bool] | None = None  # see _start_by_counts
        self.plans, self.counts = plans, counts  # the discipline's, across sessions
        self._not_held: Job | None = None  # the job fit_held() found counts do not hold back, to be ruled next
        self._full_at, self._full = -1, False  # whether no slot is free, at a state version (starts_none_later)
        plans.open(state, now)

    def pends_unread(self) -> None:
        super().pends_unread()
        carried = self.counts.carried(self.state, self.now)
        if carried is not None:
            self._sketch, self._sketch_tried, self._plan = carried.sketch, True, carried

    @property
    def reservations(self) -> list[Reservation]:
        """The backfill reservations of this session so far, on their current hosts."""
        return [] if self._profile is None else self._profile.reserved

    @property
    def keeps_pends(self) -> bool:
        return not self.pends_read  # a job held with its bucket's pend is left unplanned by pend_held()

    @property
    def starts_none_later(self) -> bool:
        # With no slot free the allocator fits no job (each task takes a slot), so none starts: a bulk session
        # counts the rest, which only a later start would have planned.
        if self.pends_read:
            return False
        version = self.state.version
        if version != self._full_at:
            self._full_at, self._full = version, self.state.free_index().free_slots(self.state.usage) == 0
        return self._full

    def pend_held(self, job: Job, bucket: int) -> None:
        """A job of a bulk session held with its bucket's pend: left unplanned, as rule() leaves one."""
        self._unplanned.append((job, False))

    def fit_held(self, job: Job, bucket: int) -> bool:
        """A job of a bulk session that fits, held back by counts (_held_by_counts): left unplanned, as rule()
        leaves one. False: it is ruled (and rule() does not ask counts again)."""
        if self._held_by_counts(job):
            self._unplanned.append((job, True))
            return True
        self._not_held = job
        return False

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        if self.pends_read or not isinstance(outcome, (Dispatch, Pend)):
            return self._ruling(job, outcome)
        if isinstance(outcome, Pend):
            self._unplanned.append((job, False))
            return outcome, None
        asked, self._not_held = self._not_held is job, None
        if not asked and self._held_by_counts(job):
            self._unplanned.append((job, True))
            return with_reasons(job.id, outcome), None
        if self._unplanned:
            self._flushed = True
        self._flush()
        ruled = self._ruling(job, outcome)
        started = ruled[0].allocation if isinstance(ruled[0], Dispatch) else None
        self._flushed = self._flushed or started is None
        self._after_ruling(job, started)
        return ruled

    def _flush(self) -> None:
        """Plan every job left unplanned, around every earlier reservation, at a start that needs the plan."""
        counted = self._counted
        for n, (waiting, fits) in enumerate(self._unplanned):  # each sketched while a sketch is kept
            self._plan_unread(waiting, fits, counted[n] if n < len(counted) else None)
        self._unplanned.clear()
        counted.clear()
        self._sketched, self._waits_sketched = 0, False
        if self._plan is None:  # a sketch made afresh, from the profile with every reservation held
            self._sketch, self._sketch_tried = None, False

    def _plan_unread(self, job: Job, fits: bool, counted: float | None) -> None:
        """_ruling() of a job left unplanned in a bulk session, at a start that needs its reservation: only the
        reservation is made (its pend was reported). `counted`: its start by counts, as for _ruling()."""
        if fits and self.first_waiting is None:
            raise RuntimeError(f"job {job.id} was left unplanned but starts")  # counts decided it wrongly
        reservation = self.plans.earliest(self.profile, job, fits, counted)
        if reservation is None:
            return  # never placeable: holds nothing and blocks nobody
        if fits and reservation.planned_start == self.now and job.run_limit is not None:
            raise RuntimeError(f"job {job.id} was left unplanned but starts")
        self.profile.reserve(reservation)
        if self.first_waiting is None:
            self.first_waiting = job.id

    def _held_by_counts(self, job: Job) -> bool:
        """Whether slot counts show that `job`, which fits now, is held back: its sketched reservation, around
        every earlier one, does not start now, or it has no run limit behind a waiting job. It is then sketched.
        False when it may start, or when counts do not decide (refsim/sched/slotplan.py)."""
        self._asked = None
        if self.first_waiting is None and not self._unplanned:
            self._asked = self._start_by_counts(job, None)
            return False  # a head: it starts with nothing planned
        sketch = self._sketch_now()
        if sketch is None:
            return False
        for waiting, fits in self._unplanned[self._sketched:]:
            sketched = self._sketch_of(sketch, waiting, fits)
            if sketched is None:  # not the job the kept sketch holds there: sketch afresh
                return self._sketch_afresh(job)
            if not sketched:
                return False
        tasks = self._sketch_tasks(sketch, job)
        if tasks is None:
            return False
        self._asked = self._start_by_counts(job, tasks)
        if self._asked is None:
            return self._sketch_afresh(job)
        _, at, start, held = self._asked
        if self.first_waiting is None and not self._waits_sketched:
            return False  # every job ahead can never be placed: it starts as a head
        if start is None or (start == self.now and job.run_limit is not None):
            return False
        if not held:
            sketch.hold(start, start + _length(job), tasks)
            if self._plan is not None:
                self._plan.jobs.append(job)
                self._plan.starts.append(start)
        self._sketched, self._waits_sketched = self._sketched + 1, True
        self._counted.append(start)
        return True

    def _sketch_afresh(self, job: Job) -> bool:
        """_held_by_counts() on a sketch made afresh from the profile, the kept one not standing for this session
        (it holds other jobs than the session walks): as a session that kept none."""
        self._lose_plan()
        self._sketch, self._sketched, self._waits_sketched = SlotPlan.of(self.profile), 0, False
        self._counted.clear()
        return self._held_by_counts(job)

    def _sketch_now(self) -> SlotPlan | None:
        """The session's sketch, made from the profile when first asked for; a sketch made before any job was
        planned in the session is kept for the next (CountPlan.keep)."""
        if not self._sketch_tried:
            self._sketch, self._sketch_tried = SlotPlan.of(self.profile), True
            if self._sketch is not None and not self._flushed:
                self._plan, self._base = Sketched(self._sketch), 0
                now = self.now
                ends = {h.job: h.end for h in self.profile.holdings if h.start <= now}
                self.counts.keep(self._plan, self.state, ends)
        return self._sketch

    def _sketch_tasks(self, sketch: SlotPlan, job: Job) -> int | None:
        """The job's task count when counts decide its reservation; else None, and no sketch is kept."""
        tasks = sketch.tasks(job)
        if tasks is None:
            self._lose_plan()
        return tasks

    def _start_by_counts(self, job: Job, tasks: int | None) -> tuple[Job, int, float | None, bool] | None:
        """The job that fits and is asked about, its place in the kept sketch's jobs, its start by counts and
        whether the sketch holds it already: from the kept sketch when it holds the job, else found around it
        (`tasks`; None: not found, for a head). None when the kept sketch holds another job there."""
        plan, at = self._plan, self._base + self._sketched
        if plan is not None and at < len(plan.jobs):
            return (job, at, plan.starts[at], True) if plan.jobs[at] is job else None
        if tasks is None or self._sketch is None:
            return job, at, None, False
        return job, at, self._sketch.earliest(tasks, _length(job), from_now=True), False

    def _sketch_of(self, sketch: SlotPlan, job: Job, fits: bool) -> bool | None:
        """Sketch the reservation of an unplanned job, or take it from the kept sketch; False when counts cannot
        (it is not plain), None when the kept sketch holds another job there."""
        plan, at = self._plan, self._base + self._sketched
        if plan is not None and at < len(plan.jobs):
            if plan.jobs[at] is not job:
                return None
            start = plan.starts[at]
        else:
            tasks = self._sketch_tasks(sketch, job)
            if tasks is None:
                return False
            start = sketch.earliest(tasks, _length(job), from_now=fits)
            if start is not None:
                sketch.hold(start, start + _length(job), tasks)
            if self._plan is not None:
                self._plan.jobs.append(job)
                self._plan.starts.append(start)
        if start is not None:
            self._waits_sketched = True
        self._sketched += 1
        self._counted.append(start)
        return True

    def _after_ruling(self, job: Job, started: Allocation | None) -> None:
        """Keep the sketch up after the ruling of a job asked about (_held_by_counts), which `started` on an
        allocation or not: a start at its sketched start leaves the slots held as they were; one the sketch did not
        hold is held from now (a slot on each host); a job that can never be placed stays in it, holding nothing."""
        plan, asked, self._asked = self._plan, self._asked, None
        if plan is None:
            return
        if asked is None or asked[0] is not job:
            self._lose_sketch()
            return
        _, at, start, held = asked
        if started is not None and held and start == self.now:
            del plan.jobs[at]
            del plan.starts[at]
        elif started is not None and not held and started.one_slot_hosts is not None and self._sketch is not None:
            self._sketch.hold(self.now, self.now + _length(job), started.tasks)
        elif started is None and start is None:
            if not held:
                plan.jobs.append(job)
                plan.starts.append(None)
            at += 1
        else:
            self._lose_sketch()
            return
        self._base = at

    def _lose_sketch(self) -> None:
        """The kept sketch no longer holds what the session did: the rest of it sketches afresh (SlotPlan.of) and
        keeps nothing."""
        self._lose_plan()
        self._sketch, self._sketch_tried, self._flushed = None, False, True

    def _lose_plan(self) -> None:
        """Counts stopped deciding in this session, or the kept sketch does not stand: nothing is kept."""
        if self._plan is not None:
            self._plan = None
            self.counts.drop()

    def _ruling(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        """The job's outcome and ruling, its reservation held."""
        # The first waiting job makes the first reservation: until then nothing is reserved, so the plan is the
        # current state, and every job that fits later has a job waiting ahead of it.
        if isinstance(outcome, Dispatch) and self.first_waiting is None:
            return outcome, Ruling(StartRule.HEAD)
        if not isinstance(outcome, (Dispatch, Pend)):
            return outcome, None
        fits = isinstance(outcome, Dispatch)
        reservation = self.plans.earliest(self.profile, job, fits)
        end = self.now + job.run_limit if job.run_limit is not None else INF
        ahead = overlapping(self.reservations, self.now, end)
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
        if self._plan is not None:  # held in the kept sketch (_after_ruling)
            self.counts.started(job, self.now + _length(self.state.jobs[job]))


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
        self.counts = CountPlan()  # a replay's bulk sessions keep the sketch of the one before while it stands

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> ConservativeRound:
        return ConservativeRound(state, now, start_of, self.plans, self.counts)
