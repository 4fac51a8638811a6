"""Resource definitions: what a name in a requirement or a limit refers to."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SLOTS = "slots"
JOBS = "jobs"


class ResourceKind(Enum):
    NUMERIC = "numeric"
    STRING = "string"
    BOOLEAN = "boolean"


@dataclass(frozen=True)
class ResourceDef:
    """A declared resource. Shared resources are numeric and held by the cluster, not by hosts."""

    name: str
    kind: ResourceKind = ResourceKind.NUMERIC
    unit: str | None = None
    shared: bool = False

    @property
    def numeric(self) -> bool:
        return self.kind is ResourceKind.NUMERIC


BUILTIN_RESOURCES = (
    ResourceDef(SLOTS),
    ResourceDef("mem", unit="MB"),
    ResourceDef("type", ResourceKind.STRING),
    ResourceDef("model", ResourceKind.STRING),
)
