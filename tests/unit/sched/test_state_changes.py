"""The scheduler state accepts each job once, and judges jobs on the cluster it has now."""

import pytest

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.sched.allocator import allocate
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, LimitCharge, Pend
from refsim.sched.picker import Fcfs
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


def test_a_job_submitted_twice_is_refused_and_the_first_is_kept():
    """Job 7 is known after its first submit; a second submit of job 7 (another run time) is refused with a
    message naming the job, and the state keeps the first job as it was, still pending once.
    Kills: refsim/sched/state.py:SchedulerState.submit accepting a known job again, or its message text."""
    state = SchedulerState(Cluster((Host("a", {"slots": 1}),)))
    first = Job(JobId(7), run_time=10)
    state.submit(first)
    with pytest.raises(ValueError, match=r"^job 7 was already submitted$"):
        state.submit(Job(JobId(7), run_time=20))
    assert state.jobs == {JobId(7): first} and list(state.pending.values()) == [first]


def test_a_new_cluster_is_selected_on_its_own_host_attributes():
    """Host a is of type x: a job asking select[type==y] pends. The cluster is then replaced (a live reconfig)
    by one where a is of type y: the same request is judged afresh on the new attributes and dispatches on a.
    Kills: refsim/sched/state.py:SchedulerState.set_cluster keeping the select answers of the old cluster."""
    state = SchedulerState(Cluster((Host("a", {"slots": 1}, {"type": "x"}),)))
    state.submit(Job(JobId(1), run_time=10, resreq="select[type==y]"))
    assert isinstance(allocate(state, JobId(1), Fcfs()), Pend)
    state.set_cluster(Cluster((Host("a", {"slots": 1}, {"type": "y"}),)))
    outcome = allocate(state, JobId(1), Fcfs())
    assert isinstance(outcome, Dispatch) and [h.host for h in outcome.allocation.hosts] == ["a"]


def test_a_new_cluster_is_scanned_and_planned_on_its_own_hosts():
    """On hosts a (2 slots) and b (4), order[-slots] ranks b first and an 8-task job cannot be planned (6 slots in
    all). The new cluster gives a 8 slots: order[-slots] now ranks a first, and the 8-task job is placed on the
    12 slots there are now (nothing is committed: each job is only judged).
    Kills: refsim/sched/state.py:SchedulerState.set_cluster keeping the old cluster's scan orders or its open
    hosts' slots."""
    state = SchedulerState(Cluster((Host("a", {"slots": 2}), Host("b", {"slots": 4}))))
    state.submit(Job(JobId(1), run_time=10, resreq="order[-slots]"))
    state.submit(Job(JobId(2), run_time=10, min_tasks=8, max_tasks=8))
    first = allocate(state, JobId(1), Fcfs())
    assert isinstance(first, Dispatch) and [h.host for h in first.allocation.hosts] == ["b"]
    assert isinstance(allocate(state, JobId(2), Fcfs()), Pend)
    state.set_cluster(Cluster((Host("a", {"slots": 8}), Host("b", {"slots": 4}))))
    again = allocate(state, JobId(1), Fcfs())
    assert isinstance(again, Dispatch) and [h.host for h in again.allocation.hosts] == ["a"]
    assert isinstance(allocate(state, JobId(2), Fcfs()), Dispatch)


def test_a_new_cluster_charges_a_host_limit_in_its_own_scope():
    """Limit L first counts slots on hosts a and b together (scope `hosts=a+b`); the new cluster redefines L per
    host, so the same job is now charged on a's own counter, `host=a`.
    Kills: refsim/sched/state.py:SchedulerState.set_cluster keeping the old cluster's scope instances."""
    hosts = (Host("a", {"slots": 2}), Host("b", {"slots": 2}))
    together = Limit("L", (Consumer(ConsumerKind.HOST, False, ("a", "b")),), (("slots", 4),))
    per_host = Limit("L", (Consumer(ConsumerKind.HOST, True, None),), (("slots", 4),))
    state = SchedulerState(Cluster(hosts, limits=(together,)))
    state.submit(Job(JobId(1), run_time=10))
    assert allocate(state, JobId(1), Fcfs()).allocation.hosts[0].limit_charges == (
        LimitCharge("L", "hosts=a+b", "slots", 1),)
    state.set_cluster(Cluster(hosts, limits=(per_host,)))
    assert allocate(state, JobId(1), Fcfs()).allocation.hosts[0].limit_charges == (
        LimitCharge("L", "host=a", "slots", 1),)


