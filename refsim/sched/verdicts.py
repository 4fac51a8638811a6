"""Remembered verdicts, used when the fast path explains a pend, and the one mapping from host verdicts to pend
reasons.

Skipped hosts leave no verdicts, so when an untraced job does not dispatch, the allocator runs the reference
evaluation to collect the pend reasons. In that evaluation a host's verdict for a demand is kept while the host's
committed usage is unchanged, when no limit reads the host and the evaluation holds nothing on it (then nothing
else reaches the verdict), so it is judged once, not once per pend (docs/planning.md, "Two paths, one
semantics").

Floor: below refsim.sched.state, which owns one memo per cluster version. It imports only refsim.model,
refsim.resreq and refsim.sched's decisions, events, accounting and ledger: what the memo reads of an evaluation
and a position demand is typed by the protocols below, and `judge` is passed in.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from refsim.model.cluster import Host
from refsim.resreq.ast import OrderKey, Single
from refsim.sched.accounting import Usage
from refsim.sched.decisions import PendCode, PendReason, text_key
from refsim.sched.events import HostVerdict, VerdictKind
from refsim.sched.ledger import Ledger

_ACCEPTED_KIND = VerdictKind.ACCEPTED
_TABLES = 256  # verdict tables kept (one per demand shape)
_PER_HOST = 64  # verdicts kept per host (demands x consumers), so the memo never grows with the workload


class StateView(Protocol):
    """What the memo reads of the scheduler state."""

    @property
    def usage(self) -> Usage: ...

    def scan_order(self, order: tuple[OrderKey, ...]) -> tuple[Host, ...]: ...


class EvaluationView(Protocol):
    """What the memo reads of the evaluation explaining a pend (refsim.sched.evaluation.Evaluation)."""

    @property
    def state(self) -> StateView: ...

    @property
    def ledger(self) -> Ledger: ...

    @property
    def host_reasons(self) -> set[PendReason]: ...

    last_table: VerdictTable | None  # the last table whose run failed (run_fails), set by the memo


class DemandView(Protocol):
    """What the memo reads of a position's demand (refsim.sched.hostscan.PositionDemand)."""

    @property
    def single(self) -> Single: ...

    @property
    def memo_key(self) -> Hashable | None: ...


if TYPE_CHECKING:  # names read only by annotations, which are never evaluated
    E = TypeVar("E", bound=EvaluationView)
    D = TypeVar("D", bound=DemandView)
    Judge = Callable[[E, Single, Host, D], HostVerdict]  # hostscan.judge, for the evaluation and demand it is given
    Known = tuple[HostVerdict, frozenset[PendReason] | None]  # a verdict and its pend reasons


def pend_reasons(verdict: HostVerdict) -> set[PendReason]:
    """The pend reasons of a rejected host's verdict: the one mapping, for the reference path and the memo alike."""
    found = set()
    for r in verdict.reasons:
        if r.kind is VerdictKind.SELECTION_MISMATCH:
            closed = r.subject == "host closed"
            found.add(PendReason(PendCode.HOST_CLOSED if closed else PendCode.SELECT_MISMATCH, verdict.host,
                                 "" if closed else r.subject))
        elif r.kind is VerdictKind.RESOURCE_SHORTFALL:
            found.add(PendReason(PendCode.RESOURCE_SHORTFALL, verdict.host, r.subject))
        else:
            found.add(PendReason(PendCode.HOST_LIMIT, verdict.host, f"{r.subject}[{r.scope}] {r.resource}"))
    return found


