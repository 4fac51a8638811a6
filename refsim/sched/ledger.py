"""Provisional reservations of one job's evaluation.

What earlier positions, earlier plans' claims (until released) and earlier compound members of the same job hold
is *reserved*: checks compare against total - used - reserved. A checkpoint (`mark`) and `rollback` release
everything held since, which is how a failed plan or a failed compound gives its claims back. When the job is
satisfied, what the ledger holds is its allocation.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, TypeVar

from refsim.model.units import Amount, normalise
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge

_K = TypeVar("_K")


class Hold(NamedTuple):
    """One reserved amount: on a host's resource (`host`, no `limit`), on a shared resource (neither), or
    against a limit counter (`limit` and `scope`; `host` set for host-scoped limits). A named tuple: a loaded
    replay makes one per position and resource."""

    resource: str
    amount: Amount
    host: str | None = None
    limit: str | None = None
    scope: str | None = None


# Hold's fields as one tuple, made without the named tuple's Python-level constructor (a loaded replay claims
# hundreds of thousands of hosts)
_new_hold = tuple.__new__


class Ledger:
    def __init__(self) -> None:
        self._holds: list[Hold] = []
        self._host: dict[str, dict[str, Amount]] = {}
        self._shared: dict[str, Amount] = {}
        self._limit: dict[tuple[str, str, str], Amount] = {}
        self._held: frozenset[str] | None = None  # held_hosts(), until a host amount changes

    def host_reserved(self, host: str, resource: str) -> Amount:
        table = self._host.get(host)
        return table.get(resource, 0) if table is not None else 0

    def host_table(self, host: str) -> dict[str, Amount] | None:
        """What this evaluation reserves on `host`, per resource (None when nothing was ever held there)."""
        return self._host.get(host)

    def host_tables(self) -> dict[str, dict[str, Amount]]:
        """What this evaluation reserves, per host and resource (read only): a host absent from it never had
        anything held."""
        return self._host

    def held_hosts(self) -> frozenset[str]:
        """Hosts on which this evaluation holds a resource amount now (released claims leave none)."""
        if self._held is None:
            self._held = frozenset(host for host, table in self._host.items() if any(table.values()))
        return self._held

    def shared_reserved(self, resource: str) -> Amount:
        return self._shared.get(resource, 0)

    def limit_reserved(self, limit: str, scope: str, resource: str) -> Amount:
        return self._limit.get((limit, scope, resource), 0)

    def hold(self, hold: Hold) -> None:
        self._holds.append(hold)
        self._add(hold, hold.amount)

    def claim(self, hosts: Iterable[str], resources: tuple[tuple[str, Amount], ...]) -> None:
        """Hold `resources` on each of `hosts`, in that order: the same holds as hold(Hold(resource, amount,
        host)) per host and resource, made in bulk because a loaded replay claims every host of every dispatch."""
        append, tables = self._holds.append, self._host
        self._held = None
        for host in hosts:
            table = tables.get(host)
            if table is None:
                table = tables[host] = {}
            for resource, amount in resources:
                append(_new_hold(Hold, (resource, amount, host, None, None)))  # Hold(resource, amount, host)
                total = table.get(resource, 0) + amount
                table[resource] = total if total.__class__ is int else normalise(total)

    def mark(self) -> int:
        return len(self._holds)

    def hosts_since(self, mark: int) -> tuple[str, ...]:
        """Hosts holding resources since `mark`, in the order first claimed."""
        seen: dict[str, None] = {}
        for hold in self._holds[mark:]:
            if hold.host is not None and hold.limit is None:
                seen.setdefault(hold.host, None)
        return tuple(seen)

    def rollback(self, mark: int) -> None:
        while len(self._holds) > mark:
            hold = self._holds.pop()
            self._add(hold, -hold.amount)

    def _add(self, hold: Hold, amount: Amount) -> None:
        if hold.limit is not None:
            table, key = self._limit, (hold.limit, hold.scope, hold.resource)
        elif hold.host is not None:
            table, key = self._host.setdefault(hold.host, {}), hold.resource  # type: ignore[assignment]
            self._held = None
        else:
            table, key = self._shared, hold.resource  # type: ignore[assignment]
        total = table.get(key, 0) + amount  # type: ignore[arg-type]
        table[key] = total if total.__class__ is int else normalise(total)  # type: ignore[index]

    def allocation(self) -> Allocation:
        """Everything held, merged per host (hosts in the order first claimed, resources in the order first held)
        and per limit counter."""
        hosts: dict[str, tuple[tuple[str, Amount], ...]] = {}
        host_charges: dict[str, dict[tuple[str, str, str], Amount]] = {}
        shared: dict[str, Amount] = {}
        cluster_charges: dict[tuple[str, str, str], Amount] = {}
        for resource, amount, host, limit, scope in self._holds:
            if limit is None and host is not None:  # the common hold, one per position and resource
                held = hosts.get(host)
                if held is None:
                    hosts[host] = ((resource, amount if amount.__class__ is int else normalise(0 + amount)),)
                else:
                    hosts[host] = _merged(held, resource, amount)
            elif limit is not None and host is not None:
                _add_to(host_charges.setdefault(host, {}), (limit, scope or "", resource), amount)
            elif limit is not None:
                _add_to(cluster_charges, (limit, scope or "", resource), amount)
            else:
                _add_to(shared, resource, amount)
        if host_charges:
            placed = tuple([HostAllocation(name, held, _charges(host_charges[name]) if name in host_charges else ())
                            for name, held in hosts.items()])
        else:
            placed = tuple([HostAllocation(name, held) for name, held in hosts.items()])
        return Allocation(hosts=placed, shared=tuple(shared.items()), limit_charges=_charges(cluster_charges))


def _merged(held: tuple[tuple[str, Amount], ...], resource: str, amount: Amount) -> tuple[tuple[str, Amount], ...]:
    """`held` (a host's amounts so far, each resource once) with `amount` more of `resource`, which keeps its
    place or comes last."""
    for place, (name, before) in enumerate(held):
        if name == resource:
            return held[:place] + ((name, normalise(before + amount)),) + held[place + 1:]
    return held + ((resource, normalise(0 + amount)),)


def _add_to(table: dict[_K, Amount], key: _K, amount: Amount) -> None:
    total = table.get(key, 0) + amount
    table[key] = total if total.__class__ is int else normalise(total)


def _charges(table: dict[tuple[str, str, str], Amount]) -> tuple[LimitCharge, ...]:
    return tuple(LimitCharge(limit, scope, resource, amount) for (limit, scope, resource), amount in table.items())
