"""Conservative's plan carried from a session to the next (refsim/sched/plancarry.py), and conservative-drevt's
independent planned starts kept (refsim/sched/headreservations.py), decide as the reference path, which
plans every waiting job afresh at every session.

The recordings keep a queue waiting while jobs keep arriving, so that many sessions follow arrivals alone: hosts of
one or two slots (a few closed and opened again), jobs of 1 to 6 tasks with run limits that are exact (a job ends
at its limit, so at a later job's planned start), above the run (early completions) or absent, several arrivals
at one instant and arrivals at the instant of an end, memory requests (whole amounts) and host selects, a
recorded dispatch now and then, removals of waiting jobs (which leave the plan of the session before), and a
queue of higher priority whose arrivals are planned, or start, ahead of jobs the session before planned."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.cluster import Cluster, Host, HostStatus, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sim.recording import Event, HostChange, RecordedDispatch, Recording, Remove, SessionPolicy, Sessions, Submit
from refsim.sim.replay import Simulator
from tests.property.test_fast_path import assert_paths_agree


def waiting_queue(rng: random.Random, discipline: str = "conservative") -> Recording:
    """A recording under `discipline` in which jobs arrive faster than they finish."""
    slots = rng.choice([1, 1, 2])
    hosts = tuple(Host(f"h{n}", {"slots": slots, "mem": rng.choice([100, 200])}) for n in range(rng.randint(3, 6)))
    events: list[Event] = []
    submitted: list[Job] = []
    for n in range(rng.randint(5, 14)):
        run = float(rng.randint(1, 8))
        job = Job(JobId(n + 1), queue=rng.choice(["normal", "normal", "high"]), submit_time=rng.randint(0, 12),
                  min_tasks=(tasks := rng.randint(1, 6)),
                  max_tasks=tasks, resreq=rng.choice(["", "", "", "rusage[mem=150]", "select[mem>150]"]),
                  run_time=run, run_limit=rng.choice([run, run, run + rng.randint(1, 4), None]))
        submitted.append(job)
        events.append(Event(float(job.submit_time), Submit(job)))
    for job in rng.sample(submitted, rng.randint(0, 1)):
        events.append(Event(float(job.submit_time + rng.randint(1, 6)), Remove(job.id)))
    for job in rng.sample(submitted, rng.randint(0, 1)):
        host = rng.choice(hosts)
        events.append(Event(float(job.submit_time + rng.randint(0, 2)),
                            RecordedDispatch(job.id, ((host.name, (("slots", 1),)),))))
    for host in rng.sample(hosts, rng.randint(0, 2)):
        events.append(Event(float(rng.randint(1, 14)), HostChange(host.name, rng.choice(list(HostStatus)))))
    events.sort(key=lambda e: e.time)  # stable: a removal or recorded dispatch after the submit of its instant
    cluster = Cluster(hosts, (Queue("normal", 0), Queue("high", 10)))
    return Recording(cluster, tuple(events), Sessions(SessionPolicy.AFTER_EVENTS), discipline=discipline)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["conservative", "conservative-drevt"]))
def test_carried_plans_decide_as_the_reference_path(rng, discipline):
    """conservative-drevt's independent planned starts are kept across sessions too (HeadReservations)."""
    assert_paths_agree(waiting_queue(rng, discipline))


def test_the_recordings_carry_plans():
    """The property above meets carried plans: over 40 fixed recordings, most of them carry some (a recording
    whose queue never waits across an arrival carries none)."""
    carrying = 0
    for seed in range(40):
        sim = Simulator(waiting_queue(random.Random(seed)))
        for _ in sim.reports():
            pass
        carrying += sim.discipline.plans.carried > 0  # type: ignore[attr-defined]
    assert carrying >= 10
