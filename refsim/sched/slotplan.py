"""A conservative plan sketched by slot counts alone, for a bulk session on a cluster where counts decide every
start (docs/planning.md, "Planned by counts").

Where every host of the cluster is open and has one slot, no limit exists, every holding of the profile holds one
slot on each of its hosts (Allocation.one_slot_hosts), all of them hosts the cluster has, and the job is plain (refsim/sched/oneslot.py),
Profile.earliest() finds the job's reservation at the first candidate start (now, when the job fits, then the
ends of the holdings, in time order) whose run meets no instant where more than `total - tasks` slots are held:

- a start whose run meets such an instant is skipped by the search, since too few hosts are free then;
- at any other start the placement succeeds. Around the reservations as they are, or else with the job placed
  first among the holdings that start by then (Profile._replanned): every one of those that holds a host at the
  start holds it from before, so a host free at the start is free from then on, and at most `total - tasks` of
  them hold a slot then. The reservations starting later are then placed again in order of start, each finding
  hosts the same way, since no instant holds more slots than there are (each reservation was fitted around
  everything held when it was made, and the job's own count was just checked).

So the start of every reservation, and whether a job that fits starts now, follow from the counts, with no host
placed. The same candidate starts, skips and counts as Profile.earliest(): `Profile.slot_steps_of` and
`first_overfull` are the profile's own.

Floor: beside the reservation profile, below the disciplines (conservative is its one user)."""

from __future__ import annotations

from bisect import bisect_right

from refsim.model.jobs import Job
from refsim.sched.oneslot import plain_tasks
from refsim.sched.profile import INF, Profile, first_overfull, slot_steps_of


class SlotPlan:
    """A profile's slots held over time, from now, with reservations sketched by count on top (`hold`)."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.now, self.total = profile.now, profile.total_slots
        self._deltas = profile.slot_deltas()
        self._ends = {h.end for h in profile.holdings if self.now < h.end < INF}
        self._steps: tuple[list[float], list[int]] | None = None

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
        state = self.profile.state
        return plain_tasks(state, job, state.requirements.get(job.id))

    def earliest(self, tasks: int, length: float, from_now: bool) -> float | None:
        """The start of the reservation Profile.earliest() would find for a plain job of `tasks` tasks running
        `length`, around what is held and sketched; None when it finds none."""
        cap = self.total - tasks
        if cap < 0:
            return None
        if self._steps is None:
            self._steps = slot_steps_of(self._deltas)
        steps, now = self._steps, self.now
        starts = ([now] if from_now else []) + sorted(self._ends)
        i = 0
        while i < len(starts):
            start = starts[i]
            overfull = first_overfull(steps, start, start + length, cap)
            if overfull is None:
                return start
            i = bisect_right(starts, overfull, i + 1)
        return None

    def hold(self, start: float, end: float, tasks: int) -> None:
        """Sketch a reservation of `tasks` slots on [start, end)."""
        deltas = self._deltas
        deltas[start] = deltas.get(start, 0) + tasks
        if end < INF:
            deltas[end] = deltas.get(end, 0) - tasks
        if self.now < end < INF:
            self._ends.add(end)
        self._steps = None
