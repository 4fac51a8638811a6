"""The facts a dispatching discipline gives the decision trace: one `DisciplineRuled` event per decision of a
traced job (its types live with the other events, refsim/sched/events.py), after the allocator has judged the job
on the current state and the discipline has ruled.

Built only when the job has an observer (the session's `if observer is not None` branch), from the round's
ruling and reservation profile; reading them changes nothing the round decides. Frozen data, no text: the
trace renders it (refsim/trace/discipline.py)."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Outcome, Pend
from refsim.sched.disciplines.base import Discipline, Round, overlapping
from refsim.sched.events import DisciplineRuled, DisciplineTraits, ExtraTest, Release, ReservationFound, Window
from refsim.sched.profile import held_for
from refsim.sched.reservations import Reservation
from refsim.sched.results import Ruling, StartRule


def explain(discipline: Discipline, round_: Round, job: Job, judged: Outcome, kept: Outcome,
            ruling: Ruling | None) -> DisciplineRuled:
    """The event for one ruling. Call it before the round hears of the job's start."""
    ruling = ruling or Ruling()
    fits = isinstance(judged, Dispatch)
    moved = isinstance(kept, Dispatch) and isinstance(judged, Dispatch) and kept.allocation != judged.allocation
    reservation = _found(discipline, round_, ruling.reservation) if ruling.reservation is not None else None
    if reservation is None and ruling.rule is StartRule.PLANNED_NOW and isinstance(kept, Dispatch):
        reservation = ReservationFound(round_.now, _end(round_.now, job), kept.allocation, (),
                                       _windows(ruling.protects), moved=ruling.moved)
    protects = ruling.protects
    head = getattr(round_, "head", None)
    if not protects and head is not None and head.job != job.id:
        protects = (head,)  # EASY: a job that does not fit behind the reserved job is not tested, but waits behind it
    blocked_by = ruling.blocked_by
    blocker = getattr(round_, "blocker", None)
    if discipline.blocks_behind_first_waiting and blocker not in (None, job.id):
        blocked_by = blocker  # strict: every job behind the first that did not fit waits behind it
    traits = DisciplineTraits(discipline.blocks_behind_first_waiting, discipline.single_reservation,
                              discipline.plans_every_job, discipline.independent_starts)
    unending = round_.unending() if reservation is None and not fits else ()
    return DisciplineRuled(discipline.name, traits, round_.now, job.run_limit, fits, kept, moved, ruling.rule,
                           reservation, _windows(protects), discipline.inclusive_shadow, ruling.delays, blocked_by,
                           _extra_test(discipline, round_, kept, ruling), _ahead(discipline, round_, job, ruling),
                           unending)


def _end(start: float, job: Job) -> float:
    return start + held_for(job)


def _windows(reservations: tuple[Reservation, ...]) -> tuple[Window, ...]:
    return tuple(Window(r.job, r.planned_start, r.end) for r in reservations)


def _found(discipline: Discipline, round_: Round, reservation: Reservation) -> ReservationFound:
    now = round_.now
    freeing = set(reservation.freed_by)
    releases = sorted((Release(h.job, h.start, h.end - h.start, h.allocation) for h in round_.profile.holdings
                       if h.job in freeing and h.start <= now), key=lambda r: (r.end, r.job))
    around: tuple[Window, ...] = ()
    if discipline.plans_every_job:
        earlier = [r for r in getattr(round_, "reservations", ()) if r.job != reservation.job]
        around = _windows(overlapping(earlier, now, reservation.end))
    extra = round_.profile.extra(reservation) if discipline.extra_resources_rule else None
    return ReservationFound(reservation.planned_start, reservation.end, reservation.allocation, tuple(releases),
                            around, extra, reservation.moved)


def _extra_test(discipline: Discipline, round_: Round, kept: Outcome, ruling: Ruling) -> ExtraTest | None:
    """Textbook EASY ran the extra-resources test when a job that fits did not end by the planned start."""
    if not discipline.extra_resources_rule:
        return None
    if ruling.extra is not None:  # set only for a start on the extra resources (StartRule.EXTRA)
        return ExtraTest(ruling.extra, True)
    if isinstance(kept, Pend) and ruling.delays is not None and ruling.protects:
        return ExtraTest(round_.profile.extra(ruling.protects[0]), False)
    return None


def _ahead(discipline: Discipline, round_: Round, job: Job, ruling: Ruling) -> tuple[tuple[JobId, float | None], ...]:
    """conservative-drevt: the independent planned starts computed for the jobs ahead of this one."""
    if not discipline.independent_starts:
        return ()
    planned = getattr(round_, "_planned", {})
    ruled = ruling.delays
    facts = []
    for waiting in getattr(round_, "ahead", ()):
        if waiting.id == job.id or waiting.id not in planned:
            continue
        start = planned[waiting.id]
        facts.append((waiting.id, start.planned_start if start is not None else None))
        if waiting.id == ruled:
            break  # the rule stopped at the first planned start the job would delay
    return tuple(facts)
