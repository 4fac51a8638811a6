"""What every dispatching discipline shares: the interface the session talks to, and the helpers that build the
outcome and ruling (refsim/sched/results.py) each decision carries.

A session opens one `Round` of its discipline. For each job, in picker order, the session asks the allocator for
the job's outcome on the current state, then asks the round for its ruling:
the outcome to keep (a dispatch, possibly on another allocation the round found; or a pend) and the facts.
Every dispatch the session commits is reported back (`started`)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Protocol

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.buckets import Holder
from refsim.sched.decisions import Allocation, Dispatch, Outcome, Pend, PendCode, PendReason, pend_reason_set
from refsim.sched.profile import Profile, StartOf
from refsim.sched.recall import PlacementRecall
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling
from refsim.sched.state import SchedulerState


class Round(Holder, Protocol):
    """What the session asks of a discipline's round; what a counted run tells it (Holder) besides."""

    now: float

    @property
    def profile(self) -> Profile: ...

    @property
    def keeps_pends(self) -> bool:
        """Whether, from here on in the session, a job that pends on the current state keeps that pend as its
        outcome, with no ruling: then a run of such jobs decides nothing a session of bucket hits would not."""
        ...

    def pends_unread(self) -> None:
        """The session's caller reads no pend (a bulk session, refsim/sched/session.py): from here on a pend's
        reasons and ruling may leave out what only they would say. Called before the first job is ruled."""
        ...

    def starts_at_once(self, order: list[Job]) -> list[tuple[int, Dispatch, Ruling]] | None:
        """In a bulk session, before any job is ruled: every start of the session over `order`, worked out at once
        ((index in order, dispatch, ruling), in order; none committed), when the round can; else None, and the
        session rules job by job. A start's ruling names its rule only: a bulk caller reads no more."""
        ...

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]: ...

    def started(self, job: JobId, allocation: Allocation) -> None: ...

    def unending(self) -> tuple[JobId, ...]:
        """The running jobs without a run limit, in submission order: every plan holds their resources for ever."""
        ...


class Discipline(Protocol):
    """A discipline, and what it is in the scheduling domain: modules outside this package read these facts, never
    the name, which is only a label (display, output, lookup in DISCIPLINES)."""

    name: str
    holds_back: bool  # False only for greedy: every job that fits starts, so its session is the allocator alone
    blocks_behind_first_waiting: bool  # strict: no later job starts once a job does not fit (no backfilling)
    single_reservation: bool  # EASY: only the first job that does not fit holds a backfill reservation
    plans_every_job: bool  # conservative: every waiting job gets a reservation fitted around the earlier ones
    independent_starts: bool  # conservative-drevt: planned starts of the jobs ahead computed independently
    extra_resources_rule: bool  # textbook EASY: a job may also start on the extra resources at the planned start
    inclusive_shadow: bool  # a job whose run limit ends exactly at the planned start may start

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> Round: ...


class RoundBase:
    """Shared by the disciplines: the reservation profile is built only when a rule first needs it (many sessions
    never do), from the state as it is then."""

    def __init__(self, state: SchedulerState, now: float, start_of: StartOf) -> None:
        self.state, self.now, self.start_of = state, now, start_of
        self._profile: Profile | None = None
        self.recall: PlacementRecall | None = None  # placements kept across sessions, for a discipline that has them
        self._started_now: set[JobId] = set()
        self.pends_read = True  # False in a bulk session (pends_unread)
        self.alike: set[int] = set()

    def pends_unread(self) -> None:
        self.pends_read = False

    @property
    def keeps_pends(self) -> bool:
        return False  # a round that keeps pends says when

    @property
    def starts_none_later(self) -> bool:
        return False  # a round that stops starting says when

    def starts_at_once(self, order: list[Job]) -> list[tuple[int, Dispatch, Ruling]] | None:
        return None  # a round that works a session out at once says how

    def pend_held(self, job: Job, bucket: int) -> None:
        self.alike.add(bucket)  # a pend kept as it is: nothing to take in

    def fit_held(self, job: Job, bucket: int) -> bool:
        return False  # the round rules every job that fits

    @property
    def profile(self) -> Profile:
        if self._profile is None:
            started, start_of = self._started_now, self.start_of
            self._profile = Profile(self.state, self.now,
                                    lambda job: self.now if job in started else start_of(job), self.recall)
        return self._profile

    def unending(self) -> tuple[JobId, ...]:
        pending = self.state.pending
        return tuple(job.id for job in self.state.jobs.values() if job.id not in pending and job.run_limit is None)

    def started(self, job: JobId, allocation: Allocation) -> None:
        if self._profile is None:
            self._started_now.add(job)
        else:
            self._profile.started(job, allocation)


def with_reasons(job: JobId, outcome: Outcome, *reasons: PendReason) -> Pend:
    """A pend of `job` carrying its own reasons (if it pended) and the discipline's: pend_reason_set() of them
    all. A pend's reasons are already that canonical set, so the discipline's few are inserted into it in order
    rather than the whole set sorted again (a loaded replay's pends carry a reason per host)."""
    if not isinstance(outcome, Pend):
        return Pend(job, pend_reason_set(set(reasons)))
    merged = list(outcome.reasons)
    for added in reasons:
        at = bisect_left(merged, added.sort_key(), key=PendReason.sort_key)
        if at == len(merged) or merged[at] != added:
            merged.insert(at, added)
    return Pend(job, tuple(merged))


def reason(code: PendCode, job: JobId | None = None) -> PendReason:
    return PendReason(code, "", "" if job is None else f"job {job}")


def overlapping(reservations: Iterable[Reservation], start: float, end: float) -> tuple[Reservation, ...]:
    """The reservations whose interval meets [start, end) (half-open on both sides)."""
    return tuple(r for r in reservations if r.planned_start < end and start < r.end)


def started_as(outcome: Dispatch, allocation: Allocation) -> Dispatch:
    """The dispatch to commit: the outcome itself when the rule placed the job on the allocator's allocation (the
    session reports only a changed outcome), else a dispatch on the rule's allocation."""
    return outcome if allocation == outcome.allocation else Dispatch(outcome.job, allocation)
