"""Every discipline against the independent node-count reference (tests/reference/nodesim.py): on generated
node-count workloads refsim's start times equal the reference's, whether the nodes are the slots of one host or
one-slot hosts (where a backfill reservation's choice of hosts decides what is extra). The
workloads draw ties (submit times on a half-second grid, equal run limits), early completions (run time below
the run limit), bursts (many submits at one instant), fractional times, zero run times, a few jobs without
a run limit and a few larger than the cluster."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.jobid import JobId
from refsim.sim.load import recording_from
from refsim.sim.replay import Simulator
from tests.reference.nodesim import NodeJob, simulate
from tests.unit.sched.disciplines.schedule import DISCIPLINES

# Mostly a coarse grid, so that ends, planned starts and submits coincide often; sometimes any fraction.
TIMES = st.one_of(st.integers(0, 8).map(float), st.integers(0, 12).map(lambda t: t / 2),
                  st.floats(0, 6, allow_nan=False).map(lambda t: round(t, 3)))
LIMITS = st.one_of(st.integers(1, 6).map(float), st.sampled_from([1.5, 2.5]),
                   st.floats(0.25, 8).map(lambda t: round(t, 2)))


@st.composite
def workloads(draw) -> tuple[int, list[NodeJob]]:
    total = draw(st.integers(2, 10))
    count = draw(st.integers(2, 12))
    burst = draw(TIMES)
    jobs = []
    for number in range(1, count + 1):
        submit = burst if draw(st.booleans()) else draw(TIMES)
        limit = None if draw(st.integers(0, 11)) == 0 else draw(LIMITS)
        cap = limit if limit is not None else 8.0
        run = draw(st.one_of(st.just(cap), st.just(cap), st.sampled_from([0.0, 0.5, 1.0]),
                             st.floats(0, cap).map(lambda t: round(t, 2))))
        size = draw(st.integers(1, total + 1))  # now and then more than the cluster has: never placeable
        jobs.append(NodeJob(number, submit, size, min(run, cap), limit))
    return total, jobs


Hosts = Callable[[int], list[dict[str, object]]]


def one_host(total: int) -> list[dict[str, object]]:
    return [{"name": "n", "slots": total}]


def one_slot_hosts(total: int) -> list[dict[str, object]]:
    return [{"name": f"n{number:02d}", "slots": 1} for number in range(1, total + 1)]


def refsim_starts(total: int, jobs: list[NodeJob], discipline: str, hosts: Hosts = one_host) -> dict[int, float | None]:
    events = []
    for job in sorted(jobs, key=lambda j: (j.submit, j.id)):
        submit = {"id": job.id, "tasks": job.nodes, "run_time": job.run}
        if job.limit is not None:
            submit["run_limit"] = job.limit
        events.append({"time": job.submit, "submit": submit})
    document = {"cluster": {"hosts": hosts(total)}, "scheduling": {"discipline": discipline}, "events": events}
    sim = Simulator(recording_from(document, "generated"))
    for _ in sim.reports():
        pass
    return {job.id: sim.jobs.get(JobId(job.id)).start_time for job in jobs}


@pytest.mark.parametrize("hosts", [one_host, one_slot_hosts])
@pytest.mark.parametrize("discipline", DISCIPLINES)
@settings(max_examples=120, deadline=None)
@given(workload=workloads())
def test_start_times_equal_the_reference(workload, discipline, hosts):
    total, jobs = workload
    assert refsim_starts(total, jobs, discipline, hosts) == simulate(jobs, total, discipline)
