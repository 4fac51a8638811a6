"""A traced decision as data: what the collector (trace/collector.py) keeps of one job's decision, and what both
renderers read (trace/text.py for the text trace, trace/jsontrace.py for the JSON trace). Nothing in it is text.

The body (requirements, cluster-wide checks, notes, plans, positions and, at full level, host verdicts) is kept
as the events sched sent, in the order sent, up to the record's bound of *items*: one per requirement, check,
note, plan and position, and one per host verdict at full level (a plan's end is part of its plan). Past the
bound nothing more is kept, but every event is still counted, by kind (`Uncaptured`), so a renderer can say
exactly how much it leaves out in its own units. The decision-wide totals are exact whatever the bound."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from refsim.model.jobid import JobId
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, Decision, NoDecision
from refsim.trace.settings import Level

# The body events a record keeps; a requirement's outcome and the decision are kept beside them.
BodyEvent = (e.RequirementEntered | e.RequirementSkipped | e.RequirementNotTried | e.ClusterCheck | e.PlansSkipped
             | e.NoPlanGenerated | e.PlanDiscarded | e.PlanNotTried | e.PlanTried | e.PositionScanned
             | e.ClaimsReleased | e.PlanFailed | e.PlanEndedInError | e.PlanCommitted | e.NoPlanPlaced
             | e.AllPlansDiscarded)

# The ends of a tried plan: kept with their plan, never counted as an item of their own.
PLAN_ENDS = (e.PlanFailed, e.PlanEndedInError, e.PlanCommitted)


@dataclass(frozen=True)
class Uncaptured:
    """The body events past the bound, counted by kind: `items` every event but a plan's end and a position;
    `ends` the ends of plans not kept; `positions` the positions, `hosts` their host verdicts, and `misses` those
    of them not filled that have nearest misses (trace/nearest.py)."""

    items: int
    ends: int
    positions: int
    hosts: int
    misses: int


@dataclass(frozen=True)
class Totals:
    """Exact decision-wide counts: plans tried and discarded, and host evaluations per verdict kind (a host with
    several reasons counts under each kind it matched)."""

    plans_tried: int
    plans_discarded: int
    verdicts: Mapping[e.VerdictKind, int]


@dataclass(frozen=True)
class DecisionRecord:
    """One traced decision. `outcomes` holds each kept requirement's outcome by the index of its entry in `body`;
    `counts` each kept position's verdict counts by its index, except a position taken by the first host
    considered or by the one after a claimed host (`taken_next`), nine in ten on a real log, left uncounted;
    `hosts_kept` the verdicts kept of a position at full level whose hosts the bound cut, by its index."""

    job: JobId
    round: int
    position: int
    level: Level
    bound: int
    keys: e.SelectionKeys | None
    limits: e.ClusterLimitsMatched | None
    body: tuple[BodyEvent, ...]
    outcomes: Mapping[int, e.Outcome]
    counts: Mapping[int, Mapping[e.VerdictKind, int]]
    hosts_kept: Mapping[int, int]
    uncaptured: Uncaptured
    totals: Totals
    ruling: e.DisciplineRuled | None  # a non-greedy discipline's ruling on the job
    decision: Decision | NoDecision | None

    @property
    def full(self) -> bool:
        return self.level is Level.FULL

    def chosen(self, index: int) -> bool:
        """Whether the requirement entered at `index` is the alternative that won: the first one satisfied."""
        path = self.body[index].path
        return (bool(path) and path[-1].role is e.Role.ALTERNATIVE
                and self.outcomes.get(index) is e.Outcome.SATISFIED)

    def point_of_failure(self, index: int) -> bool:
        """Whether the requirement entered at `index` is the compound member that failed (later members are not
        tried)."""
        path, outcome = self.body[index].path, self.outcomes.get(index)
        return bool(path) and path[-1].role is e.Role.MEMBER and outcome is not None \
            and outcome is not e.Outcome.SATISFIED


@dataclass(frozen=True)
class ReconstructedRecord:
    """A dispatch the simulator reconstructed from a recorded allocation: no selection, requirement, plan or host
    sections, only the allocation."""

    job: JobId
    round: int
    level: Level
    bound: int
    allocation: Allocation


TracedRecord = DecisionRecord | ReconstructedRecord


def taken_next(verdicts: tuple[e.HostVerdict, ...], host: str | None) -> bool:
    """Whether a position was filled by the first host considered, or by the one after an already claimed host
    (a position's scan starts at the host the previous position took)."""
    if host is None:
        return False
    return len(verdicts) == 1 or (len(verdicts) == 2 and verdicts[0].kinds == (e.VerdictKind.ALREADY_CLAIMED,))
