"""The JSON trace as records: one frozen dataclass per object of docs/trace.schema.json, each field named and
typed as its key, amounts in base units and kinds as their codes. A key the writer leaves out for some objects
(a plan's `result`, a position's `hosts`) is None here, as is an explicit null."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

Amount = int | float
VerdictWord = Literal["accepted", "selection mismatch", "resource shortfall", "limit exceeded", "already claimed",
                      "not evaluated"]


@dataclass(frozen=True)
class PathStep:
    role: Literal["member", "alternative"]
    index: int
    count: int


@dataclass(frozen=True)
class Standing:
    """A cluster-wide limit the job falls under, as it stood at selection."""

    limit: str
    scope: str
    resource: str
    value: Amount
    usage: Amount


@dataclass(frozen=True)
class Selection:
    policy: str
    keys: Mapping[str, str]
    cluster_limits: tuple[Standing, ...] | None  # None: the job has no scheduling object


@dataclass(frozen=True)
class Check:
    kind: Literal["shared", "limit"]
    name: str
    scope: str | None
    resource: str
    total: Amount
    used: Amount
    reserved: Amount
    requested: Amount
    passed: bool


@dataclass(frozen=True)
class Reason:
    kind: VerdictWord
    stage: Literal["pre-filter", "host check"]
    subject: str
    # the numbers of a shortfall or a limit; None for a selection mismatch
    scope: str | None = None
    resource: str | None = None
    total: Amount | None = None
    used: Amount | None = None
    reserved: Amount | None = None
    requested: Amount | None = None


@dataclass(frozen=True)
class HostVerdict:
    host: str
    kinds: tuple[VerdictWord, ...]
    reasons: tuple[Reason, ...]
    not_performed: tuple[str, ...]
    error: str | None


@dataclass(frozen=True)
class Lack:
    kind: VerdictWord
    subject: str
    scope: str | None
    resource: str | None
    short: Amount | None


@dataclass(frozen=True)
class NearMiss:
    host: str
    failed_checks: int
    lacks: tuple[Lack, ...]


@dataclass(frozen=True)
class Position:
    position: int
    tasks: int
    filled_by: str | None
    error: str | None
    hosts: tuple[HostVerdict, ...] | None = None  # full level only
    rejected: Mapping[str, int] | None = None
    nearest_misses: tuple[NearMiss, ...] | None = None  # a position not filled only


@dataclass(frozen=True)
class Plan:
    number: int
    tasks: tuple[int, ...]
    status: Literal["discarded", "not tried", "tried"]
    reason: str | None = None  # discarded
    error: str | None = None  # not tried, or ended in an internal error
    result: Literal["committed", "failed", "internal error"] | None = None  # tried
    failed_position: int | None = None
    positions_filled: int | None = None
    tasks_unplaced: int | None = None
    tasks_total: int | None = None
    positions: tuple[Position, ...] | None = None


@dataclass(frozen=True)
class Requirement:
    path: tuple[PathStep, ...]
    status: Literal["tried", "skipped", "not tried"]
    kind: Literal["single", "compound", "alternatives"] | None = None
    outcome: Literal["satisfied", "not satisfied", "internal error"] | None = None
    members: int | None = None  # compound or alternatives
    min_tasks: int | None = None  # single, from here on
    max_tasks: int | None = None
    requests: Mapping[str, Amount] | None = None
    select: str | None = None
    span: str | None = None
    checks: tuple[Check, ...] | None = None
    plans: tuple[Plan, ...] | None = None
    notes: tuple[str, ...] | None = None

    @property
    def chosen(self) -> bool:
        """The alternative that won: the first one satisfied."""
        return bool(self.path) and self.path[-1].role == "alternative" and self.outcome == "satisfied"

    @property
    def point_of_failure(self) -> bool:
        """The compound member that failed (later members are not tried)."""
        return (bool(self.path) and self.path[-1].role == "member" and self.outcome is not None
                and self.outcome != "satisfied")


@dataclass(frozen=True)
class Charge:
    limit: str
    scope: str
    resource: str
    amount: Amount


@dataclass(frozen=True)
class HostShare:
    host: str
    resources: Mapping[str, Amount]
    limit_charges: tuple[Charge, ...]


@dataclass(frozen=True)
class Allocation:
    hosts: tuple[HostShare, ...]
    shared: Mapping[str, Amount]
    limit_charges: tuple[Charge, ...]


@dataclass(frozen=True)
class Release:
    """A running job whose end (start + run limit) frees what a reservation needs; None for never."""

    job: str
    end: Amount | None


@dataclass(frozen=True)
class Window:
    """An earlier backfill reservation: when it holds its allocation (None for never)."""

    job: str
    planned_start: Amount | None
    end: Amount | None


@dataclass(frozen=True)
class PlacedAgain:
    job: str
    planned_start: Amount | None
    end: Amount | None
    allocation: Allocation


@dataclass(frozen=True)
class Reservation:
    planned_start: Amount | None
    end: Amount | None
    allocation: Allocation
    releases: tuple[Release, ...]
    around: tuple[Window, ...]
    placed_again: tuple[PlacedAgain, ...]


@dataclass(frozen=True)
class Ahead:
    job: str
    planned_start: Amount | None  # None: can never be placed


@dataclass(frozen=True)
class Ruling:
    """The discipline section: a non-greedy discipline's ruling on the job."""

    name: Literal["strict", "easy", "easy-drevt", "conservative", "conservative-drevt"]
    now: Amount
    run_limit: Amount | None
    fits: bool
    started: bool
    moved: bool
    rule: str | None
    reservation: Reservation | None
    protects: tuple[Window, ...]
    inclusive: bool
    delays: str | None
    blocked_by: str | None
    extra_placed: bool | None
    ahead: tuple[Ahead, ...]


@dataclass(frozen=True)
class PendEntry:
    code: str
    host: str | None
    detail: str


@dataclass(frozen=True)
class Dispatched:
    kind: Literal["dispatch"]
    allocation: Allocation


@dataclass(frozen=True)
class Pended:
    kind: Literal["pend"]
    reasons: tuple[PendEntry, ...]


@dataclass(frozen=True)
class NoDecision:
    kind: Literal["no-decision"]
    reason: Literal["not-found", "no-sched-object", "internal-error", "no-reason"]
    detail: str | None


@dataclass(frozen=True)
class Totals:
    plans_tried: int
    plans_discarded: int
    host_evaluations: Mapping[VerdictWord, int]


@dataclass(frozen=True)
class Truncation:
    omitted: int
    bound: int


@dataclass(frozen=True)
class TraceRecord:
    """One decision trace, as one line of a JSON trace file."""

    format: Literal["refsim-trace"]
    version: Literal[1]
    job: str
    kind: Literal["decision", "no-decision", "reconstructed"]
    round: int
    position: int | None  # None for a reconstructed dispatch
    level: Literal["summary", "full"]
    selection: Selection | None
    requirements: tuple[Requirement, ...]
    outcome: Dispatched | Pended | NoDecision
    totals: Totals
    truncated: Truncation | None
    discipline: Ruling | None = None  # non-greedy disciplines only
