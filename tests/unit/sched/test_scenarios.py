"""Hand-verified allocation scenarios. Each test says why its expected events and decision are right; the
events are described one per line by tests/support/scenario.describe (host lines: total/used/reserved/requested).
Default host: 4 slots, 8192 MB of mem."""

from refsim.model.jobid import JobId
from refsim.sched.decisions import (Allocation, Dispatch, HostAllocation, LimitCharge, NoDecision, NoDecisionKind,
                                    Pend, PendCode, PendReason)
from tests.support.scenario import cluster, host, job, run

R = PendReason
C = PendCode


def charge(host_name: str, jid: int = 99, **amounts):
    """Charge a running job's usage on one host before the session."""
    def before(state):
        state.usage.commit(JobId(jid), Allocation((HostAllocation(host_name, tuple(amounts.items())),)))
    return before


def test_selection_mismatch_then_accepted():
    # a is ARM, so select[type==X86] fails in the pre-filter and the per-host check is never made; b is X86 and
    # has room for one task, so it takes the only position of the only plan ([1]: one task on one host).
    r = run(cluster(host("a", type="ARM"), host("b", type="X86")), job(1, "select[type==X86]"))
    assert r.recorder.lines("1") == [
        "enter top single tasks 1-1 rusage -",
        "plan 1 [1] tried",
        "position 1 (1)",
        "host a: selection mismatch (pre-filter) type==X86 | not performed: host check",
        "host b: accepted",
        "position 1 filled by b",
        "plan 1 committed",
        "done top satisfied",
        "allocation built",
        "decision dispatch",
    ]
    assert r.outcome("1") == Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 1),)),)))


def test_closed_host_is_a_selection_mismatch_and_nothing_else_is_checked():
    # A closed host fails on its status alone: select, capacity, limit values and the per-host check are all
    # not performed. The job then fits on b.
    r = run(cluster(host("a", closed=True), host("b")), job(1))
    assert r.recorder.lines("1")[3] == ("host a: selection mismatch (pre-filter) host closed | not performed: "
                                        "select, capacity, limit values, host check")
    assert isinstance(r.outcome("1"), Dispatch)


def test_shortfall_in_the_pre_filter_and_in_the_host_check():
    # a has 2048 MB in all, below the 4096 asked: a static (pre-filter) shortfall. b has 8192 but a running job
    # uses 6144, leaving 2048: it passes the pre-filter and falls short in the per-host check. The numbers are
    # total/used/reserved/requested. One task, so the only plan is [1] and the job pends on mem at both hosts.
    r = run(cluster(host("a", mem=2048), host("b")), job(1, "rusage[mem=4096]"),
            before=charge("b", slots=1, mem=6144))
    assert r.recorder.lines("1")[3:5] == [
        "host a: resource shortfall (pre-filter) mem 2048/0/0/4096 | not performed: host check",
        "host b: resource shortfall (host check) mem 8192/6144/0/4096",
    ]
    assert r.outcome("1") == Pend(JobId(1), (R(C.RESOURCE_SHORTFALL, "a", "mem"), R(C.RESOURCE_SHORTFALL, "b", "mem")))


def test_every_reason_of_the_failing_stage_is_reported():
    # a fails select and both capacities in the pre-filter: all three reasons are reported, in check order.
    r = run(cluster(host("a", slots=1, mem=1024, type="ARM"), host("b", type="X86")),
            job(1, "select[type==X86] rusage[mem=2048]", tasks=2))
    assert r.recorder.lines("1")[3] == (
        "host a: selection mismatch (pre-filter) type==X86; resource shortfall (pre-filter) slots 1/0/0/2; "
        "resource shortfall (pre-filter) mem 1024/0/0/4096 | not performed: host check")


def test_reservation_of_an_earlier_compound_member_counts_as_reserved():
    # Member 1 takes 6144 MB of a. Member 2 asks 4096: a passes the pre-filter (8192 in all) but in the host
    # check 8192 - 0 used - 6144 reserved = 2048 < 4096, so it is short with 6144 shown as reserved; b takes it.
    r = run(cluster(host("a"), host("b", mem=4096)), job(1, "1*{rusage[mem=6144]} + 1*{rusage[mem=4096]}"))
    lines = r.recorder.lines("1")
    assert "host a: resource shortfall (host check) mem 8192/0/6144/4096" in lines
    assert r.outcome("1").allocation.hosts == (HostAllocation("a", (("slots", 1), ("mem", 6144))),
                                               HostAllocation("b", (("slots", 1), ("mem", 4096))))


