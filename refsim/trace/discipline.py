"""The discipline section of a trace (only under a non-greedy discipline): why a job started now, waits, or was
not backfilled, with the times and amounts that decided (docs/trace.md, "Discipline section").

It sits after the selection and before the requirement section, is the same at both levels, and counts towards
the section line bound: its lines come first, so when the bound is reached requirement, plan and host lines are
the ones omitted (trace/text.py applies the bound). A plan the allocator built on the current state but the
discipline did not start is shown as "built, not started: <reason>" in place of "committed" (`Section.not_started`)."""

from __future__ import annotations

import dataclasses

from refsim.model.units import format_number
from refsim.sched.decisions import Allocation, Dispatch
from refsim.sched.events import DisciplineRuled, ReservationFound
from refsim.sched.profile import INF
from refsim.sched.reservations import Extra
from refsim.sched.results import StartRule
from refsim.trace.labels import UnitOf, amounts
from refsim.trace.records import Amt, Line, Part

MAX_LISTED = 20


@dataclasses.dataclass(frozen=True)
class Section:
    lines: tuple[Line, ...]
    counters: tuple[tuple[str, int], ...]
    not_started: str | None  # the reason a plan built on the current state was not started


def t(value: float) -> str:
    return "t=" + format_number(value) if value < INF else "never"


def _limit(run_limit: float | None) -> str:
    return f"run limit {format_number(run_limit)}" if run_limit is not None else "no run limit"


def allocation_parts(allocation: Allocation, unit_of: UnitOf) -> tuple[Part, ...]:
    """Hosts and amounts on one line: `h1: slots 2, mem 4GB; h2: slots 1; shared lic 1; limit charges: ...`."""
    parts: list[Part] = []
    for i, host in enumerate(allocation.hosts):
        parts += (["; "] if i else []) + [f"{host.host}: "] + list(amounts(host.resources, unit_of))
    if allocation.shared:
        parts += ["; shared "] + list(amounts(allocation.shared, unit_of))
    charges = [c for h in allocation.hosts for c in h.limit_charges] + list(allocation.limit_charges)
    for i, c in enumerate(charges):
        parts += ["; limit charges: " if i == 0 else ", ", f"{c.limit}[{c.scope}] {c.resource} ",
                  Amt(c.amount, unit_of(c.resource))]
    return tuple(parts)


def extra_parts(extra: Extra, unit_of: UnitOf) -> tuple[Part, ...]:
    parts: list[Part] = []
    for i, (host, free) in enumerate(extra.hosts):
        parts += (["; "] if i else []) + [f"{host}: "] + list(amounts(free, unit_of))
    if extra.shared:
        parts += (["; "] if parts else []) + ["shared "] + list(amounts(extra.shared, unit_of))
    return tuple(parts) or ("none",)


def _listed(lines: list[Line], items: list[tuple[Part, ...]], depth: int, noun: str) -> None:
    lines += [Line(depth, parts) for parts in items[:MAX_LISTED]]
    if len(items) > MAX_LISTED:
        lines.append(Line(depth, (f"and {len(items) - MAX_LISTED} more {noun}",)))


def reservation_lines(found: ReservationFound, ev: DisciplineRuled, unit_of: UnitOf) -> list[Line]:
    now = " (now)" if found.planned_start == ev.now else ""
    lines = [Line(2, (f"backfill reservation: planned start {t(found.planned_start)}{now}, "
                      f"until {t(found.end)} ({_limit(ev.run_limit)})",))]
    if found.releases:
        lines.append(Line(3, ("found from the running jobs released at start + run limit, in order:",)))
        _listed(lines, [(f"job {r.job}: {t(r.start)} + run limit {format_number(r.run_limit)} = {t(r.end)}, frees ",)
                        + allocation_parts(r.allocation, unit_of) for r in found.releases], 4, "running jobs")
    else:
        lines.append(Line(3, ("found without waiting for any running job to end",)))
    if ev.traits.plans_every_job:
        if found.around:
            lines.append(Line(3, ("fitted around the earlier backfill reservations:",)))
            _listed(lines, [(f"job {w.job}: [{t(w.planned_start)}, {t(w.end)})",) for w in found.around], 4,
                    "reservations")
        else:
            lines.append(Line(3, ("fitted around no earlier backfill reservation",)))
        if found.moved:
            lines.append(Line(3, ("to make room, earlier backfill reservations placed again on other hosts "
                                  "(same times):",)))
            _listed(lines, [(f"job {r.job}: [{t(r.planned_start)}, {t(r.end)}) on ",)
                            + allocation_parts(r.allocation, unit_of) for r in found.moved], 4, "reservations")
    lines.append(Line(3, ("reserved allocation: ",) + allocation_parts(found.allocation, unit_of)))
    if found.extra is not None:
        lines.append(Line(3, ("extra resources at the planned start: ",) + extra_parts(found.extra, unit_of)))
    return lines