def test_a_new_cluster_without_a_host_a_finished_job_used_keeps_scheduling():
    """Hosts a and x (1 slot each): jobs 1 and 2 start on them, and both finish. The cluster is then replaced by
    one without x (a live reconfig may drop a host nothing runs on). Jobs 3 and 4 (1 task each) are judged on the
    new cluster's free slots: job 3 starts on a and job 4 pends, a being full; x, gone, is never read again.
    Kills: refsim/sched/freeindex.py:FreeIndex.sync keeping the hosts it has read in the usage's touched set
    (`usage.touched.clear()` dropped): the new cluster's index would look x up after job 3's start."""
    state = SchedulerState(Cluster((Host("a", {"slots": 1}), Host("x", {"slots": 1}))))
    for job in (1, 2):
        state.submit(Job(JobId(job), run_time=10))
    assert [type(r.outcome) for r in run_session(state, 1)] == [Dispatch, Dispatch]
    for job in (1, 2):
        state.finish(JobId(job))
    state.set_cluster(Cluster((Host("a", {"slots": 1}),)))
    for job in (3, 4):
        state.submit(Job(JobId(job), run_time=10))
    results = list(run_session(state, 2))
    assert [(r.job, type(r.outcome)) for r in results] == [(JobId(3), Dispatch), (JobId(4), Pend)]
    assert [h.host for h in results[0].outcome.allocation.hosts] == ["a"]


def test_a_dry_run_on_a_copy_never_changes_what_the_state_decides_next():
    """Host a has 2 slots; job 1 runs on one of them and job 2 (2 tasks) pends. A dry run (as `why` makes) on a
    copy of the state submits job 3 (1 task), which starts on the copy's last free slot, and runs another session
    there, in which job 2 pends again. Back on the state itself, job 1 finishes: both slots are free, and job 2
    starts on them (2 tasks on a), as it would had no copy been made. The copy's usage moved from the same
    version as the state's, so a copy that took the fast path with the state's shared memos would have left its
    pend of job 2 where the state, at that same version number, reads it.
    Kills: refsim/sched/state.py:SchedulerState.copy leaving the copy on the fast path (`reference_only = True`
    dropped)."""
    state = SchedulerState(Cluster((Host("a", {"slots": 2}),)), reference_only=False)
    state.submit(Job(JobId(1), run_time=10))
    state.dispatched(JobId(1), Allocation((HostAllocation("a", (("slots", 1),)),)))
    state.submit(Job(JobId(2), run_time=10, min_tasks=2, max_tasks=2))
    assert [type(r.outcome) for r in run_session(state, 1)] == [Pend]
    twin = state.copy()
    twin.submit(Job(JobId(3), run_time=10))
    assert [type(r.outcome) for r in run_session(twin, 2)] == [Pend, Dispatch]
    assert [type(r.outcome) for r in run_session(twin, 3)] == [Pend]
    state.finish(JobId(1))
    [result] = run_session(state, 2)
    assert isinstance(result.outcome, Dispatch)
    assert result.outcome.allocation.hosts == (HostAllocation("a", (("slots", 2),)),)


def test_the_scan_order_ranks_by_the_first_order_key_and_breaks_ties_by_the_next():
    """order[-mem:-slots] on a (mem 100, 2 slots), b (mem 200, 1 slot) and c (mem 200, 4 slots): mem ranks b and c
    (200) before a (100); between b and c, equal in mem, slots ranks c (4) first: c, b, a.
    Kills: refsim/sched/state.py:SchedulerState.scan_order applying the keys first to last (the last key would
    rank first: c, a, b)."""
    from refsim.resreq.ast import OrderKey
    cluster = Cluster((Host("a", {"slots": 2, "mem": 100}), Host("b", {"slots": 1, "mem": 200}),
                       Host("c", {"slots": 4, "mem": 200})))
    state = SchedulerState(cluster)
    keys = (OrderKey("mem", descending=True), OrderKey("slots", descending=True))
    assert [h.name for h in state.scan_order(keys)] == ["c", "b", "a"]


def test_removing_a_running_job_frees_its_slot_for_a_pending_job():
    """Host a has one slot. Job 1 runs on it, so job 2 pends (resource-shortfall). Job 1 is removed while running
    (an operator's bkill): its slot is given back, and job 2 is now dispatched on a. Kills:
    refsim/sched/state.py:SchedulerState.remove its `usage.release(job)` dropped (the removed job's slot stays
    taken for good)."""
    state = SchedulerState(Cluster((Host("a", {"slots": 1}),)))
    state.submit(Job(JobId(1), run_time=10))
    state.submit(Job(JobId(2), run_time=10))
    first = allocate(state, JobId(1), Fcfs())
    assert isinstance(first, Dispatch)
    state.dispatched(JobId(1), first.allocation)
    assert isinstance(allocate(state, JobId(2), Fcfs()), Pend)
    state.remove(JobId(1))
    second = allocate(state, JobId(2), Fcfs())
    assert isinstance(second, Dispatch) and [h.host for h in second.allocation.hosts] == ["a"]