def test_span_hosts_1_keeps_all_tasks_on_one_host():
    # span[hosts=1] gives one plan, [6]. a has 4 slots (a static shortfall); b has 8.
    r = run(cluster(host("a"), host("b", slots=8)), job(1, "span[hosts=1]", tasks=6))
    assert r.recorder.lines("1")[1:5] == [
        "plan 1 [6] tried", "position 1 (6)",
        "host a: resource shortfall (pre-filter) slots 4/0/0/6 | not performed: host check", "host b: accepted"]
    assert r.outcome("1").allocation.hosts == (HostAllocation("b", (("slots", 6),)),)


def test_span_ptile_puts_n_tasks_per_host_and_the_rest_last():
    # ptile=2 with 5 tasks: positions [2,2,1]. Each position's scan resumes where the previous one stopped, at
    # the host that filled it, which is skipped as already claimed.
    r = run(cluster(host("a"), host("b"), host("c")), job(1, "span[ptile=2]", tasks=5))
    assert r.recorder.lines("1")[1:12] == [
        "plan 1 [2,2,1] tried",
        "position 1 (2)", "host a: accepted", "position 1 filled by a",
        "position 2 (2)", "host a: already claimed", "host b: accepted", "position 2 filled by b",
        "position 3 (1)", "host b: already claimed", "host c: accepted",
    ]
    assert [h.resources for h in r.outcome("1").allocation.hosts] == [(("slots", 2),), (("slots", 2),),
                                                                      (("slots", 1),)]


def test_a_positions_scan_wraps_around_to_the_hosts_before_its_start():
    # ptile=4 with 6 tasks: [4,2]. a (2 slots) is too small for 4, so b fills position 1. Position 2 resumes at b
    # (already claimed), c is full (a running job holds its 2 slots), then the scan wraps to a, which takes 2.
    r = run(cluster(host("a", slots=2), host("b"), host("c", slots=2)), job(1, "span[ptile=4]", tasks=6),
            before=charge("c", slots=2))
    assert r.recorder.lines("1")[6:11] == [
        "position 2 (2)", "host b: already claimed", "host c: resource shortfall (host check) slots 2/2/0/2",
        "host a: accepted", "position 2 filled by a"]
    assert [h.host for h in r.outcome("1").allocation.hosts] == ["b", "a"]


def test_plan_discarded_untried_when_no_host_is_big_enough():
    # 6 tasks: plan 1 is [6] on one host, but no host has more than 4 slots, so it is discarded untried; plan 2
    # is [3,3] and fits on a and b.
    r = run(cluster(host("a"), host("b")), job(1, tasks=6))
    assert r.recorder.lines("1")[1:3] == [
        "plan 1 [6] discarded: a position needs 6 slots but no open host has more than 4",
        "plan 2 [3,3] tried"]
    assert isinstance(r.outcome("1"), Dispatch)


def test_all_generated_plans_discarded():
    # span[hosts=1] with 3 tasks gives the single plan [3]; both hosts have 2 slots (4 in all, so it is not
    # declined), so the plan is discarded and nothing is tried.
    r = run(cluster(host("a", slots=2), host("b", slots=2)), job(1, "span[hosts=1]", tasks=3))
    assert r.recorder.lines("1") == [
        "enter top single tasks 3-3 rusage -",
        "plan 1 [3] discarded: a position needs 3 slots but no open host has more than 2",
        "all plans discarded", "done top not satisfied", "decision pend"]
    assert r.outcome("1") == Pend(JobId(1), (R(C.NO_PLAN, "", "all generated plans were discarded"),))


def test_requirement_declined_before_any_plan():
    # 10 tasks but only 8 slots in the whole cluster: the planner declines before generating a plan.
    r = run(cluster(host("a"), host("b")), job(1, tasks=10))
    reason = "needs 10 tasks but the open hosts have 8 slots in all"
    assert r.recorder.lines("1") == ["enter top single tasks 10-10 rusage -", f"no plan generated: {reason}",
                                     "done top not satisfied", "decision pend"]
    assert r.outcome("1") == Pend(JobId(1), (R(C.NO_PLAN, "", reason),))


