"""Plain jobs on one-slot clusters take no requirement tree on the fast path (refsim/sched/oneslot.py): their hosts are
the first free ones in scan order. Differential: on generated one-slot clusters (hosts closed and opened, now and
then a limit, which turns the shortcut off, or a memory capacity, which does not) with plain jobs among others (task
ranges, spans, order[], selects) under every discipline, the fast path decides exactly as the reference path, one
report at a time and compact; and on the states such replays pass through, the shortcut's placement is the
allocator's own, job by job."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.sched.allocator import placement
from refsim.sched.disciplines import DISCIPLINES
from refsim.sched.oneslot import first_free_hosts, plain_tasks
from refsim.sim.recording import Event, HostChange, Recording, SessionPolicy, Sessions, Submit
from refsim.sim.replay import Simulator
from tests.property.test_fast_path import replay

REQUIREMENTS = ("", "", "", "span[hosts=1]", "span[ptile=2]", "order[-slots]", "select[type==a]")


@st.composite
def one_slot_recordings(draw) -> Recording:
    """One-slot hosts, mostly plain jobs of 1 to 6 tasks (a few with a task range), run limits at, above or
    without their run times, a host closed and opened now and then; a limit or a memory capacity sometimes."""
    extra = draw(st.sampled_from([None, None, None, "limit", "mem"]))
    hosts = tuple(Host(f"h{n}", {"slots": 1, "mem": 100} if extra == "mem" and n == 0 else {"slots": 1},
                       {"type": draw(st.sampled_from(["a", "b"]))})
                  for n in range(draw(st.integers(2, 8))))
    limits = (Limit("user_slots", (Consumer(ConsumerKind.USER, True),), (("slots", 3),)),) if extra == "limit" else ()
    events = []
    for n in range(draw(st.integers(3, 14))):
        low = draw(st.integers(1, 6))
        high = low + draw(st.sampled_from([0, 0, 0, 2]))
        run = float(draw(st.integers(1, 6)))
        limit = draw(st.sampled_from([run, run, run + 2.0, None]))
        job = Job(JobId(n + 1), user=f"u{n % 2}", submit_time=draw(st.integers(0, 8)),
                  resreq=draw(st.sampled_from(REQUIREMENTS)), min_tasks=low, max_tasks=high, run_time=run,
                  run_limit=limit)
        events.append(Event(float(job.submit_time), Submit(job)))
    for host in draw(st.lists(st.sampled_from(hosts), max_size=2)):
        status = draw(st.sampled_from(list(HostStatus)))
        events.append(Event(float(draw(st.integers(1, 12))), HostChange(host.name, status)))
    events.sort(key=lambda e: e.time)
    return Recording(Cluster(hosts, limits=limits), tuple(events), Sessions(SessionPolicy.AFTER_EVENTS),
                     discipline=draw(st.sampled_from(sorted(DISCIPLINES))))


@settings(max_examples=80, deadline=None)
@given(one_slot_recordings())
def test_plain_jobs_on_one_slot_hosts_decide_as_the_reference_path(recording: Recording):
    """Kills: oneslot.py taking hosts out of scan order, taking a closed or busy host, placing when fewer hosts are
    free, or applying to a job with a requirement or a task range, or on a cluster with a limit."""
    reference = replay(recording, reference=True)
    assert replay(recording, reference=False) == reference
    assert replay(recording, reference=False, compact=True) == reference


@settings(max_examples=40, deadline=None)
@given(one_slot_recordings(), st.data())
def test_the_first_free_hosts_are_the_allocators_placement(recording: Recording, data):
    """At every session of a greedy replay, each pending plain job's shortcut placement equals the placement of
    the same state's reference path (the requirement tree, plan by plan)."""
    simulator = Simulator(replace(recording, discipline="greedy"))
    compared = 0
    for _ in simulator.reports():
        state = simulator.state
        if not simulator.in_session:
            continue
        for job in list(state.pending.values()):
            tasks = plain_tasks(state, job, state.requirements[job.id])
            if tasks is None:
                continue
            state.reference_only = True
            expected = placement(state, job.id)
            state.reference_only = False
            assert first_free_hosts(state, tasks) == expected == placement(state, job.id)
            compared += 1
    applies = recording.cluster.limits == ()
    plain = any(isinstance(e.action, Submit) and e.action.job.resreq == "" and
                e.action.job.min_tasks == e.action.job.max_tasks for e in recording.events)
    assert (compared > 0) <= (applies and plain)  # it answers only where it applies
