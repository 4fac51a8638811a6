"""Hand-verified scenarios for limits and shared resources (host lines: value/usage/reserved/requested)."""

import pytest

from refsim.model.jobid import JobId
from refsim.sched.decisions import (Allocation, Dispatch, HostAllocation, LimitCharge, Pend, PendCode,
                                    PendReason)
from tests.support.scenario import cluster, host, job, limit, run

R = PendReason
C = PendCode


def test_per_host_limit_rejects_in_the_pre_filter_when_its_value_is_below_the_request():
    # per_host slots 2: plan 1 [3] asks 3 on one host, above the limit's value 2 on every host, so both hosts
    # are rejected statically (and not also as a shortfall: each has 4 slots). Plan 2 [2,1] fits the limit.
    lim = limit("per_host_slots", {"slots": 2}, per_host="all")
    r = run(cluster(host("a"), host("b"), limits=(lim,)), job(1, tasks=3))
    lines = r.recorder.lines("1")
    assert lines[1:7] == [
        "plan 1 [3] tried", "position 1 (3)",
        "host a: limit exceeded (pre-filter) per_host_slots[host=a] slots 2/0/0/3 | not performed: host check",
        "host b: limit exceeded (pre-filter) per_host_slots[host=b] slots 2/0/0/3 | not performed: host check",
        "position 1 unfilled", "plan 1 failed at position 1"]
    assert "plan 3 [1,1,1] discarded: needs 3 hosts but only 2 are open" not in lines  # never generated: plan 2 won
    assert r.outcome("1").allocation == Allocation((
        HostAllocation("a", (("slots", 2),), (LimitCharge("per_host_slots", "host=a", "slots", 2),)),
        HostAllocation("b", (("slots", 1),), (LimitCharge("per_host_slots", "host=b", "slots", 1),))))


def test_aggregate_host_limit_counts_an_earlier_positions_reservation():
    # hosts [a, b] share one counter of 3 slots. Position 1 puts 2 tasks on a (reserved 2 on the counter);
    # position 2 on b would make 0 + 2 + 2 = 4 > 3: a host-check limit rejection with 2 reserved. c is not
    # subject to the limit and takes position 2.
    lim = limit("ab_slots", {"slots": 3}, hosts=["a", "b"])
    r = run(cluster(host("a"), host("b"), host("c"), limits=(lim,)), job(1, "span[ptile=2]", tasks=4))
    assert "host b: limit exceeded (host check) ab_slots[hosts=a+b] slots 3/0/2/2" in r.recorder.lines("1")
    assert r.outcome("1").allocation.hosts == (
        HostAllocation("a", (("slots", 2),), (LimitCharge("ab_slots", "hosts=a+b", "slots", 2),)),
        HostAllocation("c", (("slots", 2),)))


def test_host_limit_against_usage_is_found_by_the_host_check():
    # A running job already counts 3 of the 4 slots a's counter allows; asking 2 more passes the static value
    # check (2 <= 4) but exceeds it with usage (3 + 0 + 2 > 4), so the per-host check finds it.
    lim = limit("per_host_slots", {"slots": 4}, per_host="all")
    r = run(cluster(host("a", slots=8), limits=(lim,)), job(1, "span[hosts=1]", tasks=2),
            before=lambda s: s.usage.commit(JobId(99), Allocation((HostAllocation(
                "a", (("slots", 3),), (LimitCharge("per_host_slots", "host=a", "slots", 3),)),))))
    assert r.recorder.lines("1")[3] == "host a: limit exceeded (host check) per_host_slots[host=a] slots 4/3/0/2"
    assert r.outcome("1") == Pend(JobId(1), (R(C.HOST_LIMIT, "a", "per_host_slots[host=a] slots"),))


