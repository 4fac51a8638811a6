"""Resource limits, in the manner of lsb.resources.

A limit names consumers and caps resources. Each consumer is one kind (user, queue, project, host) and is
either aggregate (``users: [a, b]``: one counter shared by the listed users) or per-member (``per_user: all``:
one counter for each user). A job is subject to a limit when it matches every consumer the limit names. A
limit with a host consumer is host-scoped; any other limit is cluster-wide.

The *scope instance* of a limit for a job (and host) is the concrete consumer key, such as ``user=alice`` or
``users=alice+bob,queue=night``. Usage is counted per (limit, scope instance, resource).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refsim.model.units import Amount


class ConsumerKind(Enum):
    USER = "user"
    QUEUE = "queue"
    PROJECT = "project"
    HOST = "host"


@dataclass(frozen=True)
class Consumer:
    """One consumer clause of a limit. `members` None means all."""

    kind: ConsumerKind
    per: bool = False
    members: tuple[str, ...] | None = None

    def matches(self, value: str) -> bool:
        return self.members is None or value in self.members

    def instance(self, value: str) -> str:
        """The scope-instance part this clause contributes for a consumer whose value is `value`."""
        if self.per:
            return f"{self.kind.value}={value}"
        members = "all" if self.members is None else "+".join(self.members)
        return f"{self.kind.value}s={members}"

    @property
    def clause(self) -> str:
        """The clause as written in a recording, for messages."""
        key = f"per_{self.kind.value}" if self.per else f"{self.kind.value}s"
        members = "all" if self.members is None else ",".join(self.members)
        return f"{key}: {members}"


@dataclass(frozen=True)
class Limit:
    """A named limit: consumers and the value it allows for each resource it caps."""

    name: str
    consumers: tuple[Consumer, ...]
    resources: tuple[tuple[str, Amount], ...]

    @property
    def host_scoped(self) -> bool:
        return any(c.kind is ConsumerKind.HOST for c in self.consumers)

    def consumer(self, kind: ConsumerKind) -> Consumer | None:
        return next((c for c in self.consumers if c.kind is kind), None)

    def applies(self, values: dict[ConsumerKind, str]) -> bool:
        """Whether a consumer with these values (user, queue, project and, for host limits, host) is subject."""
        return all(c.kind in values and c.matches(values[c.kind]) for c in self.consumers)

    def scope(self, values: dict[ConsumerKind, str]) -> str:
        """The scope instance for these consumer values; consumers appear in the order the limit names them."""
        return ",".join(c.instance(values[c.kind]) for c in self.consumers)
