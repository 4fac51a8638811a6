"""Plain jobs on one-slot clusters: the first free hosts in scan order (refsim/sched/oneslot.py), worked by hand."""

from __future__ import annotations

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.sched.allocator import allocate, placement
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend
from refsim.sched.oneslot import first_free_hosts, plain_tasks
from refsim.sched.picker import Fcfs
from refsim.sched.state import SchedulerState


def _state(hosts: tuple[Host, ...], limits: tuple[Limit, ...] = ()) -> SchedulerState:
    """h1 runs job 1 (one task); jobs 2 to 6 wait."""
    state = SchedulerState(Cluster(hosts, limits=limits))
    for job in (Job(JobId(1)), Job(JobId(2), min_tasks=2, max_tasks=2), Job(JobId(3), min_tasks=4, max_tasks=4),
                Job(JobId(4), resreq="span[hosts=1]"), Job(JobId(5), min_tasks=1, max_tasks=2),
                Job(JobId(6), min_tasks=3, max_tasks=3)):
        state.submit(job)
    state.dispatched(JobId(1), Allocation((HostAllocation("h1", (("slots", 1),)),)))
    return state


# Five one-slot hosts, h2 closed, h1 busy: h3, h4 and h5 are free, in that (the cluster's) order.
FIVE = (Host("h1", {"slots": 1}), Host("h2", {"slots": 1}, status=HostStatus.CLOSED), Host("h3", {"slots": 1}),
        Host("h4", {"slots": 1, "mem": 100}), Host("h5", {"slots": 1}))


def _on(*hosts: str) -> Allocation:
    return Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in hosts))


def test_a_plain_job_takes_the_first_free_open_hosts():
    state = _state(FIVE)
    two = state.jobs[JobId(2)]
    assert plain_tasks(state, two, state.requirements[two.id]) == 2
    assert first_free_hosts(state, 2) == _on("h3", "h4")  # h1 busy, h2 closed
    assert first_free_hosts(state, 3) == _on("h3", "h4", "h5")
    assert first_free_hosts(state, 4) is None  # three hosts free
    assert placement(state, JobId(2)) == _on("h3", "h4")
    assert allocate(state, JobId(2), Fcfs()) == Dispatch(JobId(2), _on("h3", "h4"))
    assert isinstance(allocate(state, JobId(3), Fcfs()), Pend)  # four tasks: the explanation still runs


def test_the_allocators_reference_path_agrees():
    """The same state on the reference path (the requirement tree): the same hosts, the same pend."""
    state = _state(FIVE)
    state.reference_only = True
    assert placement(state, JobId(2)) == _on("h3", "h4")
    assert placement(state, JobId(6)) == _on("h3", "h4", "h5")
    assert placement(state, JobId(3)) is None


def test_it_applies_only_to_plain_jobs_of_one_task_count():
    state = _state(FIVE)
    for job in (JobId(4), JobId(5)):  # a span, a task range
        assert plain_tasks(state, state.jobs[job], state.requirements[job]) is None


def test_it_applies_only_where_every_host_has_one_slot_and_no_limit_counts():
    """A host of two slots could take two tasks of one position; a limit may refuse a host or cap the job."""
    two_slots = _state(FIVE[:4] + (Host("h5", {"slots": 2}),))
    limited = _state(FIVE, (Limit("user_slots", (Consumer(ConsumerKind.USER, True),), (("slots", 3),)),))
    for state in (two_slots, limited):
        assert plain_tasks(state, state.jobs[JobId(2)], state.requirements[JobId(2)]) is None
