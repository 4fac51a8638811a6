"""The text trace: a traced decision's record (trace/decision.py) as lines (trace/records.py), which
trace/render.py turns into text in the units mode in effect when shown.

The section line bound is enforced here, once: the discipline section's lines come first, then requirement,
check, plan, position and host lines until the bound; every line past it, kept in the record or only counted
there, is counted as omitted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from refsim.model.cluster import Cluster
from refsim.model.hostlist import compress_hosts
from refsim.sched import events as e
from refsim.sched.decisions import Dispatch, NoDecision, NoDecisionKind, Pend
from refsim.trace import discipline
from refsim.trace.decision import DecisionRecord, ReconstructedRecord, TracedRecord
from refsim.trace.labels import UnitOf, check_parts, misses_parts, plan_parts, requirement_label, verdict_parts
from refsim.trace.nearest import Miss, filled_words, nearest_misses, unplaced
from refsim.trace.outcome import dispatch_lines, grouped_pend_lines, no_decision_lines, pend_lines
from refsim.trace.records import Amt, Line, Part, Totals, Trace
from refsim.trace.tally import REJECTIONS

# The summary of a position taken by the first host considered (1 verdict) or by the one after a claimed host (2)
_NEXT_TAKEN = {1: "no host rejected", 2: f"hosts rejected: {e.VerdictKind.ALREADY_CLAIMED.value} 1"}


def units_of(cluster: Cluster) -> UnitOf:
    """cluster.unit_of, read from a table made once per trace: the trace asks it for every amount."""
    units: dict[str, str | None] = {}
    for definition in cluster.resources:
        units.setdefault(definition.name, definition.unit)
    return units.get


def text_trace(record: TracedRecord, cluster: Cluster, compact: bool = False) -> Trace:
    """The record's lines, with the section line bound applied. `compact` (what `why` shows at summary level):
    runs of equal task counts written once, nearest misses only when they tell hosts apart, and the pend reasons'
    hosts as compressed lists per reason."""
    unit_of = units_of(cluster)
    if isinstance(record, ReconstructedRecord):
        return _reconstructed(record, unit_of)
    section = discipline.section(record.ruling, unit_of) if record.ruling is not None else None
    own = section.lines[:record.bound] if section is not None else ()
    lines = _Lines(max(record.bound - len(own), 0) if section is not None else record.bound)
    _Body(record, cluster, unit_of, section.not_started if section is not None else None, lines, compact).render()
    omitted = (len(section.lines) - len(own) if section is not None else 0) + lines.omitted + _past_lines(record)
    totals = Totals(record.totals.plans_tried, record.totals.plans_discarded, tuple(record.totals.verdicts.items()),
                    section.counters if section is not None else ())
    return Trace(record.job, record.round, record.position, record.level, _head(record, unit_of),
                 tuple(lines.kept), omitted, record.bound, totals, _outcome(record, unit_of, compact), own)


def _past_lines(record: DecisionRecord) -> int:
    """The lines of what the record only counted: one per item and plan end; a position's line, or at full level
    its heading, its result and a line per host; and a nearest-misses line for each such position not filled."""
    past, full = record.uncaptured, record.full
    per_position = 2 if full else 1
    return (past.items + past.ends + past.positions * per_position + (past.hosts if full else 0)
            + past.misses)


class _Lines:
    """The body's lines: kept while the bound leaves room, counted as omitted after."""

    def __init__(self, room: int) -> None:
        self.room, self.omitted = room, 0
        self.kept: list[Line] = []

    def add(self, depth: int, *parts: Part) -> None:
        if len(self.kept) >= self.room:
            self.omitted += 1
            return
        self.kept.append(_new(Line, (depth, parts)))  # Line(depth, parts), without the class call's frame


def _head(record: DecisionRecord, unit_of: UnitOf) -> tuple[Line, ...]:
    """The block header and the selection: never bounded."""
    head = [Line(1, (f"trace of {record.job}: round {record.round}, position {record.position}, "
                     f"level {record.level.value}",))]
    if record.keys is not None:
        keys = ", ".join(f"{k} {v}" for k, v in record.keys.keys)
        head.append(Line(1, (f"selection: round {record.round}, position {record.position}; "
                             f"policy {record.keys.policy}: {keys}",)))
    if record.limits is not None:
        head.append(_limits_line(record.limits, unit_of))
    decision = record.decision
    if isinstance(decision, NoDecision) and decision.kind is NoDecisionKind.NOT_FOUND:
        head.append(Line(1, (f"selection: round {record.round}, position {record.position}, job {record.job}; "
                             "ordering keys and limits unavailable",)))
    return tuple(head)


