"""The context of one job's evaluation: what every step of the allocator reads and adds to."""

from __future__ import annotations

from dataclasses import dataclass, field

from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind, Limit
from refsim.sched.decisions import PendReason
from refsim.sched.events import HostVerdict, Observer
from refsim.sched.faults import FaultPlan
from refsim.sched.ledger import Ledger
from refsim.sched.limits import cluster_limits_for, consumer_values, host_limits_for
from refsim.sched.state import SchedulerState
from refsim.sched.verdicts import VerdictMemo, VerdictTable


@dataclass
class Evaluation:
    state: SchedulerState
    job: Job
    observer: Observer | None
    faults: FaultPlan | None
    ledger: Ledger = field(default_factory=Ledger)
    reasons: set[PendReason] = field(default_factory=set)  # job-level reasons found so far
    consumer: dict[ConsumerKind, str] = field(default_factory=dict)
    cluster_limits: tuple[Limit, ...] = ()
    host_limits: tuple[Limit, ...] = ()
    # Rejected host verdicts; their host-level pend reasons are derived only if the job pends.
    rejections: list[HostVerdict] = field(default_factory=list)
    _scopes: dict[str, dict[str, str]] = field(default_factory=dict)
    # Where host scans take their hosts from: every host (the reference path), or on the fast path only the
    # candidates of the state's free index (refsim/sched/candidates.py), which skips only hosts judge() would reject.
    on_candidates: bool = False
    verdicts: VerdictMemo | None = None  # the fast path's verdict memo, when it explains a pend
    host_reasons: set[PendReason] = field(default_factory=set)  # host-level reasons found by that memo's scans
    # The verdict table whose failing run the explanation read last (VerdictMemo.run_fails): when the pend's
    # reasons are exactly its reasons, the table's canonical set is the pend's
    last_table: VerdictTable | None = None

    def host_scope(self, limit: Limit, host: str) -> str:
        """The scope instance of a host-scoped limit for this job on `host`."""
        table = self._scopes.get(limit.name)
        if table is None:
            table = self._scopes[limit.name] = self.state.host_scopes(limit, self.consumer)
        scope = table.get(host)
        if scope is None:
            scope = table[host] = limit.scope({**self.consumer, ConsumerKind.HOST: host})
        return scope

    @classmethod
    def start(cls, state: SchedulerState, job: Job, observer: Observer | None) -> Evaluation:
        return cls(state, job, observer, state.faults, consumer=consumer_values(job),
                   cluster_limits=cluster_limits_for(job, state.cluster),
                   host_limits=host_limits_for(job, state.cluster))