def test_plan_fails_at_its_second_position_then_a_later_plan_is_committed():
    # 4 tasks on a (2 slots), b (4 slots, 3 used), c and d (1 slot each).
    # Plan 1 [4]: only b is big enough, but has 1 free slot -> fails at position 1, nothing claimed.
    # Plan 2 [2,2]: a takes position 1; position 2 finds no host with 2 free slots -> fails at position 2,
    # and a's claim is released. Plan 3 [1,1,1,1]: one task on each of a, b, c, d -> committed.
    r = run(cluster(host("a", slots=2), host("b"), host("c", slots=1), host("d", slots=1)), job(1, tasks=4),
            before=charge("b", slots=3))
    lines = r.recorder.lines("1")
    plan2 = lines[lines.index("plan 2 [2,2] tried"):lines.index("plan 3 [1,1,1,1] tried")]
    assert plan2 == [
        "plan 2 [2,2] tried",
        "position 1 (2)", "host a: accepted", "position 1 filled by a",
        "position 2 (2)", "host a: already claimed",
        "host b: resource shortfall (host check) slots 4/3/0/2",
        "host c: resource shortfall (pre-filter) slots 1/0/0/2 | not performed: host check",
        "host d: resource shortfall (pre-filter) slots 1/0/0/2 | not performed: host check",
        "position 2 unfilled", "released a", "plan 2 failed at position 2",
    ]
    assert lines[-4:] == ["plan 3 committed", "done top satisfied", "allocation built", "decision dispatch"]
    assert [h.host for h in r.outcome("1").allocation.hosts] == ["a", "b", "c", "d"]


def test_compound_whose_second_member_fails_releases_the_first_members_claims():
    # Member 1 (2 tasks) is placed on a. No host matches select[fast], so member 2 fails on both of its plans,
    # [2] and [1,1]; the compound fails at member 2 and a's claim from member 1 is released.
    r = run(cluster(host("a"), host("b")), job(1, "2*{rusage[mem=1024]} + 2*{select[fast]}"))
    mismatch = "selection mismatch (pre-filter) fast | not performed: host check"
    assert r.recorder.lines("1") == [
        "enter top compound",
        "enter m1/2 single tasks 2-2 rusage mem=1024",
        "plan 1 [2] tried", "position 1 (2)", "host a: accepted", "position 1 filled by a", "plan 1 committed",
        "done m1/2 satisfied",
        "enter m2/2 single tasks 2-2 rusage -",
        "plan 1 [2] tried", "position 1 (2)", f"host a: {mismatch}", f"host b: {mismatch}",
        "position 1 unfilled", "plan 1 failed at position 1",
        "plan 2 [1,1] tried", "position 1 (1)", f"host a: {mismatch}", f"host b: {mismatch}",
        "position 1 unfilled", "plan 2 failed at position 1",
        "no plan placed", "done m2/2 not satisfied",
        "released a",
        "done top not satisfied", "decision pend",
    ]
    assert r.outcome("1") == Pend(JobId(1), (R(C.SELECT_MISMATCH, "a", "fast"), R(C.SELECT_MISMATCH, "b", "fast")))
    assert r.state.usage.host_used("a", "slots") == 0


def test_compound_member_not_tried_after_the_point_of_failure():
    # Member 1 cannot be placed (no GPU host), so member 2 is never tried.
    r = run(cluster(host("a")), job(1, "1*{select[gpu]} + 1*{rusage[mem=1]}"))
    lines = r.recorder.lines("1")
    assert lines[-4:] == ["done m1/2 not satisfied", "not tried m2/2", "done top not satisfied", "decision pend"]


def test_second_alternative_wins():
    # a is X86: the first alternative (GPU) fails on select, the second is satisfied and chosen.
    r = run(cluster(host("a", type="X86")), job(1, "{select[type==GPU]} || {select[type==X86]}"))
    assert r.recorder.lines("1") == [
        "enter top alternatives",
        "enter a1/2 single tasks 1-1 rusage -",
        "plan 1 [1] tried", "position 1 (1)",
        "host a: selection mismatch (pre-filter) type==GPU | not performed: host check",
        "position 1 unfilled", "plan 1 failed at position 1", "no plan placed", "done a1/2 not satisfied",
        "enter a2/2 single tasks 1-1 rusage -",
        "plan 1 [1] tried", "position 1 (1)", "host a: accepted", "position 1 filled by a", "plan 1 committed",
        "done a2/2 satisfied",
        "done top satisfied", "allocation built", "decision dispatch",
    ]


