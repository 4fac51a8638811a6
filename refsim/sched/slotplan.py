"""A conservative plan sketched by slot counts alone, for a bulk session on a cluster where counts decide every
start (docs/planning.md, "Planned by counts").

Where every host of the cluster is open and has one slot, no limit exists, every holding of the profile holds one
slot on each of its hosts (Allocation.one_slot_hosts), all of them hosts the cluster has, and the job is plain
(refsim/sched/oneslot.py), Profile.earliest() finds the job's reservation at the first candidate start (now, when
the job fits, then the ends of the holdings, in time order) whose run meets no instant where more than
`total - tasks` slots are held:

- a start whose run meets such an instant is skipped by the search, since too few hosts are free then;
- at any other start the placement succeeds. Around the reservations as they are, or else with the job placed
  first among the holdings that start by then (Profile._replanned): every one of those that holds a host at the
  start holds it from before, so a host free at the start is free from then on, and at most `total - tasks` of
  them hold a slot then. The reservations starting later are then placed again in order of start, each finding
  hosts the same way, since no instant holds more slots than there are (each reservation was fitted around
  everything held when it was made, and the job's own count was just checked).

So the start of every reservation, and whether a job that fits starts now, follow from the counts, with no host
placed. The same candidate starts, skips and counts as Profile.earliest(): the steps (`Profile.slot_steps`) and
`first_overfull` are the profile's own (refsim/sched/slotsteps.py).

Floor: beside the reservation profile, below the disciplines (conservative and conservative-drevt use it)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from refsim.model.jobs import Job
from refsim.sched.oneslot import plain_tasks
from refsim.sched.profile import INF, Profile
from refsim.sched.slotsteps import first_overfull, insert_once, next_room


class SlotPlan:
    """A profile's slots held over time, from now, with reservations sketched by count on top (`hold`)."""

    def __init__(self, profile: Profile) -> None:
        self.state = profile.state
        self.now, self.total = profile.now, profile.total_slots
        self._times, self._held = profile.slot_steps()  # kept up by hold()
        self._ends = list(profile.candidate_ends())  # the candidate starts, kept up by hold()

    @staticmethod
    def of(profile: Profile) -> SlotPlan | None:
        """The slot plan of `profile` when counts decide its starts (see above), else None."""
        state = profile.state
        index = state.free_index()
        if not (state.fast_path and index.one_slot_hosts and bool(index.open.all())):
            return None
        known = index.names
        for h in profile.holdings:
            hosts = h.allocation.one_slot_hosts
            if hosts is None or not hosts <= known:
                return None
        return SlotPlan(profile)

    def tasks(self, job: Job) -> int | None:
        """The job's task count when counts decide its reservation (a plain job), else None."""
        state = self.state
        return plain_tasks(state, job, state.requirements.get(job.id))

    def earliest(self, tasks: int, length: float, from_now: bool) -> float | None:
        """The start of the reservation Profile.earliest() would find for a plain job of `tasks` tasks running
        `length`, around what is held and sketched; None when it finds none. The same candidate starts, in the
        same order, with the same skips past an overfull instant."""
        cap = self.total - tasks
        if cap < 0:
            return None
        steps, ends, now = (self._times, self._held), self._ends, self.now
        i = 0
        if from_now:
            overfull = first_overfull(steps, now, now + length, cap)
            if overfull is None:
                return now
            i = bisect_right(ends, overfull)
        while i < len(ends):
            start = ends[i]
            overfull = first_overfull(steps, start, start + length, cap)
            if overfull is None:
                return start
            i = (bisect_right(ends, overfull, i + 1) if overfull > start
                 else bisect_left(ends, next_room(steps, start, cap), i + 1))
        return None

    def carry_to(self, now: float) -> None:
        """The same plan, as of a later `now` (refsim/sched/countplan.py): the candidate starts after it only, and
        the change points before it dropped but the last, which says what is held at now."""
        self.now = now
        del self._ends[:bisect_right(self._ends, now)]
        last = bisect_right(self._times, now) - 1
        if last > 0:
            del self._times[:last]
            del self._held[:last]

    def hold(self, start: float, end: float, tasks: int) -> None:
        """Sketch a reservation of `tasks` slots on [start, end)."""
        times, held = self._times, self._held
        for point in (start, end) if end < INF else (start,):
            i = bisect_left(times, point)
            if i == len(times) or times[i] != point:  # a new change point holds what was held just before it
                times.insert(i, point)
                held.insert(i, held[i - 1] if i else 0)
        first, last = bisect_left(times, start), (bisect_left(times, end) if end < INF else len(times))
        for k in range(first, last):
            held[k] += tasks
        if self.now < end < INF:
            insert_once(self._ends, end)
