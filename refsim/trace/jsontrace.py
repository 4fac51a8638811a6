"""The JSON trace: the same sections as the text trace, rendered from the same record (trace/decision.py, never
by parsing text), with amounts as raw numbers in base units and verdict kinds, outcomes and pend codes as codes.
One trace is one JSON object; the trace file writes one per line (JSON Lines). docs/trace.schema.json describes
it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from refsim.model.jobid import format_job_ids
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, Decision, Dispatch, LimitCharge, NoDecision, Pend, PendReason
from refsim.trace.decision import DecisionRecord, ReconstructedRecord, TracedRecord
from refsim.trace.nearest import Lack, nearest_misses, unplaced
from refsim.trace.tally import REJECTIONS, kind_counts

FORMAT = "refsim-trace"
VERSION = 1

Obj = dict[str, Any]


def _number(value: Any) -> int | float:
    """Amounts as JSON numbers: whole values as integers, so 4 and 4.0 read alike."""
    return int(value) if float(value).is_integer() else float(value)


def _time(value: float) -> int | float | None:
    """A planned time; null for "never" (a job without a run limit holds its resources for ever)."""
    return None if value == float("inf") else _number(value)


def _path(path: e.Path) -> list[Obj]:
    return [{"role": s.role.value, "index": s.index, "count": s.count} for s in path]


def _reason(r: e.Reason) -> Obj:
    obj: Obj = {"kind": r.kind.value, "stage": r.stage.value, "subject": r.subject}
    if r.kind is not e.VerdictKind.SELECTION_MISMATCH:
        obj.update(scope=r.scope, resource=r.resource or r.subject, total=_number(r.total), used=_number(r.used),
                   reserved=_number(r.reserved), requested=_number(r.requested))
    return obj


def _lack(lack: Lack) -> Obj:
    return {"kind": lack.kind.value, "subject": lack.subject, "scope": lack.scope, "resource": lack.resource,
            "short": None if lack.short is None else _number(lack.short)}


def verdict_object(v: e.HostVerdict) -> Obj:
    return {"host": v.host, "kinds": [k.value for k in v.kinds], "reasons": [_reason(r) for r in v.reasons],
            "not_performed": list(v.not_performed), "error": v.error}


def _charges(charges: tuple[LimitCharge, ...]) -> list[Obj]:
    return [{"limit": c.limit, "scope": c.scope, "resource": c.resource, "amount": _number(c.amount)} for c in charges]


def allocation_object(a: Allocation) -> Obj:
    return {"hosts": [{"host": h.host, "resources": {n: _number(v) for n, v in h.resources},
                       "limit_charges": _charges(h.limit_charges)} for h in a.hosts],
            "shared": {n: _number(v) for n, v in a.shared}, "limit_charges": _charges(a.limit_charges)}


def reasons_object(reasons: tuple[PendReason, ...]) -> list[Obj]:
    return [{"code": r.code.value, "host": r.host or None, "detail": r.detail} for r in reasons]


def trace_object(record: TracedRecord) -> Obj:
    """The record's JSON object. The body keeps what the record kept (its bound of items is the JSON trace's
    bound); what it only counted is counted as omitted."""
    if isinstance(record, ReconstructedRecord):
        return _reconstructed(record)
    decision = record.decision
    obj: Obj = {"format": FORMAT, "version": VERSION, "job": format_job_ids([record.job]),
                "kind": "no-decision" if isinstance(decision, NoDecision) else "decision", "round": record.round,
                "position": record.position, "level": record.level.value, "selection": _selection(record),
                "requirements": _Tree(record).requirements(), "outcome": _outcome(decision)}
    if record.ruling is not None:
        obj["discipline"] = ruling_object(record.ruling)
    totals = record.totals
    obj["totals"] = {"plans_tried": totals.plans_tried, "plans_discarded": totals.plans_discarded,
                     "host_evaluations": {k.value: n for k, n in totals.verdicts.items()}}
    omitted = _omitted(record)
    obj["truncated"] = {"omitted": omitted, "bound": record.bound} if omitted else None
    return obj


def _omitted(record: DecisionRecord) -> int:
    """The items the record only counted: every one but a plan's end, with each host verdict at full level; and
    the host verdicts the bound cut from a kept position."""
    past = record.uncaptured
    hosts = past.hosts if record.full else 0
    cut = sum(len(_scan(record, index).verdicts) - kept for index, kept in record.hosts_kept.items())
    return past.items + past.positions + hosts + cut


def _scan(record: DecisionRecord, index: int) -> e.PositionScanned:
    event = record.body[index]
    assert isinstance(event, e.PositionScanned)  # only a position's hosts are cut
    return event


def _selection(record: DecisionRecord) -> Obj | None:
    if record.keys is None:
        return None
    limits = record.limits.limits if record.limits is not None else None
    standing = None if limits is None else [
        {"limit": s.limit, "scope": s.scope, "resource": s.resource, "value": _number(s.value),
         "usage": _number(s.usage)} for s in limits]
    return {"policy": record.keys.policy, "keys": dict(record.keys.keys), "cluster_limits": standing}


def _outcome(decision: Decision | NoDecision | None) -> Obj | None:
    if isinstance(decision, Dispatch):
        return {"kind": "dispatch", "allocation": allocation_object(decision.allocation)}
    if isinstance(decision, Pend):
        return {"kind": "pend", "reasons": reasons_object(decision.reasons)}
    if isinstance(decision, NoDecision):
        return {"kind": "no-decision", "reason": decision.kind.name.lower().replace("_", "-"),
                "detail": decision.detail or None}
    return None


class _Tree:
    """The requirement objects of a record's body: each requirement with its checks, notes and plans, each plan
    with its positions, each position (at full level) with its hosts."""

    def __init__(self, record: DecisionRecord) -> None:
        self.record = record
        self.list: list[Obj] = []
        self._requirements: dict[e.Path, Obj] = {}
        self._plan: Obj | None = None

    def requirements(self) -> list[Obj]:
        for index, event in enumerate(self.record.body):
            _MAKERS[type(event)](self, index, event)
        return self.list

    # --- requirements ------------------------------------------------------------------------------------------

    def _requirement(self, path: e.Path, status: str, **fields: Any) -> Obj:
        req: Obj = {"path": _path(path), "status": status, **fields}
        self.list.append(req)
        return req

    def _entered(self, index: int, ev: e.RequirementEntered) -> None:
        outcome = self.record.outcomes.get(index)
        fields: Obj = {"kind": ev.kind.value, "outcome": None if outcome is None else outcome.value, "notes": []}
        if ev.kind is e.NodeKind.SINGLE:
            fields.update(min_tasks=ev.min_tasks, max_tasks=ev.max_tasks,
                          requests={n: _number(v) for n, v in ev.requests}, select=ev.select or None,
                          span=ev.span or None, checks=[], plans=[])
        else:
            fields["members"] = ev.members
        self._requirements[ev.path] = self._requirement(ev.path, "tried", **fields)

    def _skipped(self, index: int, ev: e.RequirementSkipped) -> None:
        self._requirement(ev.path, "skipped")

    def _not_tried(self, index: int, ev: e.RequirementNotTried) -> None:
        self._requirement(ev.path, "not tried")

    # --- checks, notes and plans -------------------------------------------------------------------------------

    def _check(self, index: int, ev: e.ClusterCheck) -> None:
        item = ev.item
        self._requirements[ev.path]["checks"].append(
            {"kind": item.kind.value, "name": item.name, "scope": item.scope, "resource": item.resource,
             "total": _number(item.total), "used": _number(item.used), "reserved": _number(item.reserved),
             "requested": _number(item.requested), "passed": item.passed})

    def _note(self, path: e.Path, text: str) -> None:
        self._requirements[path]["notes"].append(text)

    def _plans_skipped(self, index: int, ev: e.PlansSkipped) -> None:
        self._note(ev.path, "no placement plans tried: the cluster-wide check failed")

    def _none_placed(self, index: int, ev: e.NoPlanPlaced) -> None:
        self._note(ev.path, "no plan could be placed")

    def _all_discarded(self, index: int, ev: e.AllPlansDiscarded) -> None:
        self._note(ev.path, "no plan tried: all generated plans were discarded")

    def _no_plan(self, index: int, ev: e.NoPlanGenerated) -> None:
        self._note(ev.path, f"no plan generated: {ev.reason}")

    def _released(self, index: int, ev: e.ClaimsReleased) -> None:
        whose = "plan " + str(ev.plan) if ev.plan else "the earlier members"
        self._note(ev.path, f"released the claims of {whose} on {', '.join(ev.hosts)}")

    def _new_plan(self, path: e.Path, plan: e.Plan, status: str, **fields: Any) -> Obj:
        obj: Obj = {"number": plan.number, "tasks": list(plan.tasks), "status": status, **fields}
        self._requirements[path]["plans"].append(obj)
        return obj

    def _discarded(self, index: int, ev: e.PlanDiscarded) -> None:
        self._new_plan(ev.path, ev.plan, "discarded", reason=ev.reason)

    def _plan_not_tried(self, index: int, ev: e.PlanNotTried) -> None:
        self._new_plan(ev.path, ev.plan, "not tried", error=ev.error)

    def _plan_tried(self, index: int, ev: e.PlanTried) -> None:
        self._plan = self._new_plan(ev.path, ev.plan, "tried", result=None, positions=[])

    def _end_plan(self, result: str, **fields: Any) -> None:
        if self._plan is not None:
            self._plan.update(result=result, **fields)
        self._plan = None

    def _plan_failed(self, index: int, ev: e.PlanFailed) -> None:
        _, tasks = unplaced(ev.plan, ev.position)
        self._end_plan("failed", failed_position=ev.position, positions_filled=ev.position - 1,
                       tasks_unplaced=tasks, tasks_total=sum(ev.plan.tasks))

    def _plan_error(self, index: int, ev: e.PlanEndedInError) -> None:
        self._end_plan("internal error", error=ev.error)

    def _committed(self, index: int, ev: e.PlanCommitted) -> None:
        self._end_plan("committed")

    # --- positions and hosts -----------------------------------------------------------------------------------

    def _scanned(self, index: int, ev: e.PositionScanned) -> None:
        assert self._plan is not None  # a position is scanned within a tried plan, kept before it
        position: Obj = {"position": ev.position, "tasks": ev.tasks, "filled_by": ev.host, "error": ev.error}
        self._plan["positions"].append(position)
        if self.record.full:
            kept = self.record.hosts_kept.get(index, len(ev.verdicts))
            position["hosts"] = [verdict_object(v) for v in ev.verdicts[:kept]]
        counts = self.record.counts.get(index)
        if counts is None:
            counts = kind_counts(ev.verdicts)
        position["rejected"] = {k.value: counts[k] for k in REJECTIONS if counts.get(k)}
        if ev.host is None:
            position["nearest_misses"] = [
                {"host": m.host, "failed_checks": m.failed, "lacks": [_lack(x) for x in m.lacks]}
                for m in nearest_misses(ev.verdicts)]


def ruling_object(ev: e.DisciplineRuled) -> Obj:
    """The discipline section (non-greedy disciplines only): the ruling, with the times and allocations that
    decided."""
    found = ev.reservation
    return {
        "name": ev.discipline, "now": _time(ev.now),
        "run_limit": None if ev.run_limit is None else _time(ev.run_limit), "fits": ev.fits,
        "started": isinstance(ev.kept, Dispatch), "moved": ev.moved,
        "rule": None if ev.rule is None else ev.rule.value,
        "reservation": None if found is None else {
            "planned_start": _time(found.planned_start), "end": _time(found.end),
            "allocation": allocation_object(found.allocation),
            "releases": [{"job": format_job_ids([r.job]), "end": _time(r.end)} for r in found.releases],
            "around": [{"job": format_job_ids([w.job]), "planned_start": _time(w.planned_start),
                        "end": _time(w.end)} for w in found.around],
            "placed_again": [{"job": format_job_ids([r.job]), "planned_start": _time(r.planned_start),
                              "end": _time(r.end), "allocation": allocation_object(r.allocation)}
                             for r in found.moved]},
        "protects": [{"job": format_job_ids([w.job]), "planned_start": _time(w.planned_start),
                      "end": _time(w.end)} for w in ev.protects],
        "inclusive": ev.inclusive,
        "delays": None if ev.delays is None else format_job_ids([ev.delays]),
        "blocked_by": None if ev.blocked_by is None else format_job_ids([ev.blocked_by]),
        "extra_placed": None if ev.extra_test is None else ev.extra_test.placed,
        "ahead": [{"job": format_job_ids([j]), "planned_start": None if t is None else _time(t)}
                  for j, t in ev.ahead]}


# Each body event's object maker, looked up by the event's type.
_MAKERS: dict[type, Callable[[_Tree, int, Any], None]] = {
    e.RequirementEntered: _Tree._entered, e.RequirementSkipped: _Tree._skipped,
    e.RequirementNotTried: _Tree._not_tried, e.ClusterCheck: _Tree._check, e.PlansSkipped: _Tree._plans_skipped,
    e.NoPlanGenerated: _Tree._no_plan, e.PlanDiscarded: _Tree._discarded, e.PlanNotTried: _Tree._plan_not_tried,
    e.PlanTried: _Tree._plan_tried, e.PositionScanned: _Tree._scanned, e.ClaimsReleased: _Tree._released,
    e.PlanFailed: _Tree._plan_failed, e.PlanEndedInError: _Tree._plan_error, e.PlanCommitted: _Tree._committed,
    e.NoPlanPlaced: _Tree._none_placed, e.AllPlansDiscarded: _Tree._all_discarded,
}


def _reconstructed(record: ReconstructedRecord) -> Obj:
    """A reconstructed dispatch: no selection, requirement, plan or host sections."""
    return {"format": FORMAT, "version": VERSION, "job": format_job_ids([record.job]), "kind": "reconstructed",
            "round": record.round, "position": None, "level": record.level.value, "selection": None,
            "requirements": [], "outcome": {"kind": "dispatch", "allocation": allocation_object(record.allocation)},
            "totals": {"plans_tried": 0, "plans_discarded": 0,
                       "host_evaluations": {k.value: 0 for k in e.VerdictKind}},
            "truncated": None}


def json_line(obj: Obj) -> str:
    """One trace as one line: keys in a fixed order, so the same replay writes the same bytes."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