@pytest.mark.parametrize("clause, scope", [
    ({"users": ["alice", "bob"]}, "users=alice+bob"),
    ({"per_user": "all"}, "user=alice"),
    ({"queues": ["normal"]}, "queues=normal"),
    ({"per_queue": "all"}, "queue=normal"),
    ({"projects": ["p1"]}, "projects=p1"),
    ({"per_project": ["p1", "p2"]}, "project=p1"),
])
def test_cluster_wide_limit_for_each_consumer_kind(clause, scope):
    # A 2-slot limit for every consumer kind: the job asks 4 slots, so the cluster-wide check fails on the
    # limit (not as a shortfall) and no plan is tried. The scope instance names the consumer.
    lim = limit("L", {"slots": 2}, **clause)
    r = run(cluster(host("a"), limits=(lim,)), job(1, tasks=4, user="alice", project="p1"))
    assert r.recorder.lines("1", from_requirements=False)[2] == f"limits: L[{scope}] slots 0/2"
    assert r.recorder.lines("1") == ["enter top single tasks 4-4 rusage -",
                                     f"check limit L[{scope}] slots 2/0/0/4 FAIL", "plans skipped",
                                     "done top not satisfied", "decision pend"]
    assert r.outcome("1") == Pend(JobId(1), (R(C.CLUSTER_LIMIT, "", f"L[{scope}] slots"),))


@pytest.mark.parametrize("clause", [{"users": ["bob"]}, {"per_user": ["bob"]}, {"queues": ["night"]},
                                    {"per_project": ["p2"]}])
def test_a_job_that_does_not_match_a_consumer_is_not_subject(clause):
    lim = limit("L", {"slots": 2}, **clause)
    r = run(cluster(host("a"), limits=(lim,)), job(1, tasks=4, user="alice", project="p1"))
    assert r.recorder.lines("1", from_requirements=False)[2] == "limits: none"
    assert isinstance(r.outcome("1"), Dispatch)


def test_a_limit_naming_two_consumer_kinds_applies_to_jobs_matching_both():
    # per_user + queues[night]: alice in night is subject (scope user=alice,queues=night); alice in normal is not.
    lim = limit("L", {"jobs": 1}, per_user="all", queues=["night"])
    cl = cluster(host("a"), limits=(lim,), queues=(("normal", 0), ("night", 0)))
    r = run(cl, job(1, user="alice", queue="night"), job(2, user="alice", queue="night", submit_time=1),
            job(3, user="alice", submit_time=2))
    assert isinstance(r.outcome("1"), Dispatch)
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("L", "user=alice,queues=night", "jobs", 1),)
    assert r.outcome("2") == Pend(JobId(2), (R(C.CLUSTER_LIMIT, "", "L[user=alice,queues=night] jobs"),))
    assert isinstance(r.outcome("3"), Dispatch)


def test_cluster_limit_headroom_discards_plans_that_cannot_pass():
    # Tasks 2..6 with a 4-slot user limit: the check uses the minimum (2 <= 4 passes); plans for 6 tasks exceed
    # the 4-task headroom and are discarded. The fill plan comes next: a has 8 free slots but the headroom caps
    # the count at 4, the largest count from 2 to 6 the limit allows, so it is [4] on a, tried and committed.
    lim = limit("user_slots", {"slots": 4}, per_user="all")
    r = run(cluster(host("a", slots=8), limits=(lim,)), job(1, tasks=(2, 6), user="u"))
    lines = r.recorder.lines("1")
    assert lines[1:7] == [
        "check limit user_slots[user=u] slots 4/0/0/2 ok",
        "plan 1 [6] discarded: 6 tasks exceed the headroom of 4 tasks left by user_slots[user=u] slots",
        "plan 2 [3,3] discarded: needs 2 hosts but only 1 is open",
        "plan 3 [2,2,1,1] discarded: needs 4 hosts but only 1 is open",
        "plan 4 [1,1,1,1,1,1] discarded: needs 6 hosts but only 1 is open",
        "plan 5 [4] tried"]
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("user_slots", "user=u", "slots", 4),)


