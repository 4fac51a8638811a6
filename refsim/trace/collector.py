"""The trace collector: sched's observer for one traced decision. It turns events into trace lines as they come,
stops capturing requirement, check, plan and host lines at the bound (counting what it omits), and keeps exact
decision-wide counts whatever the bound."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from refsim.model.cluster import Cluster
from refsim.model.jobid import JobId
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, Dispatch, NoDecisionKind, Pend
from refsim.sched.events import DisciplineRuled
from refsim.trace import discipline
from refsim.trace.labels import UnitOf, check_parts, misses_parts, plan_parts, requirement_label, verdict_parts
from refsim.trace.nearest import filled_words, nearest_misses, unplaced
from refsim.trace.outcome import dispatch_lines, no_decision_lines, pend_lines
from refsim.trace.records import Amt, Line, Part, Totals, Trace
from refsim.trace.settings import Level
from refsim.trace.tally import REJECTIONS, VerdictTally


# The summary of a position taken by the first host considered (1 verdict) or by the one after a claimed host (2)
_NEXT_TAKEN = {1: "no host rejected", 2: f"hosts rejected: {e.VerdictKind.ALREADY_CLAIMED.value} 1"}


def _units(cluster: Cluster) -> UnitOf:
    """cluster.unit_of, read from a table made once per collector: the trace asks it for every amount."""
    units: dict[str, str | None] = {}
    for definition in cluster.resources:
        units.setdefault(definition.name, definition.unit)
    return units.get


class Collector:
    def __init__(self, job: JobId, level: Level, bound: int, cluster: Cluster) -> None:
        self.job, self.level, self.bound, self.cluster = job, level, bound, cluster
        self.full = level is Level.FULL
        self.unit_of: UnitOf = _units(cluster)
        # set by the job's selection, the first event a collector is sent (sched/session.py, repl/why.py)
        self.round: int
        self.position: int
        self.head: list[Line] = []
        self.body: list[Line] = []  # a requirement's line is replaced when its outcome is added
        self.omitted = 0
        self.outcome: list[Line] = []
        self.tried = self.discarded = 0
        self.tally = VerdictTally()
        self._requirements: dict[e.Path, int | None] = {}
        # a discipline that does not start the job rewrites these lines (trace/discipline.py)
        self.committed: list[tuple[int, int]] = []
        self.discipline_section: discipline.Section | None = None  # set by a non-greedy discipline's ruling

    def event(self, event: e.Event) -> None:
        _HANDLERS[type(event)](self, event)

    # --- capture -----------------------------------------------------------------------------------------------

    def _line(self, depth: int, *parts: Part) -> int | None:
        """Capture a body line unless the bound is reached; its index, or None when omitted."""
        body = self.body
        if len(body) >= self.bound:
            self.omitted += 1
            return None
        body.append(_new(Line, (depth, parts)))  # Line(depth, parts), without the class call's frame
        return len(body) - 1

    @staticmethod
    def _depth(path: e.Path) -> int:
        """The depth of a requirement's checks and plans: one below its own line (1 + len(path))."""
        return 2 + len(path)

    @staticmethod
    def _position_depth(path: e.Path) -> int:
        """The depth of a plan's position lines: one below the plan's (its hosts' lines are one further)."""
        return 3 + len(path)

    def trace(self) -> Trace:
        totals = Totals(self.tried, self.discarded, tuple(self.tally.totals.items()))
        return discipline.attach(self, Trace(self.job, self.round, self.position, self.level, tuple(self.head),
                                             tuple(self.body), self.omitted,
                                             self.bound, totals, tuple(self.outcome)))

    # --- selection ---------------------------------------------------------------------------------------------

    def _selected(self, ev: e.JobSelected) -> None:
        self.round, self.position = ev.round, ev.position
        self.head.append(Line(1, (f"trace of {ev.job}: round {ev.round}, position {ev.position}, "
                                  f"level {self.level.value}",)))

    def _keys(self, ev: e.SelectionKeys) -> None:
        keys = ", ".join(f"{k} {v}" for k, v in ev.keys)
        self.head.append(Line(1, (f"selection: round {self.round}, position {self.position}; "
                                  f"policy {ev.policy}: {keys}",)))

    def _limits(self, ev: e.ClusterLimitsMatched) -> None:
        if ev.limits is None:
            self.head.append(Line(2, ("cluster-wide limits: unavailable (the job has no scheduling object)",)))
            return
        parts: list[Part] = ["cluster-wide limits: "]
        for i, s in enumerate(ev.limits):
            unit = self.unit_of(s.resource)
            parts += ([", "] if i else []) + [f"{s.limit}[{s.scope}] {s.resource} usage ", Amt(s.usage, unit),
                                              " of ", Amt(s.value, unit)]
        if not ev.limits:
            parts.append("none")
        parts.append("; host-scoped limits are reported with each host's verdict")
        self.head.append(Line(2, tuple(parts)))

    # --- requirements ------------------------------------------------------------------------------------------

    def _entered(self, ev: e.RequirementEntered) -> None:
        label = requirement_label(ev.path)
        if ev.kind is e.NodeKind.SINGLE:
            asked: list[Part] = [f"{label}: single, tasks min {ev.min_tasks} max {ev.max_tasks}, requests "]
            for i, (name, value) in enumerate(ev.requests):
                per = "per job" if self.cluster.shared_resource(name) is not None else "per task"
                asked += ([", "] if i else []) + [f"{name} ", Amt(value, self.unit_of(name)), f" {per}"]
            asked.append("" if ev.requests else "slots only")
            asked += [f", select[{ev.select}]"] if ev.select else []
            asked += [f", {ev.span}"] if ev.span else []
            parts = tuple(asked)
        elif ev.kind is e.NodeKind.COMPOUND:
            parts = (f"{label}: compound of {ev.members} members",)
        else:
            parts = (f"{label}: {ev.members} alternatives",)
        self._requirements[ev.path] = self._line(1 + len(ev.path), *parts)

    def _skipped(self, ev: e.RequirementSkipped) -> None:
        self._line(1 + len(ev.path), f"{requirement_label(ev.path)}: skipped (no requirement content)")

    def _not_tried(self, ev: e.RequirementNotTried) -> None:
        self._line(1 + len(ev.path), f"{requirement_label(ev.path)}: not tried")

    def _done(self, ev: e.RequirementDone) -> None:
        index = self._requirements.get(ev.path)
        if index is None:
            return
        text = f": {ev.outcome.value}"
        last = ev.path[-1] if ev.path else None
        if last is not None and last.role is e.Role.ALTERNATIVE and ev.outcome is e.Outcome.SATISFIED:
            text += " (chosen)"
        if last is not None and last.role is e.Role.MEMBER and ev.outcome is not e.Outcome.SATISFIED:
            text += " (point of failure)"
        line = self.body[index]
        self.body[index] = Line(line.depth, line.parts + (text,))

    # --- cluster-wide check and plans --------------------------------------------------------------------------

    def _check(self, ev: e.ClusterCheck) -> None:
        self._line(self._depth(ev.path), *check_parts(ev.item, self.unit_of))

    def _plans_skipped(self, ev: e.PlansSkipped) -> None:
        self._line(self._depth(ev.path), "no placement plans tried: the cluster-wide check failed")

    def _no_plan(self, ev: e.NoPlanGenerated) -> None:
        self._line(self._depth(ev.path), f"no plan generated: {ev.reason}")

    def _discarded(self, ev: e.PlanDiscarded) -> None:
        self.discarded += 1
        self._line(self._depth(ev.path), *plan_parts(ev.plan), f": discarded: {ev.reason}")

    def _plan_not_tried(self, ev: e.PlanNotTried) -> None:
        self._line(self._depth(ev.path), *plan_parts(ev.plan),
                   f": not tried: internal error: {ev.error}; no further plans tried")

    def _plan_tried(self, ev: e.PlanTried) -> None:
        self.tried += 1
        self._line(self._depth(ev.path), *plan_parts(ev.plan), ": tried")

    def _plan_failed(self, ev: e.PlanFailed) -> None:
        _, left = unplaced(ev.plan, ev.position)
        self._line(self._depth(ev.path), f"plan {ev.plan.number}: failed: position {ev.position} could not be filled; "
                                         f"{filled_words(ev.position)}, {left} of {sum(ev.plan.tasks)} tasks unplaced")

    def _plan_error(self, ev: e.PlanEndedInError) -> None:
        self._line(self._depth(ev.path), f"plan {ev.plan.number}: ended in an internal error: {ev.error}; "
                                         "no further plans tried")

    def _committed(self, ev: e.PlanCommitted) -> None:
        index = self._line(self._depth(ev.path), f"plan {ev.plan.number}: committed; no further plans tried")
        if index is not None:
            self.committed.append((index, ev.plan.number))

    def _none_placed(self, ev: e.NoPlanPlaced) -> None:
        self._line(self._depth(ev.path), "no plan could be placed")

    def _all_discarded(self, ev: e.AllPlansDiscarded) -> None:
        self._line(self._depth(ev.path), "no plan tried: all generated plans were discarded")

    def _released(self, ev: e.ClaimsReleased) -> None:
        whose = f"plan {ev.plan}" if ev.plan else "the earlier members"
        self._line(self._depth(ev.path), f"released the claims of {whose} on {', '.join(ev.hosts)}")

    # --- positions and hosts -----------------------------------------------------------------------------------

    def _scanned(self, ev: e.PositionScanned) -> None:
        verdicts, host = ev.verdicts, ev.host
        depth = self._position_depth(ev.path)
        if host is not None and not self.full and self._taken_next(verdicts):
            self._line(depth, f"position {ev.position}: filled by {host}; " + _NEXT_TAKEN[len(verdicts)])
            return
        counted = self.tally.count(verdicts)
        if host is not None:
            result = f"filled by {host}"
        else:
            result = "not filled" + (f": internal error in the host scan: {ev.error}" if ev.error else "")
        if self.full:
            self._line(depth, f"position {ev.position} ({ev.tasks} task{'s' * (ev.tasks != 1)})")
            for verdict in verdicts:
                self._line(depth + 1, *verdict_parts(verdict, self.unit_of))
            self._line(depth, f"position {ev.position}: {result}")
        else:  # a summary counts the position's hosts and shows no line for them
            self._position_summary(depth, ev.position, result, counted, verdicts)
        if host is None:
            misses = nearest_misses(verdicts)
            if misses:  # the same line at both levels
                self._line(depth, *misses_parts(misses, self.unit_of))

    def _taken_next(self, verdicts: tuple[e.HostVerdict, ...]) -> bool:
        """Count a position filled by the first host considered, or by the one after an already claimed host
        (a position's scan starts at the host the previous position took): nine positions in ten on a real log,
        counted here without the general tally. False, counting nothing, for any other position."""
        totals = self.tally.totals
        if len(verdicts) == 1:
            totals[e.VerdictKind.ACCEPTED] += 1
            return True
        if len(verdicts) == 2 and verdicts[0].kinds == (e.VerdictKind.ALREADY_CLAIMED,):
            totals[e.VerdictKind.ACCEPTED] += 1
            totals[e.VerdictKind.ALREADY_CLAIMED] += 1
            return True
        return False

    def _position_summary(self, depth: int, position: int, result: str, counted: dict[e.VerdictKind, int],
                          verdicts: tuple[e.HostVerdict, ...]) -> None:
        rejected = [f"{kind.value} {n}" + (_limit_hits(verdicts) if kind is e.VerdictKind.LIMIT_EXCEEDED else "")
                    for kind in REJECTIONS if (n := counted.get(kind))] if counted else None
        if rejected:
            self._line(depth, f"position {position}: {result}; hosts rejected: {', '.join(rejected)}")
        else:
            self._line(depth, f"position {position}: {result}; no host rejected")

    # --- outcome -----------------------------------------------------------------------------------------------

    def _allocation(self, ev: e.AllocationBuilt) -> None:
        pass  # the dispatch decision that follows carries the same allocation

    def _decision(self, ev: e.DecisionMade) -> None:
        if isinstance(ev.decision, Dispatch):
            self.outcome = dispatch_lines(ev.decision.allocation, self.unit_of)
        else:
            assert isinstance(ev.decision, Pend)
            self.outcome = pend_lines(ev.decision.reasons)

    def _no_decision(self, ev: e.NoDecisionMade) -> None:
        if ev.no_decision.kind is NoDecisionKind.NOT_FOUND:
            self.head.append(Line(1, (f"selection: round {self.round}, position {self.position}, job {self.job}; "
                                      "ordering keys and limits unavailable",)))
        self.outcome = no_decision_lines(ev.no_decision)



