"""Hosts, queues, shared resources and the cluster that holds them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TypeVar

from refsim.model.limits import Limit
from refsim.model.resources import BUILTIN_RESOURCES, ResourceDef
from refsim.model.units import Amount


class HostStatus(Enum):
    OPEN = "open"
    CLOSED = "closed"

_V = TypeVar("_V")


def _frozen(mapping: Mapping[str, _V] | None) -> Mapping[str, _V]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Host:
    """A host: numeric capacities (slots, mem, ...), string or boolean attributes, and a status."""

    name: str
    capacities: Mapping[str, Amount] = field(default_factory=dict)
    attributes: Mapping[str, str | bool] = field(default_factory=dict)
    status: HostStatus = HostStatus.OPEN

    def __post_init__(self) -> None:
        object.__setattr__(self, "capacities", _frozen(self.capacities))
        object.__setattr__(self, "attributes", _frozen(self.attributes))

    def total(self, resource: str) -> Amount:
        return self.capacities.get(resource, 0)


@dataclass(frozen=True)
class Queue:
    name: str
    priority: int = 0


@dataclass(frozen=True)
class SharedResource:
    """A cluster-wide numeric resource, such as a pool of licenses."""

    name: str
    total: Amount


@dataclass(frozen=True)
class Cluster:
    """Everything the scheduler places jobs on, in a fixed order (the host order is the scan order)."""

    hosts: tuple[Host, ...]
    queues: tuple[Queue, ...] = (Queue("normal", 0),)
    shared: tuple[SharedResource, ...] = ()
    limits: tuple[Limit, ...] = ()
    resources: tuple[ResourceDef, ...] = BUILTIN_RESOURCES

    def __post_init__(self) -> None:
        for kind, names in (("host", [h.name for h in self.hosts]), ("queue", [q.name for q in self.queues]),
                            ("shared resource", [s.name for s in self.shared]),
                            ("limit", [lim.name for lim in self.limits]),
                            ("resource", [r.name for r in self.resources])):
            seen: set[str] = set()
            for name in names:
                if name in seen:
                    raise ValueError(f"duplicate {kind} '{name}'")
                seen.add(name)

    def host(self, name: str) -> Host | None:
        return next((h for h in self.hosts if h.name == name), None)

    def queue(self, name: str) -> Queue | None:
        return next((q for q in self.queues if q.name == name), None)

    def shared_resource(self, name: str) -> SharedResource | None:
        return next((s for s in self.shared if s.name == name), None)

    def resource(self, name: str) -> ResourceDef | None:
        return next((r for r in self.resources if r.name == name), None)

    def unit_of(self, resource: str) -> str | None:
        definition = self.resource(resource)
        return definition.unit if definition else None

    def with_host(self, host: Host) -> Cluster:
        """A copy of the cluster with one host replaced (same name, same position)."""
        hosts = tuple(host if h.name == host.name else h for h in self.hosts)
        return Cluster(hosts, self.queues, self.shared, self.limits, self.resources)
