"""The trace collector: sched's observer for one traced decision. It keeps the decision as data
(trace/decision.py): the body's events up to the bound of items, the rest counted by kind, and exact decision-wide
totals whatever the bound. It makes no text: trace/text.py and trace/jsontrace.py render what it kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refsim.model.jobid import JobId
from refsim.sched import events as e
from refsim.sched.decisions import Decision, NoDecision
from refsim.trace.decision import DecisionRecord, Totals, Uncaptured, taken_next
from refsim.trace.nearest import has_miss
from refsim.trace.settings import Level
from refsim.trace.tally import VerdictTally


class Collector:
    def __init__(self, job: JobId, level: Level, bound: int) -> None:
        self.job, self.level, self.bound = job, level, bound
        self.full = level is Level.FULL
        # set by the job's selection, the first event a collector is sent (sched/session.py, repl/why.py)
        self.round: int
        self.position: int
        self.keys: e.SelectionKeys | None = None
        self.limits: e.ClusterLimitsMatched | None = None
        self.body: list[Any] = []
        self.room = bound  # items the bound has left
        self.outcomes: dict[int, e.Outcome] = {}
        self.counts: dict[int, dict[e.VerdictKind, int]] = {}
        self.hosts_kept: dict[int, int] = {}
        self._entries: dict[e.Path, int | None] = {}  # each requirement's entry in the body (None: not kept)
        self._plan_kept = False  # whether the tried plan in progress is kept: its end goes with it
        # what is past the bound, counted by kind (trace/decision.py's Uncaptured)
        self.past_items = self.past_ends = self.past_positions = self.past_hosts = self.past_misses = 0
        self.tried = self.discarded = 0
        self.tally = VerdictTally()
        self.ruling: e.DisciplineRuled | None = None
        self.decision: Decision | NoDecision | None = None

    def event(self, event: e.Event) -> None:
        _HANDLERS[type(event)](self, event)

    def record(self) -> DecisionRecord:
        """The decision as collected."""
        return DecisionRecord(self.job, self.round, self.position, self.level, self.bound, self.keys, self.limits,
                              tuple(self.body), self.outcomes, self.counts, self.hosts_kept, self._uncaptured(),
                              Totals(self.tried, self.discarded, dict(self.tally.totals)), self.ruling,
                              self.decision)

    def _uncaptured(self) -> Uncaptured:
        return Uncaptured(self.past_items, self.past_ends, self.past_positions, self.past_hosts, self.past_misses)

    # --- keeping -----------------------------------------------------------------------------------------------

    def _keep(self, event: Any) -> int | None:
        """Keep a body item while the bound leaves room: its index, or None when it is only counted."""
        if self.room <= 0:
            self.past_items += 1
            return None
        self.room -= 1
        self.body.append(event)
        return len(self.body) - 1

    # --- selection ---------------------------------------------------------------------------------------------

    def _selected(self, ev: e.JobSelected) -> None:
        self.round, self.position = ev.round, ev.position

    def _keys(self, ev: e.SelectionKeys) -> None:
        self.keys = ev

    def _limits(self, ev: e.ClusterLimitsMatched) -> None:
        self.limits = ev

    # --- requirements and plans --------------------------------------------------------------------------------

    def _entered(self, ev: e.RequirementEntered) -> None:
        self._entries[ev.path] = self._keep(ev)

    def _done(self, ev: e.RequirementDone) -> None:
        index = self._entries.get(ev.path)
        if index is not None:
            self.outcomes[index] = ev.outcome

    def _discarded(self, ev: e.PlanDiscarded) -> None:
        self.discarded += 1
        self._keep(ev)

    def _plan_tried(self, ev: e.PlanTried) -> None:
        self.tried += 1
        self._plan_kept = self._keep(ev) is not None

    def _plan_end(self, ev: e.PlanFailed | e.PlanEndedInError | e.PlanCommitted) -> None:
        if self._plan_kept:
            self.body.append(ev)
        else:
            self.past_ends += 1

    # --- positions and hosts -----------------------------------------------------------------------------------

    def _scanned(self, ev: e.PositionScanned) -> None:
        verdicts = ev.verdicts
        if taken_next(verdicts, ev.host):  # counted without the general tally: nine positions in ten
            totals = self.tally.totals
            totals[e.VerdictKind.ACCEPTED] += 1
            if len(verdicts) == 2:
                totals[e.VerdictKind.ALREADY_CLAIMED] += 1
            counts = None
        else:
            counts = self.tally.count(verdicts)
        if self.room <= 0:
            self.past_positions += 1
            self.past_hosts += len(verdicts)
            if ev.host is None and has_miss(verdicts):
                self.past_misses += 1
            return
        self.room -= 1
        index = len(self.body)
        self.body.append(ev)
        if counts is not None:
            self.counts[index] = counts
        if self.full:  # each host verdict is an item of its own
            kept = min(len(verdicts), self.room)
            self.room -= kept
            if kept < len(verdicts):
                self.hosts_kept[index] = kept

    # --- discipline and outcome --------------------------------------------------------------------------------

    def _ruled(self, ev: e.DisciplineRuled) -> None:
        self.ruling = ev

    def _allocation(self, ev: e.AllocationBuilt) -> None:
        pass  # the dispatch decision that follows carries the same allocation

    def _decision(self, ev: e.DecisionMade) -> None:
        self.decision = ev.decision

    def _no_decision(self, ev: e.NoDecisionMade) -> None:
        self.decision = ev.no_decision


# Each event's handler, looked up by the event's type (one table for every collector).
_HANDLERS: dict[type, Callable[[Collector, Any], object]] = {
    e.JobSelected: Collector._selected, e.SelectionKeys: Collector._keys,
    e.ClusterLimitsMatched: Collector._limits, e.RequirementEntered: Collector._entered,
    e.RequirementSkipped: Collector._keep, e.RequirementNotTried: Collector._keep,
    e.RequirementDone: Collector._done, e.ClusterCheck: Collector._keep, e.PlansSkipped: Collector._keep,
    e.NoPlanGenerated: Collector._keep, e.PlanDiscarded: Collector._discarded,
    e.PlanNotTried: Collector._keep, e.PlanTried: Collector._plan_tried,
    e.PositionScanned: Collector._scanned, e.ClaimsReleased: Collector._keep, e.PlanFailed: Collector._plan_end,
    e.PlanEndedInError: Collector._plan_end, e.PlanCommitted: Collector._plan_end,
    e.NoPlanPlaced: Collector._keep, e.AllPlansDiscarded: Collector._keep,
    e.AllocationBuilt: Collector._allocation, e.DecisionMade: Collector._decision,
    e.NoDecisionMade: Collector._no_decision, e.DisciplineRuled: Collector._ruled,
}
