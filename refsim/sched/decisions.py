"""What a scheduling decision carries: a dispatch with its allocation, a pend with its pend reason set, or,
for a selected job that got no decision at all, the kind of no-decision (spec 2.4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from enum import Enum
from typing import NamedTuple

from refsim.model.jobid import JobId
from refsim.model.units import Amount


class PendCode(Enum):
    """Pend reason codes. Job-level codes name no host; host-level codes name the host they were found on."""

    SHARED_SHORTFALL = "shared-shortfall"
    CLUSTER_LIMIT = "cluster-limit"
    NO_PLAN = "no-plan"
    # Reasons a dispatching discipline adds (docs/disciplines.md); their detail names a job, never a time.
    BACKFILL_RESERVATION = "backfill-reservation"
    BACKFILL_WINDOW = "backfill-window"
    BLOCKED = "blocked"
    HOST_CLOSED = "host-closed"
    SELECT_MISMATCH = "select-mismatch"
    RESOURCE_SHORTFALL = "resource-shortfall"
    HOST_LIMIT = "host-limit"

    @property
    def host_level(self) -> bool:
        return self in _HOST_LEVEL

    # Members are singletons, so identity hashing is exact and much cheaper than Enum's name hashing; reason
    # sets are always sorted before anything reads their order.
    __hash__ = object.__hash__


_HOST_LEVEL = frozenset({PendCode.HOST_CLOSED, PendCode.SELECT_MISMATCH, PendCode.RESOURCE_SHORTFALL,
                         PendCode.HOST_LIMIT})
_CODE_ORDER = {code: i for i, code in enumerate(PendCode)}


class PendReason(NamedTuple):
    """One entry of a pend reason set: a code, the host it applies to ("" for none) and a detail."""

    code: PendCode
    host: str
    detail: str

    def sort_key(self) -> tuple[int, str, str]:
        return (_CODE_ORDER[self.code], self.host, self.detail)


class _SortKeys(dict[PendReason, str]):
    """Each reason's sort key as one text (text_key()), computed once: pend sets of a loaded replay repeat the same
    host reasons."""

    def __missing__(self, reason: PendReason) -> str:
        if len(self) >= _SORT_KEYS:  # bounded, whatever the workload
            self.clear()
        key = self[reason] = text_key(reason)
        return key


_SORT_KEYS = 1 << 17
_CODE_DIGITS = len(str(len(PendCode)))


def text_key(reason: PendReason) -> str:
    """reason.sort_key() as one text that sorts as the tuple does (a pend on 795 hosts sorts three times faster):
    the code's place as fixed-width digits, then the host and the detail, each host ended by NUL NUL with every NUL
    in it written NUL SOH. That writing keeps the order of hosts and ends each below any continuation, so a host
    that is a prefix of another sorts first, as in the tuple."""
    host = reason.host.replace("\0", "\0\1") if "\0" in reason.host else reason.host
    return f"{_CODE_ORDER[reason.code]:0{_CODE_DIGITS}d}{host}\0\0{reason.detail}"


def pend_reason_set(reasons: set[PendReason] | frozenset[PendReason],
                    keys: dict[PendReason, str] | None = None) -> tuple[PendReason, ...]:
    """The canonical form of a set of reasons: de-duplicated and sorted (code order, host, detail). `keys`, when
    given, is a memo of sort keys (see sort_keys())."""
    return tuple(sorted(reasons, key=PendReason.sort_key if keys is None else keys.__getitem__))


def sort_keys() -> dict[PendReason, str]:
    """A memo of pend reasons' sort keys (text_key()) for pend_reason_set(), filled as it is read and bounded in
    size; they sort as PendReason.sort_key() does."""
    return _SortKeys()


@dataclass(frozen=True)
class LimitCharge:
    """An amount counted against a limit's usage for one scope instance."""

    limit: str
    scope: str
    resource: str
    amount: Amount


@dataclass(frozen=True)
class HostAllocation:
    host: str
    resources: tuple[tuple[str, Amount], ...]
    limit_charges: tuple[LimitCharge, ...] = ()


@dataclass(frozen=True)
class Allocation:
    """Per-host amounts with host-scoped limit charges, then the job's shared amounts and cluster-wide limit
    charges. Limit charges are kept apart from resources everywhere."""

    hosts: tuple[HostAllocation, ...]
    shared: tuple[tuple[str, Amount], ...] = ()
    limit_charges: tuple[LimitCharge, ...] = ()

    @classmethod
    def slot_on_each(cls, holds: tuple[HostAllocation, ...]) -> Allocation:
        """An allocation of `holds`, each one slot (and nothing else) on a host of its own, with what the
        properties below derive from it set at once, as they would compute it: planning on one-slot clusters makes
        thousands of such allocations per session (refsim/sched/oneslot.py), and reads each of those."""
        allocation = cls(holds)
        names = tuple([h.host for h in holds])
        # cached_property keeps its value in the instance's __dict__, which a frozen dataclass leaves writable
        allocation.__dict__.update(tasks=len(holds), one_slot_hosts=frozenset(names),
                                   columns=HostColumns(names, {"slots": [1] * len(holds)}, True))
        return allocation

    @cached_property
    def tasks(self) -> int:
        return sum([int(amount) for h in self.hosts for name, amount in h.resources if name == "slots"])

    @cached_property
    def one_slot_hosts(self) -> frozenset[str] | None:
        """Its hosts when it holds exactly one slot on each, each named once, and nothing else that counts
        toward a shared amount or a limit; else None (refsim/sched/slotplan.py)."""
        names = frozenset(h.host for h in self.hosts)
        if self.shared or self.limit_charges or len(names) != len(self.hosts) or self.tasks != len(names) \
                or any(h.limit_charges for h in self.hosts):
            return None
        return names

    @cached_property
    def columns(self) -> HostColumns:
        """The host amounts as columns, one entry per host in allocation order (planning's pair arrays)."""
        names = tuple(h.host for h in self.hosts)
        amounts: dict[str, list[int]] = {}
        whole = not (self.shared or self.limit_charges)
        for n, host in enumerate(self.hosts):
            whole = whole and not host.limit_charges
            for resource, amount in host.resources:
                whole = whole and amount.__class__ is int
                column = amounts.get(resource)
                if column is None:
                    column = amounts[resource] = [0] * len(names)
                column[n] += int(amount)
        return HostColumns(names, amounts, whole)


@dataclass(frozen=True)
class HostColumns:
    """An allocation's host amounts by resource: `amounts[r][i]` is what host `hosts[i]` holds of r (0 for none),
    as whole numbers; `whole` says whether they are exact (every amount an int) and all the allocation holds (no
    shared amounts or limit charges)."""

    hosts: tuple[str, ...]
    amounts: dict[str, list[int]]
    whole: bool
    # what a reader derives from the columns for one cluster, kept with them (planning's pair arrays keep each
    # allocation's rows here: a running job or a recalled placement is held again at every session)
    derived: dict[str, object] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Dispatch:
    job: JobId
    allocation: Allocation


@dataclass(frozen=True)
class Pend:
    job: JobId
    reasons: tuple[PendReason, ...]


class NoDecisionKind(Enum):
    NOT_FOUND = "job not found by the allocator"
    NO_SCHED_OBJECT = "job has no scheduling object"
    INTERNAL_ERROR = "allocation attempt ended in an internal error"
    NO_REASON = "job pended without any pend reason"


@dataclass(frozen=True)
class NoDecision:
    job: JobId
    kind: NoDecisionKind
    detail: str = ""


Decision = Dispatch | Pend
Outcome = Dispatch | Pend | NoDecision
