"""Which limits a job is subject to, and how much of a limited resource a requirement asks for."""

from __future__ import annotations

from refsim.model.cluster import Cluster
from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind, Limit
from refsim.model.resources import JOBS, SLOTS
from refsim.model.units import Amount, normalise
from refsim.resreq.ast import Single


def consumer_values(job: Job) -> dict[ConsumerKind, str]:
    return {ConsumerKind.USER: job.user, ConsumerKind.QUEUE: job.queue, ConsumerKind.PROJECT: job.project}


def cluster_limits_for(job: Job, cluster: Cluster) -> tuple[Limit, ...]:
    """Cluster-wide limits the job is subject to, in the cluster's order."""
    values = consumer_values(job)
    return tuple(lim for lim in cluster.limits if not lim.host_scoped and lim.applies(values))


def host_limits_for(job: Job, cluster: Cluster) -> tuple[Limit, ...]:
    """Host-scoped limits whose non-host consumers the job matches; each host then matches or not."""
    values = consumer_values(job)
    return tuple(lim for lim in cluster.limits if lim.host_scoped
                 and all(c.kind is ConsumerKind.HOST or (c.kind in values and c.matches(values[c.kind]))
                         for c in lim.consumers))


def scope_key(limit: Limit, consumer: dict[ConsumerKind, str]) -> tuple[str, ...]:
    """What a host-scoped limit's scope instance depends on besides the host: its name and the job's values for its
    per-consumer clauses (a group clause's instance is the same for every member)."""
    return (limit.name,) + tuple(consumer[c.kind] for c in limit.consumers if c.per and c.kind is not ConsumerKind.HOST)


def limit_demand(resource: str, single: Single, tasks: int, cluster: Cluster, *, on_host: bool) -> Amount:
    """What `tasks` tasks of `single` count against a limit on `resource`: slots per task, one job, a host
    resource's rusage per task, a shared resource's rusage once (cluster-wide limits only), otherwise nothing."""
    if resource == SLOTS:
        return tasks
    if resource == JOBS:
        return 1
    for name, amount in single.rusage:
        if name == resource:
            if cluster.shared_resource(name) is not None:
                return 0 if on_host else amount
            return normalise(amount * tasks)
    return 0


def still_to_count(resource: str, requested: Amount, reserved: Amount) -> Amount:
    """What a request still adds to a limit counter: a job counts once per `jobs` counter, so a counter this
    evaluation already holds a job on asks nothing more."""
    return 0 if resource == JOBS and reserved else requested