def _limits_line(ev: e.ClusterLimitsMatched, unit_of: UnitOf) -> Line:
    if ev.limits is None:
        return Line(2, ("cluster-wide limits: unavailable (the job has no scheduling object)",))
    parts: list[Part] = ["cluster-wide limits: "]
    for i, s in enumerate(ev.limits):
        unit = unit_of(s.resource)
        parts += ([", "] if i else []) + [f"{s.limit}[{s.scope}] {s.resource} usage ", Amt(s.usage, unit),
                                          " of ", Amt(s.value, unit)]
    if not ev.limits:
        parts.append("none")
    parts.append("; host-scoped limits are reported with each host's verdict")
    return Line(2, tuple(parts))


def _outcome(record: DecisionRecord, unit_of: UnitOf, compact: bool) -> tuple[Line, ...]:
    decision = record.decision
    if isinstance(decision, Dispatch):
        return tuple(dispatch_lines(decision.allocation, unit_of))
    if isinstance(decision, Pend):
        return tuple(grouped_pend_lines(decision.reasons) if compact else pend_lines(decision.reasons))
    if isinstance(decision, NoDecision):
        return tuple(no_decision_lines(decision))
    return ()


class _Body:
    """The requirement, check, plan, position and host lines of the record's body, in the order sched sent them."""

    def __init__(self, record: DecisionRecord, cluster: Cluster, unit_of: UnitOf, not_started: str | None,
                 lines: _Lines, compact: bool = False) -> None:
        self.record, self.cluster, self.unit_of, self.not_started = record, cluster, unit_of, not_started
        self.compact = compact
        self.full = record.full
        self.line = lines.add

    def render(self) -> None:
        for index, event in enumerate(self.record.body):
            _RENDERERS[type(event)](self, index, event)

    @staticmethod
    def _depth(path: e.Path) -> int:
        """The depth of a requirement's checks and plans: one below its own line (1 + len(path))."""
        return 2 + len(path)

    # --- requirements ------------------------------------------------------------------------------------------

    def _entered(self, index: int, ev: e.RequirementEntered) -> None:
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
        outcome = self.record.outcomes.get(index)
        if outcome is not None:
            text = f": {outcome.value}"
            if self.record.chosen(index):
                text += " (chosen)"
            if self.record.point_of_failure(index):
                text += " (point of failure)"
            parts += (text,)
        self.line(1 + len(ev.path), *parts)

    def _skipped(self, index: int, ev: e.RequirementSkipped) -> None:
        self.line(1 + len(ev.path), f"{requirement_label(ev.path)}: skipped (no requirement content)")

    def _not_tried(self, index: int, ev: e.RequirementNotTried) -> None:
        self.line(1 + len(ev.path), f"{requirement_label(ev.path)}: not tried")

    # --- cluster-wide check and plans --------------------------------------------------------------------------

    def _check(self, index: int, ev: e.ClusterCheck) -> None:
        self.line(self._depth(ev.path), *check_parts(ev.item, self.unit_of))

    def _plans_skipped(self, index: int, ev: e.PlansSkipped) -> None:
        self.line(self._depth(ev.path), "no placement plans tried: the cluster-wide check failed")

    def _no_plan(self, index: int, ev: e.NoPlanGenerated) -> None:
        self.line(self._depth(ev.path), f"no plan generated: {ev.reason}")

    def _discarded(self, index: int, ev: e.PlanDiscarded) -> None:
        self.line(self._depth(ev.path), *plan_parts(ev.plan, self.compact), f": discarded: {ev.reason}")

    def _plan_not_tried(self, index: int, ev: e.PlanNotTried) -> None:
        self.line(self._depth(ev.path), *plan_parts(ev.plan, self.compact),
                  f": not tried: internal error: {ev.error}; no further plans tried")

    def _plan_tried(self, index: int, ev: e.PlanTried) -> None:
        self.line(self._depth(ev.path), *plan_parts(ev.plan, self.compact), ": tried")

    def _plan_failed(self, index: int, ev: e.PlanFailed) -> None:
        _, left = unplaced(ev.plan, ev.position)
        self.line(self._depth(ev.path), f"plan {ev.plan.number}: failed: position {ev.position} could not be filled; "
                                        f"{filled_words(ev.position)}, {left} of {sum(ev.plan.tasks)} tasks unplaced")

    def _plan_error(self, index: int, ev: e.PlanEndedInError) -> None:
        self.line(self._depth(ev.path), f"plan {ev.plan.number}: ended in an internal error: {ev.error}; "
                                        "no further plans tried")

    def _committed(self, index: int, ev: e.PlanCommitted) -> None:
        """A plan the allocator built on the current state; "built, not started" when the discipline did not
        start the job on it (trace/discipline.py)."""
        done = "committed" if self.not_started is None else f"built, not started: {self.not_started}"
        self.line(self._depth(ev.path), f"plan {ev.plan.number}: {done}; no further plans tried")

    def _none_placed(self, index: int, ev: e.NoPlanPlaced) -> None:
        self.line(self._depth(ev.path), "no plan could be placed")

    def _all_discarded(self, index: int, ev: e.AllPlansDiscarded) -> None:
        self.line(self._depth(ev.path), "no plan tried: all generated plans were discarded")

    def _released(self, index: int, ev: e.ClaimsReleased) -> None:
        whose = f"plan {ev.plan}" if ev.plan else "the earlier members"
        hosts = compress_hosts(ev.hosts) if self.compact else ", ".join(ev.hosts)
        self.line(self._depth(ev.path), f"released the claims of {whose} on {hosts}")

    # --- positions and hosts -----------------------------------------------------------------------------------

    def _scanned(self, index: int, ev: e.PositionScanned) -> None:
        verdicts, host = ev.verdicts, ev.host
        depth = 3 + len(ev.path)  # one below the plan's line; its hosts' lines are one further
        counted = self.record.counts.get(index)
        if counted is None and not self.full:  # taken by the first host considered, or the one after a claimed one
            self.line(depth, f"position {ev.position}: filled by {host}; " + _NEXT_TAKEN[len(verdicts)])
            return
        if host is not None:
            result = f"filled by {host}"
        else:
            result = "not filled" + (f": internal error in the host scan: {ev.error}" if ev.error else "")
        if self.full:
            self.line(depth, f"position {ev.position} ({ev.tasks} task{'s' * (ev.tasks != 1)})")
            for verdict in verdicts:
                self.line(depth + 1, *verdict_parts(verdict, self.unit_of))
            self.line(depth, f"position {ev.position}: {result}")
        else:  # a summary counts the position's hosts and shows no line for them
            self._position_summary(depth, ev.position, result, counted or {}, verdicts)
        if host is None:
            misses = nearest_misses(verdicts)
            if misses and not (self.compact and _alike(misses)):  # the same line at both levels
                self.line(depth, *misses_parts(misses, self.unit_of))

    def _position_summary(self, depth: int, position: int, result: str, counted: Mapping[e.VerdictKind, int],
                          verdicts: tuple[e.HostVerdict, ...]) -> None:
        rejected = [f"{kind.value} {n}" + (_limit_hits(verdicts) if kind is e.VerdictKind.LIMIT_EXCEEDED else "")
                    for kind in REJECTIONS if (n := counted.get(kind))] if counted else None
        if rejected:
            self.line(depth, f"position {position}: {result}; hosts rejected: {', '.join(rejected)}")
        else:
            self.line(depth, f"position {position}: {result}; no host rejected")