def test_shared_resource_shortfall_skips_every_plan():
    # 2 licenses, 1 held by a running job: asking 2 fails (1 + 0 + 2 > 2), shown with total/used/reserved/asked.
    r = run(cluster(host("a"), shared={"lic": 2}), job(1, "rusage[lic=2]"), job(2, "rusage[lic=1]", submit_time=1),
            before=lambda s: s.usage.commit(JobId(99), Allocation((), (("lic", 1),))))
    assert r.recorder.lines("1") == ["enter top single tasks 1-1 rusage lic=2", "check shared lic 2/1/0/2 FAIL",
                                     "plans skipped", "done top not satisfied", "decision pend"]
    assert r.outcome("1") == Pend(JobId(1), (R(C.SHARED_SHORTFALL, "", "lic"),))
    # Job 2 asks 1: 1 + 0 + 1 <= 2, it runs and holds the license once per job, not per task.
    assert r.outcome("2").allocation.shared == (("lic", 1),)


def test_shared_reservation_of_an_earlier_member_is_shown_as_reserved():
    r = run(cluster(host("a"), shared={"lic": 3}), job(1, "1*{rusage[lic=2]} + 1*{rusage[lic=2]}"))
    assert "check shared lic 3/0/2/2 FAIL" in r.recorder.lines("1")
    assert r.outcome("1") == Pend(JobId(1), (R(C.SHARED_SHORTFALL, "", "lic"),))


def test_a_cluster_limit_counts_what_an_earlier_member_reserved():
    # user_slots allows 2 slots. The compound's first member takes 1 slot on a, reserving 1 on the counter; the
    # second member asks 2 more: 0 used + 1 reserved + 2 requested = 3 > 2, so its cluster-wide check fails,
    # no plan is tried and the job pends on the limit. Were the reservation taken away instead of added
    # (0 - 1 + 2 = 1), the check would pass.
    # Kills: cluster_check.py:_limit_items subtracting the reserved amount in `used + reserved + requested`.
    lim = limit("user_slots", {"slots": 2}, per_user="all")
    r = run(cluster(host("a"), host("b"), limits=(lim,)), job(1, "1*{rusage[mem=1]} + 2*{rusage[mem=1]}", user="u"))
    assert "check limit user_slots[user=u] slots 2/0/1/2 FAIL" in r.recorder.lines("1")
    assert r.outcome("1") == Pend(JobId(1), (R(C.CLUSTER_LIMIT, "", "user_slots[user=u] slots"),))


def test_the_headroom_leaves_out_what_the_limit_already_counts():
    # user_slots allows 4 slots and a running job of u's counts 2, so 2 tasks are left. Tasks 1..4: the check
    # passes for the minimum (2 + 0 + 1 <= 4); [4] exceeds the headroom of 2 and is discarded; the fill plan takes
    # the count down to the headroom: [2] on a, committed. Were the usage added to the value (a headroom of 6),
    # [4] would be tried.
    # Kills: cluster_check.py:_limit_items adding the limit's usage in `value - used - reserved`.
    lim = limit("user_slots", {"slots": 4}, per_user="all")
    held = Allocation((HostAllocation("b", (("slots", 2),)),), (), (LimitCharge("user_slots", "user=u", "slots", 2),))
    r = run(cluster(host("a", slots=8), host("b"), limits=(lim,)), job(1, tasks=(1, 4), user="u"),
            before=lambda s: s.usage.commit(JobId(99), held))
    lines = r.recorder.lines("1")
    assert lines[1:3] == ["check limit user_slots[user=u] slots 4/2/0/1 ok",
                          "plan 1 [4] discarded: 4 tasks exceed the headroom of 2 tasks left by user_slots[user=u] slots"]
    assert r.outcome("1").allocation.hosts == (HostAllocation("a", (("slots", 2),)),)