class VerdictTable:
    """One demand's verdicts on every host: the hosts that accept, all pend reasons of the others (a pend reason
    names its host, so hosts never share one), the reasons by host, and the hosts still to judge. A host whose
    usage changes goes back to the hosts still to judge. A host the evaluation reading the table holds something
    on is left unjudged (its verdict would depend on the holding); the scan that reads the table has it claimed.
    A scan in which no unclaimed host accepts visits every host, so its reasons are all of these but the claimed
    hosts'.

    Once canonical() is asked for, the reasons are also kept in canonical order (by text_key(), which orders as
    pend_reason_set() does, each reason's key its own), patched when next asked for by the reasons that left and
    joined since: a pend whose reasons are all the table's takes them without sorting several hundred host reasons
    again. A host judged again mostly gives the reasons it gave before, which then cancel out."""

    def __init__(self, hosts: tuple[Host, ...], log_position: int) -> None:
        self.accepting: set[str] = set()
        self.reasons: set[PendReason] = set()
        self.by_host: dict[str, frozenset[PendReason]] = {}
        self.hosts: dict[str, Host] = {h.name: h for h in hosts}
        self.missing: dict[str, Host] = dict(self.hosts)
        self.log_position = log_position
        # Once canonical() was asked for (`_keys` not None): the reasons last put in order, with their keys, and
        # what changed since; always `reasons` == the ordered ones - `_left` + `_joined`
        self._keys: list[str] | None = None
        self._ordered: list[PendReason] = []
        self._left: set[PendReason] = set()  # ordered, no longer among the reasons
        self._joined: set[PendReason] = set()  # among the reasons, not ordered yet
        self._canonical: tuple[PendReason, ...] | None = None

    def forget(self, names: Iterable[str]) -> None:
        """Judge these hosts again at the next read."""
        for name in names:
            host = self.hosts.get(name)
            if host is None or name in self.missing:
                continue
            self.accepting.discard(name)
            old = self.by_host.pop(name, None)
            if old:
                self.reasons.difference_update(old)
                if self._keys is not None:
                    self._leave(old)
            self.missing[name] = host

    def rejected(self, name: str, reasons: frozenset[PendReason]) -> None:
        """A judged host rejects the demand for `reasons` (none when its verdict gives none)."""
        if reasons:
            if self._keys is not None:
                self._join(reasons)
            self.reasons.update(reasons)
            self.by_host[name] = reasons

    def canonical(self) -> tuple[PendReason, ...]:
        """pend_reason_set(self.reasons): kept, and patched as hosts come and go, rather than sorted per pend."""
        if self._keys is None:
            keyed = sorted([(text_key(r), r) for r in self.reasons], key=_first)  # keys are unique
            self._keys, self._ordered = [k for k, _ in keyed], [r for _, r in keyed]
        elif self._left or self._joined:
            self._patch()
        if self._canonical is None:
            self._canonical = tuple(self._ordered)
        return self._canonical

    def _join(self, added: frozenset[PendReason]) -> None:
        """Reasons about to join `reasons`: back in their old places if they just left them, else to be placed."""
        for reason in added:
            if reason in self.reasons:
                continue
            if reason in self._left:
                self._left.discard(reason)
            else:
                self._joined.add(reason)

    def _leave(self, removed: frozenset[PendReason]) -> None:
        """Reasons that just left `reasons`: no longer to be placed if they had just joined, else to be taken out."""
        for reason in removed:
            if reason in self.reasons:
                continue
            if reason in self._joined:
                self._joined.discard(reason)
            else:
                self._left.add(reason)

    def _patch(self) -> None:
        """Take the reasons that left out of the canonical order and put those that joined in their places."""
        keys, ordered = cast(list[str], self._keys), self._ordered
        for reason in self._left:
            i = bisect_left(keys, text_key(reason))
            del keys[i], ordered[i]  # it is there: it was ordered and has not been taken out
        for reason in self._joined:
            key = text_key(reason)
            i = bisect_left(keys, key)
            keys.insert(i, key)
            ordered.insert(i, reason)
        self._left.clear()
        self._joined.clear()
        self._canonical = None


def _first(pair: tuple[str, PendReason]) -> str:
    return pair[0]


