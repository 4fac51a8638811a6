"""The observer protocol: one event for each thing the decision trace explains.

The allocator takes an `observer` that is None by default. Every call site reads

    if observer is not None:
        observer.event(SomeEvent(...))

so that, with no observer, each hook costs one branch and builds nothing. Events are frozen data; an observer
must not change anything it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

from refsim.model.jobid import JobId
from refsim.model.units import Amount
from refsim.sched.decisions import Allocation, Decision, Dispatch, NoDecision, Pend
from refsim.sched.reservations import Extra, Reservation
from refsim.sched.results import StartRule

class Observer(Protocol):
    def event(self, event: Event) -> None: ...


class Role(Enum):
    MEMBER = "member"
    ALTERNATIVE = "alternative"


@dataclass(frozen=True)
class PathStep:
    """The i-th (1-based) of n members of a compound or of n alternatives."""

    role: Role
    index: int
    count: int


Path = tuple[PathStep, ...]


def indices(path: Path) -> tuple[int, ...]:
    """The path as 1-based child indices from the top, as the fault seam names requirements."""
    return tuple(step.index for step in path)


class NodeKind(Enum):
    SINGLE = "single"
    COMPOUND = "compound"
    ALTERNATIVES = "alternatives"


class Outcome(Enum):
    SATISFIED = "satisfied"
    NOT_SATISFIED = "not satisfied"
    INTERNAL_ERROR = "internal error"


class Stage(Enum):
    PRE_FILTER = "pre-filter"
    HOST_CHECK = "host check"


class VerdictKind(Enum):
    """The host verdict kinds of spec 5.10, in display order."""

    ACCEPTED = "accepted"
    SELECTION_MISMATCH = "selection mismatch"
    RESOURCE_SHORTFALL = "resource shortfall"
    LIMIT_EXCEEDED = "limit exceeded"
    ALREADY_CLAIMED = "already claimed"
    NOT_EVALUATED = "not evaluated"

    __hash__ = object.__hash__  # singletons: identity hashing is exact, and cheap in the host scan


class Reason(NamedTuple):
    """One reason a host was rejected (a named tuple: the host scan makes many, so they must be cheap). For a shortfall `subject` is the resource; for a limit the limit name with
    `scope` and `resource`; for a selection mismatch the select text or "host closed". `total` is the host's
    total or the limit's value; `used` the amount in use or the limit's usage."""

    kind: VerdictKind
    stage: Stage
    subject: str
    scope: str | None = None
    resource: str | None = None
    total: Amount = 0
    used: Amount = 0
    reserved: Amount = 0
    requested: Amount = 0


class HostVerdict(NamedTuple):
    """A host's verdict for one plan position: its kinds, every reason found, the checks not performed."""

    host: str
    kinds: tuple[VerdictKind, ...]
    reasons: tuple[Reason, ...] = ()
    not_performed: tuple[str, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class LimitStanding:
    """A limit matched to a job: its scope instance, value and current usage for one resource."""

    limit: str
    scope: str
    resource: str
    value: Amount
    usage: Amount


class CheckKind(Enum):
    SHARED = "shared"
    LIMIT = "limit"


@dataclass(frozen=True)
class CheckItem:
    """One cluster-wide check: a shared resource (total, used) or a cluster-wide limit (value, usage)."""

    kind: CheckKind
    name: str
    scope: str | None
    resource: str
    total: Amount
    used: Amount
    reserved: Amount
    requested: Amount
    passed: bool


@dataclass(frozen=True)
class Plan:
    """A placement plan: `tasks[i]` tasks at position i+1, one host per position. Numbered in generation order."""

    number: int
    tasks: tuple[int, ...]
    # The fill plan's host for each position, where that position's scan starts; empty for every other plan.
    origins: tuple[str, ...] = ()

    @property
    def hosts(self) -> int:
        return len(self.tasks)


# --- selection -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class JobSelected:
    round: int
    position: int
    job: JobId


@dataclass(frozen=True)
class SelectionKeys:
    policy: str
    keys: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ClusterLimitsMatched:
    """None when the limits are unavailable (the job has no scheduling object)."""

    limits: tuple[LimitStanding, ...] | None


# --- requirements --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RequirementEntered:
    path: Path
    kind: NodeKind
    min_tasks: int = 0
    max_tasks: int = 0
    requests: tuple[tuple[str, Amount], ...] = ()
    text: str = ""
    select: str = ""  # a single requirement's select expression and span, as written
    span: str = ""
    members: int = 0  # a compound's members or the number of alternatives


@dataclass(frozen=True)
class RequirementSkipped:
    """An empty alternative, skipped without evaluation."""

    path: Path


@dataclass(frozen=True)
class RequirementNotTried:
    path: Path


@dataclass(frozen=True)
class RequirementDone:
    path: Path
    outcome: Outcome
    error: str | None = None


# --- cluster-wide check and plans ----------------------------------------------------------------------------

@dataclass(frozen=True)
class ClusterCheck:
    path: Path
    item: CheckItem


@dataclass(frozen=True)
class PlansSkipped:
    """The cluster-wide check failed, so no plan was tried."""

    path: Path


@dataclass(frozen=True)
class NoPlanGenerated:
    path: Path
    reason: str


@dataclass(frozen=True)
class PlanDiscarded:
    path: Path
    plan: Plan
    reason: str


@dataclass(frozen=True)
class PlanNotTried:
    """A generated plan could not be tried because of an internal error; no further plans are tried."""

    path: Path
    plan: Plan
    error: str


@dataclass(frozen=True)
class PlanTried:
    path: Path
    plan: Plan


# The events of positions come once per position scanned, so they are named tuples, as cheap to make as data gets
# (a frozen dataclass costs about three times as much).

class PositionScanned(NamedTuple):
    """One position of a plan, scanned: the tasks it places, every host its scan considered with its verdict in scan
    order (the last is the accepted host's when one was found), and its result: the host that fills it, or None
    with `error` set when the scan could not start or stopped on an internal error. One event per position, made
    when its scan ends, since a scan reports every host it considers."""

    path: Path
    plan: int
    position: int
    tasks: int
    verdicts: tuple[HostVerdict, ...]
    host: str | None
    error: str | None = None


@dataclass(frozen=True)
class ClaimsReleased:
    """Hosts claimed by a plan (or by a compound's earlier members, `plan` 0) were released."""

    path: Path
    plan: int
    hosts: tuple[str, ...]


@dataclass(frozen=True)
class PlanFailed:
    path: Path
    plan: Plan
    position: int


@dataclass(frozen=True)
class PlanEndedInError:
    """The attempt, or building the allocation from a fully filled plan, ended in an internal error."""

    path: Path
    plan: Plan
    error: str


@dataclass(frozen=True)
class PlanCommitted:
    path: Path
    plan: Plan


@dataclass(frozen=True)
class NoPlanPlaced:
    path: Path


@dataclass(frozen=True)
class AllPlansDiscarded:
    path: Path


# --- outcome -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AllocationBuilt:
    allocation: Allocation


@dataclass(frozen=True)
class DecisionMade:
    decision: Decision


@dataclass(frozen=True)
class NoDecisionMade:
    no_decision: NoDecision


# --- a dispatching discipline's ruling (refsim/sched/disciplines/explain.py builds it) -----------------------------


@dataclass(frozen=True)
class Release:
    """A running job whose planned end (start + run limit) frees its allocation by a planned start."""

    job: JobId
    start: float
    run_limit: float
    allocation: Allocation

    @property
    def end(self) -> float:
        return self.start + self.run_limit


@dataclass(frozen=True)
class Window:
    """Another job's backfill reservation: `[planned_start, end)`."""

    job: JobId
    planned_start: float
    end: float


@dataclass(frozen=True)
class ReservationFound:
    """The job's own backfill reservation and how it was found: the running jobs released by its planned start
    (in order of their planned ends), the earlier reservations it fitted around (conservative) and those of them
    placed again on other hosts to make room for it, and, under textbook EASY, the extra resources left at the
    planned start."""

    planned_start: float
    end: float
    allocation: Allocation
    releases: tuple[Release, ...]
    around: tuple[Window, ...] = ()
    extra: Extra | None = None
    moved: tuple[Reservation, ...] = ()


@dataclass(frozen=True)
class ExtraTest:
    """Textbook EASY's second test for a job that runs past the planned start: the extra resources at the
    planned start and whether the allocator placed the job on them."""

    extra: Extra
    placed: bool


@dataclass(frozen=True)
class DisciplineRuled:
    """A non-greedy discipline's ruling on one job. `fits`: the allocator placed it on the current state.
    `kept`: the outcome kept (a dispatch, possibly `moved` to another allocation the round found, or a pend).
    `protects`: the planned starts the decision had to respect, compared with `now + run_limit` by
    `<=` when `inclusive`, else `<`. `ahead`: under conservative-drevt, the independent planned starts of the
    jobs ahead (None: never placeable). `traits`: what the discipline is, which the trace reads (never the name)."""

    discipline: str
    traits: DisciplineTraits
    now: float
    run_limit: float | None
    fits: bool
    kept: Dispatch | Pend | NoDecision  # decisions.Outcome (this module's Outcome is a requirement's)
    moved: bool
    rule: StartRule | None
    reservation: ReservationFound | None
    protects: tuple[Window, ...]
    inclusive: bool
    delays: JobId | None
    blocked_by: JobId | None
    extra_test: ExtraTest | None
    ahead: tuple[tuple[JobId, float | None], ...] = ()
    # a job that does not fit and holds no reservation: the running jobs without a run limit, whose ends no plan
    # can use (so "nor once every running job has ended" cannot be said)
    unending: tuple[JobId, ...] = ()


@dataclass(frozen=True)
class DisciplineTraits:
    """The facts of refsim/sched/disciplines/base.py's Discipline that the trace words its section by."""

    blocks_behind_first_waiting: bool  # strict: no later job starts once a job does not fit (no backfilling)
    single_reservation: bool  # EASY: only the first job that does not fit holds a backfill reservation
    plans_every_job: bool  # conservative: every waiting job gets a reservation fitted around the earlier ones
    independent_starts: bool  # conservative-drevt: planned starts of the jobs ahead computed independently


Event = (JobSelected | SelectionKeys | ClusterLimitsMatched | RequirementEntered | RequirementSkipped
         | RequirementNotTried | RequirementDone | ClusterCheck | PlansSkipped | NoPlanGenerated | PlanDiscarded
         | PlanNotTried | PlanTried | PositionScanned | ClaimsReleased | PlanFailed | PlanEndedInError | PlanCommitted
         | NoPlanPlaced | AllPlansDiscarded | AllocationBuilt | DecisionMade | NoDecisionMade | DisciplineRuled)