def test_a_cluster_limit_on_a_shared_resource_leaves_the_task_count_unbounded():
    # lic_cap allows u 2 of the 4 `lic` licenses. A job asking 1 license per job (shared amounts are held once per
    # job) for 3 tasks passes the check (0 + 0 + 1 <= 2); the licenses do not grow with the tasks, so the limit
    # leaves no task headroom and [3] is tried on a, not discarded.
    # Kills: cluster_check.py:_limit_items reading a headroom from a limit the tasks ask nothing of per task
    # (`per_task > 0` -> `>= 0`: a division by zero).
    lim = limit("lic_cap", {"lic": 2}, per_user="all")
    r = run(cluster(host("a"), shared={"lic": 4}, limits=(lim,)), job(1, "rusage[lic=1]", tasks=3, user="u"))
    assert r.recorder.lines("1")[1:4] == ["check shared lic 4/0/0/1 ok", "check limit lic_cap[user=u] lic 2/0/0/1 ok",
                                          "plan 1 [3] tried"]
    assert r.outcome("1").allocation == Allocation((HostAllocation("a", (("slots", 3),)),), (("lic", 1),),
                                                   (LimitCharge("lic_cap", "user=u", "lic", 1),))


def test_a_shared_resource_asked_after_a_host_resource_is_checked():
    # rusage[mem=10:lic=2]: mem is a host resource (not checked cluster-wide), lic is shared with 1 of 2 in use:
    # 1 + 0 + 2 > 2, so the check fails on lic and no plan is tried.
    # Kills: cluster_check.py:_shared_items `continue` -> `break` at a resource that is not shared (the shared
    # resources after it would go unchecked).
    r = run(cluster(host("a"), shared={"lic": 2}), job(1, "rusage[mem=10:lic=2]"),
            before=lambda s: s.usage.commit(JobId(99), Allocation((), (("lic", 1),))))
    assert r.recorder.lines("1")[:3] == ["enter top single tasks 1-1 rusage mem=10,lic=2",
                                         "check shared lic 2/1/0/2 FAIL", "plans skipped"]
    assert r.outcome("1") == Pend(JobId(1), (R(C.SHARED_SHORTFALL, "", "lic"),))


def test_a_cluster_jobs_limit_leaves_the_task_count_unbounded():
    # user_jobs allows u 2 jobs, none running: a 4-task job counts 1 job (0 + 0 + 1 <= 2), whatever its task
    # count, so the limit gives no task headroom and [4] is tried on a, not discarded as above 2 tasks.
    # Kills: cluster_check.py:_limit_items reading a task headroom from a jobs limit (`and` -> `or`).
    lim = limit("user_jobs", {"jobs": 2}, per_user="all")
    r = run(cluster(host("a"), limits=(lim,)), job(1, tasks=4, user="u"))
    assert r.recorder.lines("1")[1:3] == ["check limit user_jobs[user=u] jobs 2/0/0/1 ok", "plan 1 [4] tried"]
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("user_jobs", "user=u", "jobs", 1),)


def test_a_cluster_limit_on_memory_leaves_a_headroom_of_whole_tasks():
    # user_mem allows u 1000 MB; 1..4 tasks of 300 MB each. The check passes for the minimum (300 <= 1000); the
    # headroom is floor(1000 / 300) = 3 tasks, so [4] is discarded, and the fill plan stops at 3: [3] on a,
    # charged 900 MB.
    # Kills: cluster_check.py:_limit_items multiplying the room by the per-task amount instead of dividing.
    lim = limit("user_mem", {"mem": 1000}, per_user="all")
    r = run(cluster(host("a"), limits=(lim,)), job(1, "rusage[mem=300]", tasks=(1, 4), user="u"))
    assert r.recorder.lines("1")[2] == "plan 1 [4] discarded: 4 tasks exceed the headroom of 3 tasks left by " \
                                       "user_mem[user=u] mem"
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("user_mem", "user=u", "mem", 900),)


def test_a_jobs_limit_counts_a_compound_job_once_across_its_members():
    """A `jobs` counter counts a job once, however many members its requirement has: with a cluster-wide jobs
    limit of 1, the first member reserves the job's one count (0 used + 0 reserved + 1 <= 1) and the second
    member asks nothing more of the counter, so the job starts with a single charge of 1. Were the second member
    to ask 1 again, 0 + 1 + 1 > 1 would pend the job on its own count.
    Kills: refsim/sched/limits.py:still_to_count a counter already holding the job asking 1 more instead of 0."""
    lim = limit("one_job", {"jobs": 1}, per_user="all")
    r = run(cluster(host("a"), limits=(lim,)), job(1, "1*{rusage[mem=1]} + 1*{rusage[mem=1]}", user="u"))
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("one_job", "user=u", "jobs", 1),)


