"""The outcome section: the allocation of a dispatch, the pend reason set of a pend, or what became of a
selection with no decision. At most 50 hosts are listed; the rest are totalled exactly."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from refsim.model.hostlist import compress_hosts
from refsim.model.units import Amount, normalise
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge, NoDecision, NoDecisionKind, PendReason
from refsim.trace.labels import UnitOf, amounts
from refsim.trace.records import Amt, Line, Part

MAX_HOSTS = 50


def _charges(charges: Sequence[LimitCharge], unit_of: UnitOf) -> tuple[Part, ...]:
    parts: list[Part] = []
    for i, c in enumerate(charges):
        parts += ([", "] if i else []) + [f"{c.limit}[{c.scope}] {c.resource} ", Amt(c.amount, unit_of(c.resource))]
    return tuple(parts)


def dispatch_lines(allocation: Allocation, unit_of: UnitOf) -> list[Line]:
    hosts = allocation.hosts
    lines = [Line(1, (f"outcome: dispatched to {len(hosts)} host{'s' if len(hosts) != 1 else ''}",))]
    for host in hosts[:MAX_HOSTS]:
        parts: tuple[Part, ...] = (f"{host.host}: ",) + amounts(host.resources, unit_of)
        if host.limit_charges:
            parts += ("; limit charges: ",) + _charges(host.limit_charges, unit_of)
        lines.append(Line(2, parts))
    if len(hosts) > MAX_HOSTS:
        lines += _omitted_hosts(hosts[MAX_HOSTS:], unit_of)
    shared = amounts(allocation.shared, unit_of) if allocation.shared else ("none",)
    lines.append(Line(2, ("shared resources: ",) + shared))
    charges = _charges(allocation.limit_charges, unit_of) if allocation.limit_charges else ("none",)
    lines.append(Line(2, ("cluster-wide limit charges: ",) + charges))
    return lines


def _omitted_hosts(hosts: Sequence[HostAllocation], unit_of: UnitOf) -> list[Line]:
    """One line for the hosts past the 50th: their resources totalled, and their limit charges totalled per
    limit (one entry per limit name and resource, summed over scope instances), so the line does not grow with
    the hosts it stands for."""
    resources: dict[str, Amount] = {}
    limits: dict[tuple[str, str], Amount] = defaultdict(int)
    for host in hosts:
        for name, value in host.resources:
            resources[name] = normalise(resources.get(name, 0) + value)
        for c in host.limit_charges:
            limits[(c.limit, c.resource)] = normalise(limits[(c.limit, c.resource)] + c.amount)
    parts: tuple[Part, ...] = (f"{len(hosts)} more hosts omitted; together: ",) + amounts(resources.items(), unit_of)
    if limits:
        parts += ("; limit charges: ",)
        for i, ((limit, resource), amount) in enumerate(sorted(limits.items())):
            parts += ((", ",) if i else ()) + (f"{limit} {resource} ", Amt(amount, unit_of(resource)))
    return [Line(2, parts)]


def pend_lines(reasons: tuple[PendReason, ...]) -> list[Line]:
    """The pend reason set: entries with no host first, then each host with all its entries."""
    lines = [Line(1, (f"outcome: pended, {len(reasons)} pend reason{'s' if len(reasons) != 1 else ''}",))]
    lines += [Line(2, (f"{r.code.value}: {r.detail}" if r.detail else r.code.value,)) for r in reasons if not r.host]
    by_host: dict[str, list[PendReason]] = {}
    for r in reasons:
        if r.host:
            by_host.setdefault(r.host, []).append(r)
    hosts = sorted(by_host)
    for host in hosts[:MAX_HOSTS]:
        entries = "; ".join(f"{r.code.value} {r.detail}".rstrip() for r in by_host[host])
        lines.append(Line(2, (f"{host}: {entries}",)))
    if len(hosts) > MAX_HOSTS:
        counts = Counter(r.code.value for h in hosts[MAX_HOSTS:] for r in by_host[h])
        lines.append(Line(2, (f"{len(hosts) - MAX_HOSTS} more hosts omitted; their entries: "
                              + ", ".join(f"{code} {n}" for code, n in sorted(counts.items())),)))
    return lines


def grouped_pend_lines(reasons: tuple[PendReason, ...]) -> list[Line]:
    """The pend reason set as `why` shows it at summary level: entries with no host first, then one line per
    (code, detail) with its hosts as a compressed list, most hosts first, as --sim-output groups them."""
    lines = [Line(1, (f"outcome: pended, {len(reasons)} pend reason{'s' if len(reasons) != 1 else ''}",))]
    lines += [Line(2, (f"{r.code.value}: {r.detail}" if r.detail else r.code.value,)) for r in reasons if not r.host]
    groups: dict[tuple[str, str], list[str]] = {}
    for r in reasons:
        if r.host:
            groups.setdefault((r.code.value, r.detail), []).append(r.host)
    for (code, detail), hosts in sorted(groups.items(), key=lambda item: -len(item[1])):  # stable: code order
        what = f"{code} {detail}".rstrip()
        lines.append(Line(2, (f"{what} on {len(hosts)} host{'s' * (len(hosts) != 1)}: {compress_hosts(hosts)}",)))
    return lines


_NO_DECISION = {
    NoDecisionKind.NOT_FOUND: "the job could not be found by the allocator",
    NoDecisionKind.NO_SCHED_OBJECT: "the job has no scheduling object (its resource requirement could not be parsed)",
    NoDecisionKind.INTERNAL_ERROR: "the allocation attempt ended in an internal error",
    NoDecisionKind.NO_REASON: "the job was pended without any pend reason",
}


def no_decision_lines(no_decision: NoDecision) -> list[Line]:
    text = f"outcome: no decision: {_NO_DECISION[no_decision.kind]}"
    if no_decision.detail:
        text += f": {no_decision.detail}"
    return [Line(1, (text,))]
