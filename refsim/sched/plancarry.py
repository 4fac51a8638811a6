"""Conservative's plan carried from one session to the next while it stands (docs/planning.md, "A conservative
plan carried across sessions").

Conservative gives every waiting job, in picker order, the earliest reservation around the running jobs and the
earlier reservations (refsim/sched/profile.py, Profile.earliest), at every session. A session after arrivals
alone meets the plan of the session before: `CarriedPlans` gives a waiting job the reservation it found there,
without a placement, when nothing it was found from has changed:

- the same scheduler state at the same version as when the earlier session ended (nothing committed, released
  or changed in the cluster since: the same running jobs hold the same allocations), on the fast path with whole
  amounts only (its projections do not depend on the order holdings were added in);
- no holding of the earlier session ends between its instant and now, so the candidate starts after now (the
  ends of holdings) are the same, no running job's planned end moves with now, and the same running jobs free a
  reservation's hosts (`freed_by`);
- the job is the next one the earlier session planned after its last start (a job started then is running now, so
  only the jobs planned after it met the holdings met now), and the reservations held when it is planned are the
  ones held then, entry for entry.

Then the job's search over the ends meets the same holdings and finds the same reservation (or none). A job that
fits now also tries now first, as Profile.earliest does: that one placement is made (Profile.at_now), and the
carried reservation stands when it fails. Any other job is planned afresh; a fresh reservation or a start ends
the carrying for the rest of the session, since the holdings are then not the earlier session's.

Floor: beside the reservation profile, below the disciplines (conservative is its one user)."""

from __future__ import annotations

from refsim.model.jobs import Job
from refsim.sched.profile import INF, Profile
from refsim.sched.reservations import Reservation
from refsim.sched.state import SchedulerState

Planned = tuple[Job, "Reservation | None"]  # a job a session planned, and the reservation it found (None: never)


class CarriedPlans:
    """One replay's conservative plans: what the last session planned, and, in the current session, how far it
    still matches it."""

    def __init__(self) -> None:
        # the last session, as it stood when it ended
        self._state: SchedulerState | None = None
        self._version = -1
        self._profile: Profile | None = None
        self._log: list[Planned] = []  # every job it planned, in order
        self._tail = 0  # the first entry of _log planned after the session's last start
        self._held_at_tail: list[Reservation] = []  # the reservations held when that entry was planned
        # the current session
        self._now = -INF
        self._before = -INF  # the last session's instant, when its plan may be carried
        self._carry: list[Planned] = []
        self._expect: list[Reservation] | None = None  # held when the first carried entry is to be met
        self._matching = False
        self._at = 0  # the next entry of _carry
        self.carried = 0  # jobs given a carried reservation, for benchmarks

    def open(self, state: SchedulerState, now: float) -> None:
        """A session starts at `now` on `state`: carry the last session's plan into it if that still stands."""
        log, tail, held = self._log, self._tail, self._held_at_tail
        before, profile = self._now, self._profile
        stands = (profile is not None and state is self._state and state.version == self._version
                  and state.fast_path and now >= before and tail < len(log)
                  and min((h.end for h in profile.holdings), default=INF) > now
                  and profile.whole)
        self._carry, self._expect = (log[tail:], held) if stands else ([], None)
        self._before, self._matching, self._at = before, False, 0
        self._state, self._version, self._profile, self._now = state, state.version, None, now
        self._log, self._tail, self._held_at_tail = [], 0, []

    def earliest(self, profile: Profile, job: Job, fits: bool) -> Reservation | None:
        """profile.earliest(job, from_now=fits), carried from the last session where it stands."""
        self._profile = profile
        expect = self._expect
        if expect is not None and len(profile.reserved) == len(expect):
            self._matching, self._expect = profile.reserved == expect, None
        carry, at = self._carry, self._at
        if self._matching and at < len(carry) and carry[at][0] is job:
            earlier = carry[at][1]
            if earlier is None or earlier.planned_start > self._before:
                found = profile.at_now(job) if fits else None
                reservation = earlier if found is None else found
                self.carried += found is None
            else:  # it was found at the last session's instant, which is not a candidate now
                reservation = profile.earliest(job, from_now=fits)
            self._at += 1
            self._matching = reservation == earlier
        else:
            reservation = profile.earliest(job, from_now=fits)
            if reservation is not None:
                self._matching = False  # a holding the last session did not have (a start ends it too)
        self._log.append((job, reservation))
        return reservation

    def started(self, reserved: list[Reservation]) -> None:
        """A job started in this session (after the dispatch was committed); `reserved`: the reservations held."""
        self._matching, self._expect = False, None
        self._tail, self._held_at_tail = len(self._log), list(reserved)
        if self._state is not None:
            self._version = self._state.version