def _limit_hits(verdicts: tuple[e.HostVerdict, ...]) -> str:
    """' (name[scope] count, ...)' of the limits that rejected a position's hosts, sorted by name."""
    hits: Counter[str] = Counter(f"{r.subject}[{r.scope}]" for v in verdicts for r in v.reasons
                                 if r.kind is e.VerdictKind.LIMIT_EXCEEDED)
    return " (" + ", ".join(f"{name} {c}" for name, c in sorted(hits.items())) + ")"


# Kept: it runs once per captured line, and the collector alone, fed the events of tools/bench.py's synthetic
# replay at full level, ran 6-25% slower with the class call (the other such shortcuts measured no gain).
_new = tuple.__new__

# Each event's handler, looked up by the event's type (one table for every collector).
_HANDLERS: dict[type, Callable[[Collector, Any], None]] = {
    e.JobSelected: Collector._selected, e.SelectionKeys: Collector._keys,
    e.ClusterLimitsMatched: Collector._limits, e.RequirementEntered: Collector._entered,
    e.RequirementSkipped: Collector._skipped, e.RequirementNotTried: Collector._not_tried,
    e.RequirementDone: Collector._done, e.ClusterCheck: Collector._check, e.PlansSkipped: Collector._plans_skipped,
    e.NoPlanGenerated: Collector._no_plan, e.PlanDiscarded: Collector._discarded,
    e.PlanNotTried: Collector._plan_not_tried, e.PlanTried: Collector._plan_tried,
    e.PositionScanned: Collector._scanned, e.ClaimsReleased: Collector._released, e.PlanFailed: Collector._plan_failed,
    e.PlanEndedInError: Collector._plan_error, e.PlanCommitted: Collector._committed,
    e.NoPlanPlaced: Collector._none_placed, e.AllPlansDiscarded: Collector._all_discarded,
    e.AllocationBuilt: Collector._allocation, e.DecisionMade: Collector._decision,
    e.NoDecisionMade: Collector._no_decision, DisciplineRuled: discipline.ruled,
}


def reconstructed_trace(job: JobId, round_no: int, allocation: Allocation, level: Level, bound: int,
                        unit_of: UnitOf) -> Trace:
    """The trace of a reconstructed dispatch: a statement in place of selection, requirements, plans and hosts."""
    head = (Line(1, (f"trace of {job}: round {round_no}, reconstructed dispatch, level {level.value}",)),
            Line(1, ("dispatched by the simulator's reconstruction of a recorded allocation, not by the scheduler's "
                     "own placement: no selection, requirement, plan or host sections",)))
    totals = Totals(0, 0, tuple((k, 0) for k in e.VerdictKind))
    return Trace(job, round_no, None, level, head, (), 0, bound, totals, tuple(dispatch_lines(allocation, unit_of)))
