"""The JSON trace: the same sections as the text trace, built from the same observer events (never by parsing
text), with amounts as raw numbers in base units and verdict kinds, outcomes and pend codes as codes. One trace is
one JSON object; the trace file writes one per line (JSON Lines). docs/trace.schema.json describes it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeGuard

from refsim.model.jobid import JobId, format_job_ids
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, Dispatch, LimitCharge, NoDecision, Pend, PendReason
from refsim.sched.events import DisciplineRuled
from refsim.trace.nearest import Lack, nearest_misses, unplaced
from refsim.trace.settings import Level
from refsim.trace.tally import REJECTIONS, VerdictTally

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


class JsonCollector:
    """sched's observer for one traced decision, building its JSON object. The body (requirements, checks, plans,
    positions, hosts) is bounded by the same line bound as the text trace; totals stay exact."""

    def __init__(self, job: JobId, level: Level, bound: int) -> None:
        self.level, self.bound = level, bound
        self.obj: Obj = {"format": FORMAT, "version": VERSION, "job": format_job_ids([job]), "kind": "decision",
                         "round": None, "position": None, "level": level.value, "selection": None,
                         "requirements": [], "outcome": None}
        self.items = self.omitted = 0
        self.tried = self.discarded = 0
        self.tally = VerdictTally()
        self._requirements: dict[e.Path, Obj] = {}
        self._plan: Obj | None = None

    def event(self, event: e.Event) -> None:
        _HANDLERS[type(event)](self, event)

    def _room(self) -> bool:
        """Whether one more body item fits under the bound; counts it as omitted when not."""
        if self.items >= self.bound:
            self.omitted += 1
            return False
        self.items += 1
        return True

    def _room_in(self, parent: Obj | None) -> TypeGuard[Obj]:
        """_room() for an item inside `parent` (a requirement, plan or position object): an item whose parent was
        omitted is omitted too, and counted, so `omitted` stays exact."""
        if parent is None:
            self.omitted += 1
            return False
        return self._room()

    def result(self) -> Obj:
        self.obj["totals"] = {"plans_tried": self.tried, "plans_discarded": self.discarded,
                              "host_evaluations": {k.value: n for k, n in self.tally.totals.items()}}
        self.obj["truncated"] = {"omitted": self.omitted, "bound": self.bound} if self.omitted else None
        return self.obj

    # --- selection ---------------------------------------------------------------------------------------------

    def _selected(self, ev: e.JobSelected) -> None:
        self.obj["round"], self.obj["position"] = ev.round, ev.position

    def _keys(self, ev: e.SelectionKeys) -> None:
        self.obj["selection"] = {"policy": ev.policy, "keys": dict(ev.keys), "cluster_limits": None}

    def _limits(self, ev: e.ClusterLimitsMatched) -> None:
        if self.obj["selection"] is not None and ev.limits is not None:
            self.obj["selection"]["cluster_limits"] = [
                {"limit": s.limit, "scope": s.scope, "resource": s.resource, "value": _number(s.value),
                 "usage": _number(s.usage)} for s in ev.limits]

    # --- requirements, checks and plans ------------------------------------------------------------------------

    def _requirement(self, path: e.Path, status: str, **fields: Any) -> Obj | None:
        if not self._room():
            return None
        req: Obj = {"path": _path(path), "status": status, **fields}
        self.obj["requirements"].append(req)
        return req

    def _entered(self, ev: e.RequirementEntered) -> None:
        fields: Obj = {"kind": ev.kind.value, "outcome": None, "notes": []}
        if ev.kind is e.NodeKind.SINGLE:
            fields.update(min_tasks=ev.min_tasks, max_tasks=ev.max_tasks,
                          requests={n: _number(v) for n, v in ev.requests}, select=ev.select or None,
                          span=ev.span or None, checks=[], plans=[])
        else:
            fields["members"] = ev.members
        req = self._requirement(ev.path, "tried", **fields)
        if req is not None:
            self._requirements[ev.path] = req

    def _skipped(self, ev: e.RequirementSkipped) -> None:
        self._requirement(ev.path, "skipped")

    def _not_tried(self, ev: e.RequirementNotTried) -> None:
        self._requirement(ev.path, "not tried")

    def _done(self, ev: e.RequirementDone) -> None:
        req = self._requirements.get(ev.path)
        if req is not None:
            req["outcome"] = ev.outcome.value

    def _single(self, path: e.Path) -> Obj | None:
        return self._requirements.get(path)

    def _check(self, ev: e.ClusterCheck) -> None:
        req, item = self._single(ev.path), ev.item
        if self._room_in(req):
            req["checks"].append({"kind": item.kind.value, "name": item.name, "scope": item.scope,
                                  "resource": item.resource, "total": _number(item.total),
                                  "used": _number(item.used), "reserved": _number(item.reserved),
                                  "requested": _number(item.requested), "passed": item.passed})

    def _add_note(self, path: e.Path, text: str) -> None:
        req = self._single(path)
        if self._room_in(req):
            req["notes"].append(text)

    def _plans_skipped(self, ev: e.PlansSkipped) -> None:
        self._add_note(ev.path, "no placement plans tried: the cluster-wide check failed")

    def _none_placed(self, ev: e.NoPlanPlaced) -> None:
        self._add_note(ev.path, "no plan could be placed")

    def _all_discarded(self, ev: e.AllPlansDiscarded) -> None:
        self._add_note(ev.path, "no plan tried: all generated plans were discarded")

    def _allocation(self, ev: e.AllocationBuilt) -> None:
        pass  # the dispatch decision that follows carries the same allocation

    def _no_plan(self, ev: e.NoPlanGenerated) -> None:
        self._add_note(ev.path, f"no plan generated: {ev.reason}")

    def _new_plan(self, path: e.Path, plan: e.Plan, status: str, **fields: Any) -> Obj | None:
        req = self._single(path)
        if not self._room_in(req):
            return None
        obj: Obj = {"number": plan.number, "tasks": list(plan.tasks), "status": status, **fields}
        req["plans"].append(obj)
        return obj

    def _discarded(self, ev: e.PlanDiscarded) -> None:
        self.discarded += 1
        self._new_plan(ev.path, ev.plan, "discarded", reason=ev.reason)

    def _plan_not_tried(self, ev: e.PlanNotTried) -> None:
        self._new_plan(ev.path, ev.plan, "not tried", error=ev.error)

    def _plan_tried(self, ev: e.PlanTried) -> None:
        self.tried += 1
        self._plan = self._new_plan(ev.path, ev.plan, "tried", result=None, positions=[])

    def _end_plan(self, result: str, **fields: Any) -> None:
        if self._plan is not None:
            self._plan.update(result=result, **fields)
        self._plan = None

    def _plan_failed(self, ev: e.PlanFailed) -> None:
        _, tasks = unplaced(ev.plan, ev.position)
        self._end_plan("failed", failed_position=ev.position, positions_filled=ev.position - 1,
                       tasks_unplaced=tasks, tasks_total=sum(ev.plan.tasks))

    def _plan_error(self, ev: e.PlanEndedInError) -> None:
        self._end_plan("internal error", error=ev.error)

    def _committed(self, ev: e.PlanCommitted) -> None:
        self._end_plan("committed")

    def _released(self, ev: e.ClaimsReleased) -> None:
        req = self._single(ev.path)
        if self._room_in(req):
            req["notes"].append(f"released the claims of {'plan ' + str(ev.plan) if ev.plan else 'the earlier members'}"
                                f" on {', '.join(ev.hosts)}")

    # --- positions and hosts -----------------------------------------------------------------------------------

    def _scanned(self, ev: e.PositionScanned) -> None:
        counts = self.tally.count(ev.verdicts)
        full = self.level is Level.FULL
        if not self._room_in(self._plan):
            if full:  # its hosts are omitted with it, and counted
                self.omitted += len(ev.verdicts)
            return
        position: Obj = {"position": ev.position, "tasks": ev.tasks, "filled_by": ev.host, "error": ev.error}
        self._plan["positions"].append(position)
        if full:
            hosts = position["hosts"] = []
            for verdict in ev.verdicts:
                if self._room_in(position):
                    hosts.append(verdict_object(verdict))
        position["rejected"] = {k.value: counts[k] for k in REJECTIONS if counts.get(k)}
        if ev.host is None:
            position["nearest_misses"] = [
                {"host": m.host, "failed_checks": m.failed, "lacks": [_lack(x) for x in m.lacks]}
                for m in nearest_misses(ev.verdicts)]

    # --- discipline --------------------------------------------------------------------------------------------

    def _ruled(self, ev: DisciplineRuled) -> None:
        """The discipline's ruling (non-greedy disciplines only), with the times and allocations that decided."""
        found = ev.reservation
        self.obj["discipline"] = {
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

    # --- outcome -----------------------------------------------------------------------------------------------

    def _decision(self, ev: e.DecisionMade) -> None:
        if isinstance(ev.decision, Dispatch):
            self.obj["outcome"] = {"kind": "dispatch", "allocation": allocation_object(ev.decision.allocation)}
        else:
            assert isinstance(ev.decision, Pend)
            self.obj["outcome"] = {"kind": "pend", "reasons": reasons_object(ev.decision.reasons)}

    def _no_decision(self, ev: e.NoDecisionMade) -> None:
        self.obj["kind"] = "no-decision"
        nd: NoDecision = ev.no_decision
        self.obj["outcome"] = {"kind": "no-decision", "reason": nd.kind.name.lower().replace("_", "-"),
                               "detail": nd.detail or None}


# Each event's handler, looked up by the event's type (one table for every collector).
_HANDLERS: dict[type, Callable[[JsonCollector, Any], None]] = {
    e.JobSelected: JsonCollector._selected, e.SelectionKeys: JsonCollector._keys,
    e.ClusterLimitsMatched: JsonCollector._limits, e.RequirementEntered: JsonCollector._entered,
    e.RequirementSkipped: JsonCollector._skipped, e.RequirementNotTried: JsonCollector._not_tried,
    e.RequirementDone: JsonCollector._done, e.ClusterCheck: JsonCollector._check,
    e.PlansSkipped: JsonCollector._plans_skipped, e.NoPlanGenerated: JsonCollector._no_plan,
    e.PlanDiscarded: JsonCollector._discarded, e.PlanNotTried: JsonCollector._plan_not_tried,
    e.PlanTried: JsonCollector._plan_tried, e.PositionScanned: JsonCollector._scanned,
    e.ClaimsReleased: JsonCollector._released,
    e.PlanFailed: JsonCollector._plan_failed, e.PlanEndedInError: JsonCollector._plan_error,
    e.PlanCommitted: JsonCollector._committed, e.NoPlanPlaced: JsonCollector._none_placed,
    e.AllPlansDiscarded: JsonCollector._all_discarded, e.AllocationBuilt: JsonCollector._allocation,
    e.DecisionMade: JsonCollector._decision, e.NoDecisionMade: JsonCollector._no_decision,
    DisciplineRuled: JsonCollector._ruled,
}


def reconstructed_object(job: JobId, round_no: int, allocation: Allocation, level: Level) -> Obj:
    """A reconstructed dispatch: no selection, requirement, plan or host sections."""
    return {"format": FORMAT, "version": VERSION, "job": format_job_ids([job]), "kind": "reconstructed",
            "round": round_no, "position": None, "level": level.value, "selection": None, "requirements": [],
            "outcome": {"kind": "dispatch", "allocation": allocation_object(allocation)},
            "totals": {"plans_tried": 0, "plans_discarded": 0,
                       "host_evaluations": {k.value: 0 for k in e.VerdictKind}},
            "truncated": None}


def json_line(obj: Obj) -> str:
    """One trace as one line: keys in a fixed order, so the same replay writes the same bytes."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