def test_a_per_host_jobs_limit_counts_a_compound_job_once_on_its_host():
    """The host-scoped twin: a per-host jobs limit of 1 on the only host; both members land on a, the first
    reserves the job's count on a's counter and the second is not a second job there, so the job starts and a's
    counter is charged 1, not 2 (which would also exceed the limit's value of 1).
    Kills: refsim/sched/limits.py:still_to_count (through the host scan) a host counter already holding the job
    asking 1 more instead of 0."""
    lim = limit("one_per_host", {"jobs": 1}, per_host="all")
    r = run(cluster(host("a"), limits=(lim,)), job(1, "1*{rusage[mem=1]} + 1*{rusage[mem=1]}"))
    charges = [c for h in r.outcome("1").allocation.hosts for c in h.limit_charges]
    assert charges == [LimitCharge("one_per_host", "host=a", "jobs", 1)]


def test_a_limit_on_a_host_resource_counts_its_rusage_per_task():
    """A cluster-wide mem limit of 4000 per user: job 1 (3 tasks of rusage[mem=1000]) counts 3 x 1000 = 3000 and
    starts; job 2 (2 tasks of 1000) would bring it to 3000 + 2000 = 5000 > 4000 and pends on the limit.
    Kills: refsim/sched/limits.py:limit_demand counting a host resource other than per task (1000 + 3), or
    nothing."""
    lim = limit("user_mem", {"mem": 4000}, per_user="all")
    r = run(cluster(host("a"), host("b"), limits=(lim,)), job(1, "rusage[mem=1000]", tasks=3, user="u"),
            job(2, "rusage[mem=1000]", tasks=2, user="u", submit_time=1))
    assert r.outcome("1").allocation.limit_charges == (LimitCharge("user_mem", "user=u", "mem", 3000),)
    assert r.outcome("2") == Pend(JobId(2), (R(C.CLUSTER_LIMIT, "", "user_mem[user=u] mem"),))


def test_a_cluster_limit_counts_a_shared_resource_once_and_a_host_limit_not_at_all():
    """A shared license is held once per job, so a cluster-wide lic limit counts job 1's rusage[lic=2] as 2 for
    its 3 tasks (not 6), and a per-host lic limit of 1 counts nothing on any host: the license is no host's.
    Job 1 starts with the single cluster charge of 2 and no host charge.
    Kills: refsim/sched/limits.py:limit_demand counting a shared resource per task, on a host, or not on the
    cluster."""
    limits = (limit("user_lic", {"lic": 2}, per_user="all"), limit("host_lic", {"lic": 1}, per_host="all"))
    r = run(cluster(host("a"), limits=limits, shared={"lic": 4}), job(1, "rusage[lic=2]", tasks=3, user="u"))
    allocation = r.outcome("1").allocation
    assert allocation.limit_charges == (LimitCharge("user_lic", "user=u", "lic", 2),)
    assert [c for h in allocation.hosts for c in h.limit_charges] == []
    assert allocation.shared == (("lic", 2),)


def test_a_limit_on_a_resource_the_job_does_not_ask_for_counts_nothing():
    """A user limit of 0 on mem says nothing about a job without rusage[mem]: job 1 asks none, so it counts 0
    against the counter (0 + 0 + 0 needs no check), starts, and is charged nothing on it.
    Kills: refsim/sched/limits.py:limit_demand counting 1 of a resource the requirement does not request (which
    would exceed the value 0 and pend the job)."""
    lim = limit("no_mem", {"mem": 0}, per_user="all")
    r = run(cluster(host("a"), limits=(lim,)), job(1, user="u"))
    assert isinstance(r.outcome("1"), Dispatch)
    assert r.outcome("1").allocation.limit_charges == ()