class VerdictMemo:
    """judge()'s verdicts by host and demand, each kept while the host's committed usage is unchanged, with the
    pend reasons each verdict gives. Used only where the verdict depends on nothing else: no host-scoped limit
    term, nothing held on the host by this evaluation. One per cluster version."""

    def __init__(self) -> None:
        self._memo: dict[str, tuple[int, dict[object, Known]]] = {}
        self._tables: dict[object, VerdictTable] = {}

    def _table(self, ev: E, demand: D, hosts: tuple[Host, ...], judge: Judge[E, D]) -> VerdictTable:
        """Every host's verdict for a demand at the current usage (see VerdictTable), patched from the usage's log
        of changed hosts: only the hosts that changed since the table was last read are judged again."""
        usage = ev.state.usage
        table = self._tables.get(demand.memo_key)
        if table is None:
            if len(self._tables) >= _TABLES:  # one table per demand shape: bounded, whatever the workload
                self._tables.clear()
            table = self._tables[demand.memo_key] = VerdictTable(hosts, usage.log_end())
        elif table.log_position != usage.log_end():
            changed = usage.changed_since(table.log_position)
            table.forget(table.hosts if changed is None else changed)
            table.log_position = usage.log_end()
        held = ev.ledger.held_hosts()  # kept by the ledger: run_fails() has just asked for it
        for name in [n for n in table.missing if n not in held]:
            verdict, reasons = self.verdict(ev, table.missing.pop(name), demand, judge)
            if verdict.kinds[0] is _ACCEPTED_KIND:
                table.accepting.add(name)
            elif reasons:
                table.rejected(name, reasons)
        return table

    def verdict(self, ev: E, host: Host, demand: D, judge: Judge[E, D]) -> Known:
        """(verdict, its pend reasons or None when it has none)."""
        held = ev.ledger.host_table(host.name)
        if demand.memo_key is None or (held and any(held.values())):
            verdict = judge(ev, demand.single, host, demand)
            return verdict, (self._pend_reasons(verdict) if verdict.reasons else None)
        stamp = ev.state.usage.host_stamp(host.name)
        entry = self._memo.get(host.name)
        if entry is None or entry[0] != stamp or len(entry[1]) >= _PER_HOST:
            entry = self._memo[host.name] = (stamp, {})
        known = entry[1].get(demand.memo_key)
        if known is None:
            verdict = judge(ev, demand.single, host, demand)
            known = entry[1][demand.memo_key] = (verdict, self._pend_reasons(verdict) if verdict.reasons else None)
        return known

    @staticmethod
    def _pend_reasons(verdict: HostVerdict) -> frozenset[PendReason]:
        return frozenset(pend_reasons(verdict))

    def run_fails(self, ev: E, demand: D, claimed: set[str], count: int, judge: Judge[E, D]) -> int | None:
        """Explaining a pend: whether a run of `count` positions with this demand cannot all be filled, decided
        from the demand's verdict table. If it cannot, its positions claim every accepting host in turn and the
        next one scans every unclaimed host and fails; the hosts the earlier positions passed over are among
        those, so the run's reasons are all the table's but the claimed hosts'. Those go to `ev.host_reasons`, and
        the failing position's place in the run (from 1) is returned; None when the run can be filled (or the
        table does not apply), and then its positions are scanned one by one. The claims a failed run would make
        are released with its plan, so they are not made."""
        if demand.memo_key is None or not ev.ledger.held_hosts() <= claimed:
            return None
        table = self._table(ev, demand, ev.state.scan_order(demand.single.order), judge)
        free = len(table.accepting) - len(table.accepting & claimed)
        if free >= count or not table.missing.keys() <= claimed:
            return None
        found = ev.host_reasons
        found.update(table.reasons)
        for name in claimed:
            found.difference_update(table.by_host.get(name, ()))
        ev.last_table = table  # a pend whose reasons are exactly the table's takes its canonical set
        return free + 1

    def scan(self, ev: E, demand: D, hosts: tuple[Host, ...], steps: Iterator[int], claimed: set[str],
             judge: Judge[E, D]) -> tuple[Host, int] | None:
        """scan_position() while explaining a pend (no observer, no faults): the same hosts judged in the same
        order with the same result; a claimed host, which has no reasons, is passed over. The pend reasons of
        each rejection go straight to `ev.host_reasons`."""
        found = ev.host_reasons
        if demand.memo_key is None:  # a limit counter spans hosts: nothing is kept, every verdict is judged afresh
            for index in steps:
                host = hosts[index]
                if host.name in claimed:
                    continue
                verdict, reasons = self.verdict(ev, host, demand, judge)
                if verdict.kinds[0] is _ACCEPTED_KIND:
                    return host, index
                if reasons:
                    found.update(reasons)
            return None
        memo, key, held_on, stamp_of = self._memo, demand.memo_key, ev.ledger.host_table, ev.state.usage.host_stamp
        for index in steps:
            host = hosts[index]
            name = host.name
            if name in claimed:
                continue
            held = held_on(name)
            entry = memo.get(name)
            if held or entry is None or entry[0] != stamp_of(name):
                verdict, reasons = self.verdict(ev, host, demand, judge)
            else:
                known = entry[1].get(key)
                verdict, reasons = known if known is not None else self.verdict(ev, host, demand, judge)
            if verdict.kinds[0] is _ACCEPTED_KIND:
                return host, index
            if reasons:
                found.update(reasons)
        return None