def _ends(ev: DisciplineRuled, planned: float) -> tuple[str, bool]:
    """`t=0 + run limit 50 = t=50 <= t=100`, and whether it holds."""
    assert ev.run_limit is not None
    end = ev.now + ev.run_limit
    sign, holds = ("<=", end <= planned) if ev.inclusive else ("<", end < planned)
    return f"{t(ev.now)} + run limit {format_number(ev.run_limit)} = {t(end)} {sign} {t(planned)}", holds


def _yes(holds: bool) -> str:
    return "yes" if holds else "no"


def backfill_lines(ev: DisciplineRuled, unit_of: UnitOf) -> list[Line]:
    """What a job that fits now but has jobs waiting ahead of it was tested against."""
    if ev.traits.blocks_behind_first_waiting:
        return [Line(2, (f"waits behind job {ev.blocked_by}, the first job of this session that did not fit "
                         "(strict FCFS: no backfilling)",))] if ev.blocked_by is not None else []
    if ev.run_limit is None:
        return [Line(2, ("no run limit: never backfilled",))]
    if ev.traits.independent_starts:
        lines = [Line(2, ("independent planned starts of the jobs ahead (from the running jobs alone):",))]
        items: list[tuple[Part, ...]] = []
        for job, planned in ev.ahead:
            if planned is None:
                items.append((f"job {job}: can never be placed: constrains nothing",))
                continue
            fits = " (it fits now)" if planned == ev.now else ""
            text, holds = _ends(ev, planned)
            items.append((f"job {job}: planned start {t(planned)}{fits}; ends before it: {text}: {_yes(holds)}",))
        _listed(lines, items, 3, "jobs ahead")
        return lines
    if ev.traits.plans_every_job:
        end = ev.now + ev.run_limit
        if not ev.protects:
            return [Line(2, (f"its run [{t(ev.now)}, {t(end)}) meets no earlier backfill reservation",))]
        lines = [Line(2, (f"its run [{t(ev.now)}, {t(end)}) meets the earlier backfill reservations:",))]
        _listed(lines, [(f"job {w.job}: [{t(w.planned_start)}, {t(w.end)})",) for w in ev.protects], 3,
                "reservations")
        return lines
    lines = []
    for head in ev.protects[:1]:
        lines.append(Line(2, (f"must not delay the backfill reservation of job {head.job}: planned start "
                              f"{t(head.planned_start)}",)))
        text, holds = _ends(ev, head.planned_start)
        word = "by" if ev.inclusive else "before"
        lines.append(Line(2, (f"ends {word} the planned start: {text}: {_yes(holds)}",)))
    if ev.extra_test is not None:
        lines.append(Line(2, ("extra-resources test: extra resources at the planned start: ",)
                          + extra_parts(ev.extra_test.extra, unit_of)
                          + (f"; the job placed on them: {_yes(ev.extra_test.placed)}",)))
    return lines


# Every verdict the discipline section can print, by name: one table (docs/trace.md, "Verdicts", lists each with
# the case worked by hand that shows it; tests/unit/trace/test_verdict_table.py holds the two to each other).
VERDICTS = {
    "head": "started as a head: no job ahead of it in this session is waiting",
    "ends-before": "backfilled: ends {word} the planned start{of}",
    "extra": "backfilled: on the extra resources at the planned start{of}",
    "planned-now": "backfilled: its earliest backfill reservation starts now",
    "fits": "started: it fits",
    "ends-before-independent": "backfilled: ends before every independent planned start ahead",
    "moved": "{started}, on the allocation it found (not the one built on the current state)",
    "strict-last": "not started: does not fit now; no later job starts in this session",
    "strict-blocked": "not started: blocked behind job {job}",
    "strict-waits": "not started: does not fit now; waits behind job {job}",
    "no-run-limit": "not started: no run limit, so never backfilled: waits behind job {job}",
    "delays": "not started: would delay {what} of job {job}",
    "planned-later": "not started: its planned start is later than now",
    "holds-reservation": "not started: does not fit now; holds the backfill reservation",
    "behind-the-reserved": "not started: does not fit now; only job {job}, the first job that did not fit, holds a "
                           "backfill reservation",
    "unending": "not started: does not fit now, nor once every running job with a run limit has ended; {count} "
                "running job{s} ({named}) {have} none, so whether it fits once {end} cannot be planned: no backfill "
                "reservation",
    "never": "not started: does not fit now, nor once every running job has ended: no backfill reservation",
}

