"""Conservative's plan by slot counts, kept from one bulk session to the next while it stands (docs/planning.md,
"Ninth pass").

In a bulk session conservative sketches the waiting jobs, in picker order, by slot counts (refsim/sched/slotplan.py):
each job's start is the first candidate start whose run meets no instant with too few free slots, around the
running jobs and every job sketched ahead of it. The sketch of one session stands in the next, job for job, when
what it was sketched from is the same from the next session's `now` on:

- the same state on the fast path, with the same free index (a host that opens or closes makes a new one);
- the same running jobs (a job's allocation does not change while it runs), but for jobs that ended by now at their
  planned ends (start + run limit): from now on those held nothing. Usage changes only as jobs start and end, and a
  job runs until its start + run time cut at its run limit, an end the replay takes before the session of its
  instant, so no running job is past its planned end (where the profile would hold it until just after now);
- no sketched start is before now.

Then over [now, inf) the slots held by the running jobs and the jobs ahead of a sketched job are what its search
met (jobs started since were ahead of it and hold what their sketches held, or are behind it), and its start is
the one a search now finds. That search tries the same candidate starts after now, and now itself when the job fits
now. Where its run fits from now, it fitted from the earlier search's last candidate start at or before now: no
slot was given back after that start (every end after the earlier session is a candidate start) or taken (the
jobs ahead hold from candidate starts, or from before that session), so the slots held there are those held at
now, and the job fitted then too (a run that counts fit finds free hosts). So the earlier search found now. A job
that starts at its sketched start leaves the slots held as they were. Which jobs a session walks, and in what
order, it checks as it goes: the sketch stands for each job that is the next one it holds.

`SessionSketch` is one bulk session's sketch: it sketches the jobs the session leaves unplanned, in order, takes each
start the carried sketch holds for the job the session walks, and keeps the sketch up as jobs start.

Floor: beside the slot plan, below the disciplines (conservative is its one user)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation
from refsim.sched.freeindex import FreeIndex
from refsim.sched.profile import Profile, held_for
from refsim.sched.slotplan import SlotPlan
from refsim.sched.state import SchedulerState


@dataclass
class Sketched:
    """A sketch and the waiting jobs it holds, in picker order, each with its start (None: never placeable)."""

    sketch: SlotPlan
    jobs: list[Job] = field(default_factory=list)
    starts: list[float | None] = field(default_factory=list)


class CountPlan:
    """One replay's count plan across its bulk sessions: the sketch kept, and what it was made from."""

    def __init__(self) -> None:
        self._sketched: Sketched | None = None
        self._state: SchedulerState | None = None
        self._index: FreeIndex | None = None
        self._running: dict[JobId, float] = {}  # each running job's planned end, as the sketch holds it
        self.carried_to = 0  # sessions the sketch was carried into, for tests and benchmarks

    def carried(self, state: SchedulerState, now: float) -> Sketched | None:
        """The sketch kept, as of `now`, if it stands (see above): it stays kept, for the caller to keep up.
        None otherwise, and nothing is kept."""
        sketched, self._sketched = self._sketched, None
        if sketched is None or not self._stands(state, now, sketched):
            return None
        sketched.sketch.carry_to(now)
        self._sketched = sketched
        self.carried_to += 1
        return sketched

    def _stands(self, state: SchedulerState, now: float, sketched: Sketched) -> bool:
        index = state.free_index()
        if state is not self._state or index is not self._index or not state.fast_path:
            return False
        running, known = state.usage.running, self._running
        if any(job not in known for job in running):
            return False  # started outside a session: a recorded dispatch
        ended = [job for job in known if job not in running]
        if any(known[job] > now for job in ended):
            return False  # ended before its planned end, or was removed
        if any(start is not None and start < now for start in sketched.starts):
            return False
        for job in ended:
            del known[job]
        return True

    def keep(self, sketched: Sketched, state: SchedulerState, ends: dict[JobId, float]) -> None:
        """Keep a sketch just made of the state as it is; `ends`: each running job's planned end as the sketch
        holds it."""
        self._sketched, self._state, self._index = sketched, state, state.free_index()
        self._running = {job: ends[job] for job in state.usage.running}

    def started(self, job: JobId, end: float) -> None:
        """A job started in the session, held in the kept sketch until `end`."""
        if self._sketched is not None:
            self._running[job] = end

    def drop(self) -> None:
        """Keep nothing: no sketch stands for the next session."""
        self._sketched = None


