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
carried reservation stands when it fails. Any other job is planned afresh; a fresh reservation that differs from
the earlier session's, or a start on other hosts than that session planned, ends the carrying for the rest of
the session, since the holdings are then not the earlier session's.

A session after jobs that ended **on time** (each exactly at its planned end, start + run limit, which is now)
carries the plan too. Those holdings end at now, so over [now, ∞), the only times planning reads, the projection,
the slot count and the candidate starts are the earlier session's, and so is the best fit in time, which counts
a host's idle time from its last end, ended jobs included (SchedulerState.idle_since): a host that a job left at
now is idle since now, as the holding ending at now made it then. What such a session checks besides the above:
the state changed only by those releases (every job running now ran then, on the same allocation, and the state
version moved once per release), every holding of the earlier session that ends by now is one of them, and each
of their hosts has been idle since now. Now was a candidate start of every search of the earlier session (an
end), so a carried reservation after now failed there: the placement from now is not tried again. A job planned
from now in the earlier session is planned afresh, and starts; the carrying goes on when it starts on hosts the
earlier session planned for it (whatever their order: the projections read hosts, not their order). A carried
reservation names the jobs that free it as of now (Profile.freed_by): those that ended no longer do.

Floor: beside the reservation profile, below the disciplines (conservative is its one user)."""

from __future__ import annotations

from dataclasses import replace

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation
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
        self._running: dict[JobId, Allocation] = {}  # the jobs running when it ended, with their allocations
        self._log: list[Planned] = []  # every job it planned, in order
        self._tail = 0  # the first entry of _log planned after the session's last start
        self._held_at_tail: list[Reservation] = []  # the reservations held when that entry was planned
        # the current session
        self._now = -INF
        self._ended = False  # jobs ended on time since the last session: now was a candidate start of its searches
        self._carry: list[Planned] = []
        self._expect: list[Reservation] | None = None  # held when the first carried entry is to be met
        self._matching = False
        self._at = 0  # the next entry of _carry
        self.carried = 0  # jobs given a carried reservation, for benchmarks

    def open(self, state: SchedulerState, now: float) -> None:
        """A session starts at `now` on `state`: carry the last session's plan into it if that still stands."""
        log, tail, held = self._log, self._tail, self._held_at_tail
        before, profile = self._now, self._profile
        ended = self._ended_on_time(state, now) if tail < len(log) else None  # nothing to carry: no check
        stands = (ended is not None and profile is not None and state.fast_path and now >= before
                  and tail < len(log) and profile.whole)
        self._carry, self._expect = (log[tail:], held) if stands else ([], None)
        self._ended, self._matching, self._at = bool(ended), False, 0
        self._state, self._version, self._profile, self._now = state, state.version, None, now
        self._running = dict(state.usage.running)
        self._log, self._tail, self._held_at_tail = [], 0, []

    def _ended_on_time(self, state: SchedulerState, now: float) -> list[JobId] | None:
        """The jobs of the last session that ended since, all on time at now (see above), or None when anything
        else changed or a holding ends by now otherwise."""
        profile = self._profile
        if profile is None or state is not self._state:
            return None
        running = state.usage.running
        if any(self._running.get(job) is not allocation for job, allocation in running.items()):
            return None  # a job started since, or holds another allocation
        ended = [job for job in self._running if job not in running]
        if state.version - self._version != len(ended):
            return None  # something else was committed, released or changed in the cluster
        gone, seen = set(ended), set()
        for h in profile.holdings:
            if h.job in gone:  # ended exactly at its planned end, now, which it left its hosts idle from
                if h.end != now or any(state.idle_since.get(host) != now for host in h.hosts):
                    return None
                seen.add(h.job)
            elif h.end <= now:  # a reservation, or a running job past its planned end: it moves with now
                return None
        return ended if seen == gone else None

    def earliest(self, profile: Profile, job: Job, fits: bool, counted: float | None = None) -> Reservation | None:
        """profile.earliest(job, from_now=fits, counted), carried from the last session where it stands."""
        self._profile = profile
        expect = self._expect
        if expect is not None and len(profile.reserved) == len(expect):
            self._matching, self._expect = _same_plans(profile.reserved, expect), None
        carry, at = self._carry, self._at
        if self._matching and at < len(carry) and carry[at][0] is job:
            earlier = carry[at][1]
            if earlier is None or earlier.planned_start > self._now:
                found = profile.at_now(job) if fits and not self._ended else None
                reservation = earlier if found is None else found
                if found is None and earlier is not None and self._ended:
                    reservation = _as_of_now(profile, earlier)
                self.carried += found is None
            else:  # it was found at or before now, which the earlier session's searches did not all try
                reservation = profile.earliest(job, from_now=fits)
            self._at += 1
            self._matching = _same_plan(reservation, earlier)
        else:
            reservation = profile.earliest(job, from_now=fits, counted=counted)
            if reservation is not None:
                self._matching = False  # a holding the last session did not have (a start ends it too)
        self._log.append((job, reservation))
        return reservation

    def started(self, job: JobId, allocation: Allocation, reserved: list[Reservation]) -> None:
        """A job started in this session (after the dispatch was committed); `reserved`: the reservations held.
        The carrying goes on when it holds what the plan held for it from now: its reservation, planned in this
        session (the last entry logged) or, for a job started before any was (a head), in the last one."""
        carry, at, expect = self._carry, self._at, self._expect
        if self._log and self._log[-1][0].id == job:
            planned = self._log[-1][1]
        elif at < len(carry) and carry[at][0].id == job:
            planned, self._at = carry[at][1], at + 1
        else:
            planned = next((r for r in expect if r.job == job), None) if expect is not None else None
        as_planned = (planned is not None and planned.planned_start == self._now
                      and _hosts(planned.allocation) == _hosts(allocation))
        self._matching = self._matching and as_planned  # the holding it planned, now a running job's
        if as_planned and expect is not None:
            self._expect = [r for r in expect if r.job != job]
        elif not as_planned:
            self._expect = None
        self._tail, self._held_at_tail = len(self._log), list(reserved)
        self._running[job] = allocation
        if self._state is not None:
            self._version = self._state.version


def _as_of_now(profile: Profile, earlier: Reservation) -> Reservation:
    """A reservation of the last session, carried into this one after jobs ended on time: as a search now
    would find it, named freed by the jobs that free it now, and the reservations it moves as they are held
    now (a moved reservation is the one held, on its new hosts)."""
    moved = earlier.moved
    if moved:  # rare: a search that placed earlier reservations again
        held = {r.job: r for r in profile.reserved}
        moved = tuple(replace(held[m.job], allocation=m.allocation, moved=()) for m in moved)
    return replace(earlier, freed_by=profile.freed_by(earlier.planned_start), moved=moved)


def _hosts(allocation: Allocation) -> frozenset[tuple[str, object]]:
    """An allocation's host amounts, whatever the order of its hosts (a projection reads them as a set)."""
    return frozenset((h.host, h.resources) for h in allocation.hosts)


def _same_plan(a: Reservation | None, b: Reservation | None) -> bool:
    """Whether two reservations hold the same: job, times, allocation and the reservations they move, whichever
    running jobs free them."""
    if a is None or b is None:
        return a is b
    return (a.job == b.job and a.planned_start == b.planned_start and a.end == b.end
            and a.allocation == b.allocation and _same_plans(list(a.moved), list(b.moved)))


def _same_plans(a: list[Reservation], b: list[Reservation]) -> bool:
    return len(a) == len(b) and all(_same_plan(x, y) for x, y in zip(a, b))
