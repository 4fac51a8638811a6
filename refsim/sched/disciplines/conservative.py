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
whole (starts_none_later), and so are runs of pends (keeps_pends). A placement asked again in a later session is
recalled from the last plan where nothing that changed since can change it (refsim/sched/recall.py).

Floor: above the reservation profile, the carried plans, the slot plan, the count plan and the placement recall."""

from __future__ import annotations

from collections.abc import Callable

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.countplan import CountPlan, SessionSketch
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode, PendReason
from refsim.sched.disciplines.base import RoundBase, overlapping, reason, started_as, with_reasons
from refsim.sched.plancarry import CarriedPlans
from refsim.sched.profile import StartOf, held_for
from refsim.sched.recall import PlacementRecall
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule
from refsim.sched.slotsession import SlotSessions, Start
from refsim.sched.state import SchedulerState


class ConservativeRound(RoundBase):
    def __init__(self, state: SchedulerState, now: float, start_of: StartOf, plans: CarriedPlans,
                 counts: CountPlan, recall: PlacementRecall, compiled: SlotSessions | None,
                 forget: Callable[[], None]) -> None:
        super().__init__(state, now, start_of)
        self.recall = recall
        self._compiled, self._forget = compiled, forget
        self.first_waiting: JobId | None = None
        # in a bulk session: the jobs left unplanned (with whether each fits now), and their sketch by counts
        self._unplanned: list[tuple[Job, bool]] = []
        self._sketch = SessionSketch(counts, state, now)
        self.plans = plans  # the discipline's, across sessions
        self._not_held: Job | None = None  # the job fit_held() found counts do not hold back, to be ruled next
        self._full_at, self._full = -1, False  # whether no slot is free, at a state version (starts_none_later)
        plans.open(state, now)

    def pends_unread(self) -> None:
        super().pends_unread()
        self._sketch.carry()

    def starts_at_once(self, order: list[Job]) -> list[Start] | None:
        """A bulk session worked out by the compiled kernel where it qualifies (refsim/sched/slotsession.py). The
        plans, sketch and recall kept across sessions did not see it, so the discipline starts them afresh."""
        if self.pends_read or self._compiled is None:
            return None
        starts = self._compiled.starts(self.state, self.now, self.start_of, order)
        if starts is not None:
            self._forget()
        return starts

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
        if self.pends_read or len(self.state.pending) < 2:  # one job or none: counting spares no ruling
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
        counted, unplanned = self._sketch.counted, self._unplanned
        for n, (waiting, fits) in enumerate(unplanned):  # planned around every earlier reservation
            self._plan_unread(waiting, fits, counted[n] if n < len(counted) else None)
        ruled = self._ruling(job, outcome)
        self._sketch.ruled(job, ruled[0].allocation if isinstance(ruled[0], Dispatch) else None, bool(unplanned))
        unplanned.clear()
        return ruled

    def _held_by_counts(self, job: Job) -> bool:
        """Whether slot counts hold back `job`, which fits now (SessionSketch.holds_back); it is then sketched."""
        return self._sketch.holds_back(job, self._unplanned, self.first_waiting is not None, lambda: self.profile)

    def _plan_unread(self, job: Job, fits: bool, counted: float | None) -> None:
        """_ruling() of a job left unplanned in a bulk session, at a start that needs its reservation: only the
        reservation is made (its pend was reported). `counted`: its start by counts, where the search would find
        its reservation."""
        if fits and self.first_waiting is None:
            raise RuntimeError(f"job {job.id} was left unplanned but starts")  # counts decided it wrongly
        reservation = self.plans.earliest(self.profile, job, fits, counted)
        if reservation is None:
            return  # never placeable: holds nothing and blocks nobody
        if fits and reservation.planned_start == self.now and job.run_limit is not None:
            raise RuntimeError(f"job {job.id} was left unplanned but starts")
        self._hold(job, reservation)

    def _hold(self, job: Job, reservation: Reservation) -> None:
        """Hold a waiting job's reservation; the first held names the first waiting job (a job that can never be
        placed holds nothing and blocks nobody)."""
        self.profile.reserve(reservation)
        if self.first_waiting is None:
            self.first_waiting = job.id

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
        end = self.now + held_for(job)
        ahead = overlapping(self.reservations, self.now, end)
        if (isinstance(outcome, Dispatch) and reservation is not None and reservation.planned_start == self.now
                and job.run_limit is not None):
            self.profile.relocate(reservation.moved)  # the session commits every dispatch a ruling keeps
            return started_as(outcome, reservation.allocation), Ruling(StartRule.PLANNED_NOW, protects=ahead,
                                                                       moved=reservation.moved)
        reasons: list[PendReason] = []
        if reservation is not None:
            self._hold(job, reservation)  # one that fits has a first waiting job ahead (else it started above)
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
        return with_reasons(job.id, outcome, *reasons), ruling

    def started(self, job: JobId, allocation: Allocation) -> None:
        super().started(job, allocation)
        self.plans.started(job, allocation, self.reservations)
        self._sketch.started(job, self.now + held_for(self.state.jobs[job]))


class Conservative:
    name = "conservative"
    holds_back = True
    blocks_behind_first_waiting = False
    single_reservation = False
    plans_every_job = True
    independent_starts = False
    extra_resources_rule = False
    inclusive_shadow = False

    def __init__(self, compiled: bool = True) -> None:
        # bulk sessions on one-slot hosts worked out at once (False: every session walked, as tests of the walk ask)
        self.compiled = SlotSessions() if compiled else None
        self.forget()

    def forget(self) -> None:
        """Start afresh what is kept from one walked session to the next (after a session the walk did not see)."""
        self.plans = CarriedPlans()  # a replay's sessions after arrivals alone meet the plan of the one before
        self.counts = CountPlan()  # a replay's bulk sessions keep the sketch of the one before while it stands
        self.recall = PlacementRecall()  # a replay's placements, recalled in the next session where they stand

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> ConservativeRound:
        return ConservativeRound(state, now, start_of, self.plans, self.counts, self.recall, self.compiled,
                                 self.forget)