_STARTED = {StartRule.HEAD: "head", StartRule.ENDS_BEFORE: "ends-before", StartRule.EXTRA: "extra",
            StartRule.PLANNED_NOW: "planned-now", StartRule.FITS: "fits"}
_NOT_STARTED = len("not started: ")


def verdict(ev: DisciplineRuled) -> tuple[str, str | None]:
    """The verdict line's text, and the reason a job that fits was not started (None when it started)."""
    if isinstance(ev.kept, Dispatch):
        rule = ev.rule or StartRule.FITS
        if ev.traits.independent_starts and rule is StartRule.ENDS_BEFORE:
            return VERDICTS["ends-before-independent"], None
        of = f" of job {ev.protects[0].job}" if ev.protects else ""
        text = VERDICTS[_STARTED[rule]].format(word="by" if ev.inclusive else "before", of=of)
        if ev.moved:
            text = VERDICTS["moved"].format(started=text)
        return text, None
    text = _held(ev)
    return text, text[_NOT_STARTED:] if ev.fits else None


def _held(ev: DisciplineRuled) -> str:
    if ev.traits.blocks_behind_first_waiting:
        if ev.blocked_by is None:
            return VERDICTS["strict-last"]
        return VERDICTS["strict-blocked" if ev.fits else "strict-waits"].format(job=ev.blocked_by)
    if ev.blocked_by is not None:
        return VERDICTS["no-run-limit"].format(job=ev.blocked_by)
    if ev.delays is not None:
        what = "the planned start" if ev.traits.independent_starts else "the backfill reservation"
        return VERDICTS["delays"].format(what=what, job=ev.delays)
    if ev.fits:
        return VERDICTS["planned-later"]
    if ev.reservation is not None:
        return VERDICTS["holds-reservation"]
    if ev.traits.single_reservation and ev.protects:
        return VERDICTS["behind-the-reserved"].format(job=ev.protects[0].job)
    if ev.unending:
        many = len(ev.unending) != 1
        named = ", ".join(f"job {j}" for j in ev.unending[:3]) + (", ..." if len(ev.unending) > 3 else "")
        return VERDICTS["unending"].format(count=len(ev.unending), s="s" * many, named=named,
                                           have="have" if many else "has", end="they end" if many else "it ends")
    return VERDICTS["never"]


def section(ev: DisciplineRuled, unit_of: UnitOf) -> Section:
    fits = "yes" if ev.fits else "no"
    lines = [Line(1, (f"discipline {ev.discipline} at {t(ev.now)}: {_limit(ev.run_limit)}; fits now: {fits} "
                      "(see the requirement, plan and host sections below)",))]
    if ev.reservation is not None and not (ev.rule is StartRule.PLANNED_NOW):
        lines += reservation_lines(ev.reservation, ev, unit_of)
    if ev.traits.blocks_behind_first_waiting or (ev.fits and ev.rule is not StartRule.HEAD):
        lines += backfill_lines(ev, unit_of)
    if ev.reservation is not None and ev.rule is StartRule.PLANNED_NOW:
        lines += reservation_lines(ev.reservation, ev, unit_of)
    text, not_started = verdict(ev)
    lines.append(Line(2, (f"verdict: {text}",)))
    found = ev.reservation
    counters = (("running jobs released", len(found.releases) if found else 0),
                ("earlier backfill reservations", len(found.around) if found else 0),
                ("jobs ahead", len(ev.ahead)))
    if ev.moved:
        not_started = "the job started on the allocation the discipline found"
    return Section(tuple(lines), counters, not_started)
