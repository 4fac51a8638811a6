"""The reservations a blocked head job found (EASY) or the jobs ahead's independent planned starts
(conservative-drevt), kept across sessions while the same search would find them again.

Floor: above the reservation profile, whose searches it remembers; below the disciplines that use it."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.profile import Profile
from refsim.sched.reservations import Reservation
from refsim.sched.state import SchedulerState


class HeadReservations:
    """The reservations a blocked head job found at an earlier session (EASY's one reservation per session), or
    the independent planned starts of the jobs ahead (conservative-drevt's, each from the running jobs alone),
    kept for the fast path while the same search would find them again: the same state, at the same version
    (nothing committed, released or changed in the cluster since, so the same running jobs hold the same
    allocations, in the same order), with every holding ending at the same instant as then. A running job's
    planned end is never before now (Profile._end), so equal ends are all still ahead: the candidate starts after
    now are the same, and so is every projection and placement. Only for a profile that holds running jobs alone
    (no reservation yet).

    A search from now (a job that fits) also tries now, which moves: one found at an earlier session's own instant
    is searched again, and one found at a later start stands only when the job cannot be placed from now
    (Profile.at_now), the one start the earlier search did not try."""

    def __init__(self) -> None:
        self._state: SchedulerState | None = None
        self._version = -1
        self._ends: list[float] = []
        self._found: dict[tuple[JobId, bool], tuple[Reservation | None, float]] = {}  # and the instant it was found

    def earliest(self, profile: Profile, job: Job, from_now: bool = False) -> Reservation | None:
        """profile.earliest(job, from_now), remembered while it stands."""
        state = profile.state
        if not state.fast_path or profile.reserved:
            return profile.earliest(job, from_now=from_now)
        ends = [h.end for h in profile.holdings]
        if state is not self._state or state.version != self._version or ends != self._ends:
            self._state, self._version, self._ends = state, state.version, ends
            self._found.clear()
        known = self._found.get((job.id, from_now))
        if known is not None:
            found, then = known
            if not from_now or then == profile.now:
                return found
            if found is None or found.planned_start > then:
                now = profile.at_now(job)
                return found if now is None else now
        found = profile.earliest(job, from_now=from_now)
        self._found[job.id, from_now] = (found, profile.now)
        return found