def _alike(misses: tuple[Miss, ...]) -> bool:
    """Whether the nearest misses lack the same, so naming them tells no host from another (`short by 1` on every
    one-slot host)."""
    return len(misses) > 1 and len({(m.failed, m.lacks) for m in misses}) == 1


def _limit_hits(verdicts: tuple[e.HostVerdict, ...]) -> str:
    """' (name[scope] count, ...)' of the limits that rejected a position's hosts, sorted by name."""
    hits: Counter[str] = Counter(f"{r.subject}[{r.scope}]" for v in verdicts for r in v.reasons
                                 if r.kind is e.VerdictKind.LIMIT_EXCEEDED)
    return " (" + ", ".join(f"{name} {c}" for name, c in sorted(hits.items())) + ")"


def _reconstructed(record: ReconstructedRecord, unit_of: UnitOf) -> Trace:
    """The trace of a reconstructed dispatch: a statement in place of selection, requirements, plans and hosts."""
    head = (Line(1, (f"trace of {record.job}: round {record.round}, reconstructed dispatch, "
                     f"level {record.level.value}",)),
            Line(1, ("dispatched by the simulator's reconstruction of a recorded allocation, not by the scheduler's "
                     "own placement: no selection, requirement, plan or host sections",)))
    totals = Totals(0, 0, tuple((k, 0) for k in e.VerdictKind))
    return Trace(record.job, record.round, None, record.level, head, (), 0, record.bound, totals,
                 tuple(dispatch_lines(record.allocation, unit_of)))


# Kept: it runs once per captured line, and the collector alone, fed the events of tools/bench.py's synthetic
# replay at full level, ran 6-25% slower with the class call (the other such shortcuts measured no gain).
_new = tuple.__new__

# Each body event's line maker, looked up by the event's type.
_RENDERERS: dict[type, Callable[[_Body, int, Any], None]] = {
    e.RequirementEntered: _Body._entered, e.RequirementSkipped: _Body._skipped,
    e.RequirementNotTried: _Body._not_tried, e.ClusterCheck: _Body._check, e.PlansSkipped: _Body._plans_skipped,
    e.NoPlanGenerated: _Body._no_plan, e.PlanDiscarded: _Body._discarded, e.PlanNotTried: _Body._plan_not_tried,
    e.PlanTried: _Body._plan_tried, e.PositionScanned: _Body._scanned, e.ClaimsReleased: _Body._released,
    e.PlanFailed: _Body._plan_failed, e.PlanEndedInError: _Body._plan_error, e.PlanCommitted: _Body._committed,
    e.NoPlanPlaced: _Body._none_placed, e.AllPlansDiscarded: _Body._all_discarded,
}
