"""A recording: the cluster, the time-ordered events, how sessions are formed, and optional extras (the
decisions the recorded scheduler made, and a test section with faults)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from refsim.model.epoch import Epoch
from refsim.model.cluster import Cluster, HostStatus
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.units import Amount
from refsim.sched.faults import Fault


@dataclass(frozen=True)
class Submit:
    job: Job


@dataclass(frozen=True)
class Finish:
    job: JobId


@dataclass(frozen=True)
class Remove:
    job: JobId


@dataclass(frozen=True)
class HostChange:
    host: str
    status: HostStatus


@dataclass(frozen=True)
class RecordedDispatch:
    """A recorded allocation that the simulator re-applies instead of computing (a reconstructed dispatch)."""

    job: JobId
    hosts: tuple[tuple[str, tuple[tuple[str, Amount], ...]], ...]
    shared: tuple[tuple[str, Amount], ...] = ()


@dataclass(frozen=True)
class SessionMark:
    """An explicit scheduling session."""


Action = Submit | Finish | Remove | HostChange | RecordedDispatch | SessionMark


@dataclass(frozen=True)
class Event:
    time: float
    action: Action


class SessionPolicy(Enum):
    EXPLICIT = "explicit"          # only the recording's session events
    AFTER_EVENTS = "after-events"  # one session after each instant at which some event changed something
    EVERY = "every"                # from the first event, every `interval` seconds (docs/simulator.md)


@dataclass(frozen=True)
class Sessions:
    policy: SessionPolicy
    interval: float = 0


@dataclass(frozen=True)
class Recording:
    cluster: Cluster
    events: tuple[Event, ...]
    sessions: Sessions
    source: str = "<recording>"
    faults: tuple[Fault, ...] = ()
    expected: tuple[dict[str, Any], ...] | None = None  # recorded decisions, in the --sim-output record form
    discipline: str = "greedy"  # the dispatching discipline (docs/disciplines.md)
    epoch: Epoch | None = None  # when time 0 is, if the recording says (format version 2)