Asked = tuple[Job, int, "float | None", bool]  # a job that fits, its place in the sketch's jobs, its start, held


class SessionSketch:
    """One bulk session's sketch by counts of the jobs it leaves unplanned (conservative), kept up across the
    session's starts and carried from and into the plan across sessions (CountPlan) while counts decide."""

    def __init__(self, counts: CountPlan, state: SchedulerState, now: float) -> None:
        self._counts, self._state, self.now = counts, state, now
        self.counted: list[float | None] = []  # the start counts found for each unplanned job sketched, in order
        self._sketch: SlotPlan | None = None
        self._tried = False  # whether a sketch was asked for since the last one was let go (SlotPlan.of)
        self._sketched = 0  # the first unplanned job not yet sketched
        self.waits = False  # whether one of those sketched holds a reservation: a job is waiting
        # the sketch's waiting jobs, kept for the next session (None: counts stopped deciding in this one), and
        # the place in them of the first unplanned job
        self._plan: Sketched | None = None
        self._base = 0
        self._planned = False  # whether a walked job left the unplanned ones: a sketch made after it is not kept
        self._asked: Asked | None = None  # the last job that fits asked about (holds_back)

    def carry(self) -> None:
        """Take the plan kept from the last session, if it stands now."""
        carried = self._counts.carried(self._state, self.now)
        if carried is not None:
            self._sketch, self._tried, self._plan = carried.sketch, True, carried

    def holds_back(self, job: Job, unplanned: list[tuple[Job, bool]], waiting: bool,
                   profile: Callable[[], Profile]) -> bool:
        """Whether counts hold back `job`, which fits now, behind the `unplanned` jobs (each with whether it fits
        now): its sketched reservation, around every earlier one, does not start now, or it has no run limit behind
        a waiting job. It is then sketched. False when it may start, or when counts do not decide. `waiting`: a job
        waits with a reservation among those planned (with none, and nothing unplanned, the job starts as a head
        with nothing planned); `profile`: the session's reservation profile, made when first asked for (not kept:
        the round owns it)."""
        self._asked = None
        if not waiting and not unplanned:
            self._asked = self._start_by_counts(job, None, True)
            return False
        sketch = self._sketch_now(profile)
        if sketch is None:
            return False
        for earlier, fits in unplanned[self._sketched:]:
            sketched = self._sketch_of(sketch, earlier, fits)
            if sketched is None:  # not the job the kept sketch holds there: sketch afresh
                return self._afresh(job, unplanned, waiting, profile)
            if not sketched:
                return False
        tasks = self._tasks(sketch, job)
        if tasks is None:
            return False
        self._asked = self._start_by_counts(job, tasks, True)
        if self._asked is None:
            return self._afresh(job, unplanned, waiting, profile)
        _, _, start, held = self._asked
        if not waiting and not self.waits:
            return False  # every job ahead can never be placed: it starts as a head
        if start is None or (start == self.now and job.run_limit is not None):
            return False
        if not held:
            self._add(sketch, job, start, tasks)
        self._sketched, self.waits = self._sketched + 1, True
        self.counted.append(start)
        return True

    def _afresh(self, job: Job, unplanned: list[tuple[Job, bool]], waiting: bool,
                profile: Callable[[], Profile]) -> bool:
        """holds_back() on a sketch made afresh from the profile, the kept one not standing for this session (it
        holds other jobs than the session walks): as a session that kept none."""
        self._lose_plan()
        self._sketch, self._sketched, self.waits = SlotPlan.of(profile()), 0, False
        self.counted.clear()
        return self.holds_back(job, unplanned, waiting, profile)

    def _sketch_now(self, profile_of: Callable[[], Profile]) -> SlotPlan | None:
        """The session's sketch, made from the profile when first asked for; a sketch made before any job was
        planned in the session is kept for the next (CountPlan.keep)."""
        if not self._tried:
            profile = profile_of()
            self._sketch, self._tried = SlotPlan.of(profile), True
            if self._sketch is not None and not self._planned:
                self._plan, self._base = Sketched(self._sketch), 0
                ends = {h.job: h.end for h in profile.holdings if h.start <= self.now}
                self._counts.keep(self._plan, self._state, ends)
        return self._sketch

    def _tasks(self, sketch: SlotPlan, job: Job) -> int | None:
        """The job's task count when counts decide its reservation; else None, and no sketch is kept."""
        tasks = sketch.tasks(job)
        if tasks is None:
            self._lose_plan()
        return tasks

    def _holds_next(self) -> bool:
        """Whether the kept sketch holds a job at the next place the session sketches."""
        return self._plan is not None and self._base + self._sketched < len(self._plan.jobs)

    def _start_by_counts(self, job: Job, tasks: int | None, from_now: bool) -> Asked | None:
        """The job at the next place, that place in the kept sketch's jobs, its start by counts and whether the
        sketch holds it already: from the kept sketch when it holds the job there, else found around what it holds
        (for a job of `tasks` tasks, from now when `from_now`; None: not found, for a head). None when the kept
        sketch holds another job there."""
        plan, at = self._plan, self._base + self._sketched
        if plan is not None and at < len(plan.jobs):
            return (job, at, plan.starts[at], True) if plan.jobs[at] is job else None
        if tasks is None or self._sketch is None:
            return job, at, None, False
        return job, at, self._sketch.earliest(tasks, held_for(job), from_now=from_now), False

    def _sketch_of(self, sketch: SlotPlan, job: Job, fits: bool) -> bool | None:
        """Sketch the reservation of an unplanned job, or take it from the kept sketch; False when counts cannot
        (it is not plain), None when the kept sketch holds another job there."""
        tasks = None
        if not self._holds_next():
            tasks = self._tasks(sketch, job)
            if tasks is None:
                return False
        asked = self._start_by_counts(job, tasks, fits)
        if asked is None:
            return None
        start = asked[2]
        if tasks is not None:  # found around what the sketch holds, not taken from it
            self._add(sketch, job, start, tasks)
        self.waits = self.waits or start is not None
        self._sketched += 1
        self.counted.append(start)
        return True

    def _add(self, sketch: SlotPlan, job: Job, start: float | None, tasks: int) -> None:
        """Sketch a waiting job's reservation of `tasks` slots from `start` (None: it can never be placed, and holds
        nothing), the next job of the kept sketch."""
        if start is not None:
            sketch.hold(start, start + held_for(job), tasks)
        if self._plan is not None:
            self._plan.jobs.append(job)
            self._plan.starts.append(start)

    def ruled(self, job: Job, started: Allocation | None, planned: bool) -> None:
        """The unplanned jobs were planned (`planned`: there were some) and `job`, asked about last, was ruled:
        it `started` on an allocation, or not. A start at its sketched start leaves the slots held as they were;
        one the sketch did not hold is held from now (a slot on each host); a job that can never be placed stays
        in it, holding nothing."""
        self.counted.clear()
        self._sketched, self.waits = 0, False
        self._planned = self._planned or planned
        if self._plan is None:  # a sketch made afresh when next asked for, from the profile as planned
            self._sketch, self._tried = None, False
            return
        asked, self._asked = self._asked, None
        if asked is None or asked[0] is not job:
            self._lose_sketch()
            return
        _, at, start, held = asked
        plan = self._plan
        if started is not None and held and start == self.now:
            del plan.jobs[at]
            del plan.starts[at]
        elif started is not None and not held and started.one_slot_hosts is not None and self._sketch is not None:
            self._sketch.hold(self.now, self.now + held_for(job), started.tasks)
        elif started is None and start is None:
            if not held and self._sketch is not None:
                self._add(self._sketch, job, None, 0)
            at += 1
        else:
            self._lose_sketch()
            return
        self._base = at

    def started(self, job: JobId, end: float) -> None:
        """A job started in the session (after ruled()), running until `end`: the kept plan is told."""
        if self._plan is not None:
            self._counts.started(job, end)

    def _lose_sketch(self) -> None:
        """The kept sketch no longer holds what the session did: the rest of it sketches afresh (SlotPlan.of) and
        keeps nothing."""
        self._lose_plan()
        self._sketch, self._tried, self._planned = None, False, True

    def _lose_plan(self) -> None:
        """Counts stopped deciding in this session, or the kept sketch does not stand: nothing is kept."""
        if self._plan is not None:
            self._plan = None
            self._counts.drop()