def test_empty_alternative_is_skipped_and_later_ones_are_not_tried_after_a_win():
    # {} is skipped in its place; the second is satisfied, so the third is not tried.
    r = run(cluster(host("a", type="X86")), job(1, "{} || {select[type==X86]} || {select[type==ARM]}"))
    lines = r.recorder.lines("1")
    assert lines[:3] == ["enter top alternatives", "skip a1/3", "enter a2/3 single tasks 1-1 rusage -"]
    assert lines[-5:] == ["done a2/3 satisfied", "not tried a3/3", "done top satisfied", "allocation built",
                          "decision dispatch"]


def test_all_alternatives_fail_and_the_pend_reasons_are_the_union():
    # Alternative 1 fails on select at a, alternative 2 on mem at a: both reasons are in the pend set.
    r = run(cluster(host("a", type="X86")), job(1, "{select[type==GPU]} || {rusage[mem=99999]}"))
    assert r.outcome("1") == Pend(JobId(1), (R(C.SELECT_MISMATCH, "a", "type==GPU"),
                                             R(C.RESOURCE_SHORTFALL, "a", "mem")))
    assert r.recorder.lines("1")[-3:] == ["done a2/2 not satisfied", "done top not satisfied", "decision pend"]


def test_all_empty_alternatives_pend_without_any_reason():
    # Nothing is tried, so no reason is found: the job ends with no decision of kind "pended without reason".
    r = run(cluster(host("a")), job(1, "{} || {}"))
    assert r.recorder.lines("1") == ["enter top alternatives", "skip a1/2", "skip a2/2", "done top not satisfied",
                                     "no decision: NO_REASON"]
    assert r.outcome("1") == NoDecision(JobId(1), NoDecisionKind.NO_REASON)


def test_unparsable_requirement_leaves_no_scheduling_object():
    r = run(cluster(host("a")), job(1, "select[type=="))
    assert r.recorder.lines("1", from_requirements=False)[2:] == ["limits unavailable",
                                                                  "no decision: NO_SCHED_OBJECT"]
    assert r.outcome("1").kind is NoDecisionKind.NO_SCHED_OBJECT


def test_selection_shows_fcfs_keys_and_positions():
    # Queue priority first: job 2 in the high-priority queue is selected before job 1, then job 3 (priority 5)
    # before job 1 (priority 0) within the normal queue.
    cl = cluster(host("a", slots=16), queues=(("normal", 10), ("high", 50)))
    r = run(cl, job(1, submit_time=5), job(2, queue="high", submit_time=9), job(3, priority=5, submit_time=7))
    assert [(x.position, str(x.job)) for x in r.results] == [(1, "2"), (2, "3"), (3, "1")]
    assert r.recorder.lines("3", from_requirements=False)[:2] == [
        "selected round 1 position 2 job 3",
        "keys fcfs: queue=normal, queue priority=10, job priority=5, queue time=7"]


def test_dispatch_is_committed_before_the_next_job():
    # Job 1 takes 3 of a's 4 slots; job 2 (2 tasks, span[hosts=1]) then finds 1 free slot and pends.
    r = run(cluster(host("a")), job(1, tasks=3), job(2, "span[hosts=1]", tasks=2))
    assert r.recorder.lines("2")[3] == "host a: resource shortfall (host check) slots 4/3/0/2"
    assert r.outcome("2") == Pend(JobId(2), (R(C.RESOURCE_SHORTFALL, "a", "slots"),))
    assert r.state.usage.snapshot()["hosts"] == {"a": {"slots": 3}}


def test_limit_charges_are_kept_apart_from_resources():
    from tests.support.scenario import limit
    lim = limit("host_slots", {"slots": 8}, per_host="all")
    usr = limit("user_slots", {"slots": 8}, per_user="all")
    r = run(cluster(host("a"), limits=(lim, usr)), job(1, tasks=2, user="alice"))
    assert r.outcome("1").allocation == Allocation(
        (HostAllocation("a", (("slots", 2),), (LimitCharge("host_slots", "host=a", "slots", 2),)),),
        (), (LimitCharge("user_slots", "user=alice", "slots", 2),))
