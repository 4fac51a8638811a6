"""Job ordering. A policy sorts pending jobs and names its ordering keys, so the trace can show them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from refsim.model.cluster import Cluster
from refsim.model.jobs import Job
from refsim.model.units import Amount, format_number


class OrderingPolicy(Protocol):
    name: str

    def sort_key(self, job: Job, cluster: Cluster) -> tuple[object, ...]: ...

    def keys(self, job: Job, cluster: Cluster) -> tuple[tuple[str, str], ...]: ...


class Fcfs:
    """First come, first served: queue priority (high first), job priority (high first), queue time (early
    first), then job id."""

    name = "fcfs"

    @staticmethod
    def _queue_priority(job: Job, cluster: Cluster) -> int:
        queue = cluster.queue(job.queue)
        assert queue is not None, job.queue  # a recording naming a queue the cluster lacks is refused
        return queue.priority

    def sort_key(self, job: Job, cluster: Cluster) -> tuple[int, int, Amount, tuple[int, int]]:
        return (-self._queue_priority(job, cluster), -job.priority, job.submit_time, job.id.sort_key())

    def keys(self, job: Job, cluster: Cluster) -> tuple[tuple[str, str], ...]:
        return (("queue", job.queue), ("queue priority", str(self._queue_priority(job, cluster))),
                ("job priority", str(job.priority)), ("queue time", format_number(job.submit_time)))


def pick_order(jobs: Iterable[Job], cluster: Cluster, policy: OrderingPolicy) -> list[Job]:
    """The jobs in the order the policy selects them for allocation."""
    return sorted(jobs, key=lambda job: policy.sort_key(job, cluster))
