"""Hand-verified scenarios of the fill plan (docs/planning.md, "The fill plan"): without a span, after the
maximum's plans, a plan built from what each host can take now, walking hosts in scan order. Each test says why
its expected events are right; lines come from tests/support/scenario.describe (host numbers are
total/used/reserved/requested). Default host: 4 slots, 8192 MB of mem."""

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, LimitCharge
from tests.support.scenario import cluster, host, job, limit, run
from tests.unit.sched.test_scenarios import charge


def slots_on(outcome) -> list[tuple[str, int]]:
    return [(h.host, dict(h.resources)["slots"]) for h in outcome.allocation.hosts]


def test_ten_tasks_take_the_two_and_eight_free_slots_of_two_hosts():
    # Two 8-slot hosts, a with 6 slots used (2 free), b empty (8 free): 10 free slots for 10 tasks. [10] is
    # discarded (no host has 10 slots); [5,5] fails because only b has 5 free; [3,3,2,2] and ten 1-task positions
    # need more hosts than the 2 open ones. The fill plan walks a (takes min(2, 10) = 2) then b (min(8, 8) = 8):
    # [2,8], each position starting its scan at the host it came from, and both are accepted.
    r = run(cluster(host("a", slots=8), host("b", slots=8)), job(1, tasks=10), before=charge("a", slots=6))
    assert r.recorder.lines("1") == [
        "enter top single tasks 10-10 rusage -",
        "plan 1 [10] discarded: a position needs 10 slots but no open host has more than 8",
        "plan 2 [5,5] tried",
        "position 1 (5)",
        "host a: resource shortfall (host check) slots 8/6/0/5",
        "host b: accepted",
        "position 1 filled by b",
        "position 2 (5)",
        "host b: already claimed",
        "host a: resource shortfall (host check) slots 8/6/0/5",
        "position 2 unfilled",
        "released b",
        "plan 2 failed at position 2",
        "plan 3 [3,3,2,2] discarded: needs 4 hosts but only 2 are open",
        "plan 4 [2,2,1,1,1,1,1,1] discarded: needs 8 hosts but only 2 are open",
        "plan 5 [1,1,1,1,1,1,1,1,1,1] discarded: needs 10 hosts but only 2 are open",
        "plan 6 [2,8] tried",
        "position 1 (2)",
        "host a: accepted",
        "position 1 filled by a",
        "position 2 (8)",
        "host b: accepted",
        "position 2 filled by b",
        "plan 6 committed",
        "done top satisfied",
        "allocation built",
        "decision dispatch",
    ]
    assert r.outcome("1") == Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),
                                                            HostAllocation("b", (("slots", 8),)))))


def test_a_min_max_job_gets_as_many_tasks_as_the_free_slots_allow():
    # tasks 2,8 on one 8-slot host with 3 slots used: 5 free. [8] fails in the host check (8 - 3 < 8); the other
    # 8-task plans need more hosts than the one open. The fill places min(5, 8) = 5 tasks, between 2 and 8, so
    # the job runs 5 tasks, not the minimum 2 (whose plan [2] is never generated: the fill plan committed).
    r = run(cluster(host("a", slots=8)), job(1, tasks=(2, 8)), before=charge("a", slots=3))
    assert r.recorder.lines("1") == [
        "enter top single tasks 2-8 rusage -",
        "plan 1 [8] tried",
        "position 1 (8)",
        "host a: resource shortfall (host check) slots 8/3/0/8",
        "position 1 unfilled",
        "plan 1 failed at position 1",
        "plan 2 [4,4] discarded: needs 2 hosts but only 1 is open",
        "plan 3 [2,2,2,2] discarded: needs 4 hosts but only 1 is open",
        "plan 4 [1,1,1,1,1,1,1,1] discarded: needs 8 hosts but only 1 is open",
        "plan 5 [5] tried",
        "position 1 (5)",
        "host a: accepted",
        "position 1 filled by a",
        "plan 5 committed",
        "done top satisfied",
        "allocation built",
        "decision dispatch",
    ]
    assert slots_on(r.outcome("1")) == [("a", 5)]


def test_the_fill_count_stops_at_the_maximum_and_scans_start_at_the_origin_hosts():
    # tasks 4,12 on three 8-slot hosts: a full (8 used), b with 5 free, c with 8 free: 13 free, more than the
    # maximum 12. The fill skips a (no share), takes 5 on b and the remaining 7 on c: [5,7]. Position 1 starts
    # its scan at b, so a is not judged again, and position 2 starts at c.
    r = run(cluster(host("a", slots=8), host("b", slots=8), host("c", slots=8)), job(1, tasks=(4, 12)),
            before=lambda s: (charge("a", slots=8)(s), charge("b", 98, slots=3)(s)))
    assert r.recorder.lines("1")[18:25] == [
        "plan 6 [5,7] tried", "position 1 (5)", "host b: accepted", "position 1 filled by b",
        "position 2 (7)", "host c: accepted", "position 2 filled by c"]
    assert slots_on(r.outcome("1")) == [("b", 5), ("c", 7)]


def test_a_hosts_share_is_bounded_by_its_free_rusage_amount():
    # 6 tasks with rusage[mem=2048] per task. a has 4 slots but only 4096 MB: 4096 / 2048 = 2 tasks; b has 4
    # slots and 8192 MB: 4 tasks. [3,3] fails (a is short of 6144 MB in the pre-filter), so the fill gives
    # [2,4] and a holds 2 x 2048 MB.
    r = run(cluster(host("a", mem=4096), host("b")), job(1, "rusage[mem=2048]", tasks=6))
    lines = r.recorder.lines("1")
    assert lines[lines.index("plan 5 [2,4] tried") + 1:][:2] == ["position 1 (2)", "host a: accepted"]
    assert r.outcome("1").allocation.hosts == (HostAllocation("a", (("slots", 2), ("mem", 4096))),
                                               HostAllocation("b", (("slots", 4), ("mem", 8192))))


def test_a_hosts_share_is_bounded_by_a_host_scoped_limit():
    # A host-scoped limit allows 2 slots on a (8 slots, empty); b has 5 of 8 slots free. 7 tasks: [7] and [4,3]
    # fail (a's limit value 2 is below 7, 4 and 3; b has room for 4 but not then for a second position), the
    # 4- and 7-host plans are discarded. a's share is min(8 free slots, 2 left under the limit) = 2, b's is 5:
    # [2,5], and the limit is charged 2 on a.
    lim = limit("per_a", {"slots": 2}, per_host=["a"])
    r = run(cluster(host("a", slots=8), host("b", slots=8), limits=(lim,)), job(1, tasks=7),
            before=charge("b", slots=3))
    assert "plan 5 [2,5] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("a", 2), ("b", 5)]
    assert r.outcome("1").allocation.hosts[0].limit_charges == (LimitCharge("per_a", "host=a", "slots", 2),)


def test_no_fill_plan_with_a_span():
    # span[hosts=1] asks for all tasks on one host, so a host's share is all or nothing and no fill plan is
    # generated: a 6-task job on two 4-slot hosts (2 + 4 free) has only [6], discarded, and pends.
    r = run(cluster(host("a"), host("b")), job(1, "span[hosts=1]", tasks=6), before=charge("a", slots=2))
    assert [line for line in r.recorder.lines("1") if line.startswith("plan")] == [
        "plan 1 [6] discarded: a position needs 6 slots but no open host has more than 4"]


def test_a_jobs_limit_with_room_leaves_the_share_to_the_slots_limit_after_it():
    # As above, but per_a counts jobs (1) and slots (2) on a: the job itself fits under the jobs count (0 used +
    # 1 <= 1), which does not bound a share, and the slots count still does: a's share is min(8, 2) = 2, b's 5,
    # so [2,5] again. Were the slots count passed over after the jobs count, a's share would be 8 and the fill
    # plan [7], the same task counts as plan 1, so not generated again; were a jobs count with room for exactly
    # this job taken as full, a's share would be 0 and b's 5 alone would not place 7 tasks: either way the job
    # would pend.
    # Kills: fill.py:host_share `continue` -> `break` after a jobs limit with room (later limits unread), and
    # `left < lim.requested` -> `<=` (a jobs limit with room for one job taken as full).
    lim = limit("per_a", {"jobs": 1, "slots": 2}, per_host=["a"])
    r = run(cluster(host("a", slots=8), host("b", slots=8), limits=(lim,)), job(1, tasks=7),
            before=charge("b", slots=3))
    assert "plan 5 [2,5] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("a", 2), ("b", 5)]


def test_a_full_jobs_limit_leaves_the_host_no_share():
    # per_a allows 1 job on a, and a running job (1 slot) is counted; b has 2 of 4 slots free; tasks 1..3.
    # [3] and [2,1] fail (a: 1 + 0 + 1 jobs > 1; b has 2 free), [1,1,1] needs 3 hosts. a's share is 0 (its 3
    # free slots do not matter once the jobs count is full) and b's 2: the fill plan [2] runs 2 tasks on b.
    # Kills: fill.py:host_share `return 0` -> `return None` for a full jobs limit (no share to compare: the fill
    # plan cannot be made).
    lim = limit("per_a", {"jobs": 1}, per_host=["a"])
    held = Allocation((HostAllocation("a", (("slots", 1),), (LimitCharge("per_a", "host=a", "jobs", 1),)),))
    r = run(cluster(host("a"), host("b"), limits=(lim,)), job(1, tasks=(1, 3)),
            before=lambda s: (s.usage.commit(JobId(99), held), charge("b", 98, slots=2)(s)))
    assert "plan 4 [2] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("b", 2)]


def test_a_host_limit_with_more_room_than_the_free_slots_leaves_the_share_to_the_slots():
    # per_a allows 6 slots on a, which has 8 slots, 6 of them used by a job the limit does not count (charged
    # without limit charges), so 2 are free; b has 5 of 8 free. 7 tasks: [7] fails (a's limit value 6 is below 7,
    # b has 5 free), [4,3] fails (b takes 4, then a has 2 free for 3), the 4- and 7-host plans are discarded.
    # a's share is min(2 free slots, 6 left under the limit) = 2, b's 5: the fill plan [2,5] places. Were the
    # limit's room taken over the slots, a's share would be 6 and the plan [6,1], which fails on slots, so the
    # job would pend.
    # Kills: fill.py:host_share taking a limit's room as the share instead of the smaller of the two (`share is
    # None` negated).
    lim = limit("per_a", {"slots": 6}, per_host=["a"])
    r = run(cluster(host("a", slots=8), host("b", slots=8), limits=(lim,)), job(1, tasks=7),
            before=lambda s: (charge("a", slots=6)(s), charge("b", 98, slots=3)(s)))
    assert "plan 5 [2,5] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("a", 2), ("b", 5)]


def test_a_closed_host_has_no_share():
    # a is closed, b has 2 of 4 slots free; tasks 1..3. [3] fails on b's slots, [2,1] and [1,1,1] need more
    # hosts than the one open. a has no share and b's is 2, so the fill plan is [2] and the job runs 2 tasks on
    # b. Were a given a share of 1, the fill plan [1,2] would need 2 open hosts, and the job would get 1 task.
    # Kills: fill.py:host_share giving a closed host a share of 1 (or the select test's, `return 0` -> 1).
    r = run(cluster(host("a", closed=True), host("b")), job(1, tasks=(1, 3)), before=charge("b", slots=2))
    assert "plan 4 [2] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("b", 2)]


def test_a_host_the_select_expression_rejects_has_no_share():
    # a is ARM, b is X86 with 2 of 4 slots free; 1..3 tasks of select[type==X86]. [3] fails (a mismatches, b has
    # 2 free), [2,1] fails (b takes 2, a mismatches), [1,1,1] needs 3 hosts. a has no share, b's is 2: the fill
    # plan [2] runs 2 tasks on b. Were a's 4 free slots its share, the fill plan would be [3], already tried, and
    # the job would get 1 task.
    # Kills: fill.py:host_share reading the share of a host the select expression rejects (the select test
    # dropped or its `and`/`or` swapped).
    r = run(cluster(host("a", type="ARM"), host("b", type="X86")), job(1, "select[type==X86]", tasks=(1, 3)),
            before=charge("b", slots=2))
    assert "plan 4 [2] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("b", 2)]


def test_a_host_limits_usage_bounds_the_share():
    # per_a allows 4 slots on a (8 slots); a running job counts 2 of them (charged under the limit) and holds
    # 2 slots, so a has 6 free slots but room for 2 more under the limit; b has 5 of 8 free. 7 tasks: [7] fails
    # (a's limit value 4 is below 7, b has 5 free), [4,3] fails (a: 2 + 4 > 4; b takes 4; a: 2 + 3 > 4), the 4-
    # and 7-host plans are discarded. a's share is min(6, 4 - 2) = 2, b's 5: [2,5] places. Were the usage added
    # to the limit's value, a's share would be 6 and the fill plan [6,1] would fail on the limit.
    # Kills: fill.py:host_share adding the limit's usage to its value instead of taking it away.
    lim = limit("per_a", {"slots": 4}, per_host=["a"])
    held = Allocation((HostAllocation("a", (("slots", 2),), (LimitCharge("per_a", "host=a", "slots", 2),)),))
    r = run(cluster(host("a", slots=8), host("b", slots=8), limits=(lim,)), job(1, tasks=7),
            before=lambda s: (s.usage.commit(JobId(99), held), charge("b", 98, slots=3)(s)))
    assert "plan 5 [2,5] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("a", 2), ("b", 5)]


def test_a_host_without_a_resource_the_tasks_ask_has_no_share():
    # a has no ngpus, b has 2; 1..4 tasks of one ngpus each. [4] fails (a has none, b 2), [2,2] fails (b takes
    # 2, a has none), [1,1,1,1] needs 4 hosts. a's share is 0 and b's min(4 slots, 2 ngpus) = 2: the fill plan
    # [2] runs 2 tasks on b. Were a missing resource read as 1, a's share would be 1 and the fill plan [1,2]
    # would fail (b takes the first position, and a none), leaving the job 1 task.
    # Kills: fill.py:host_share reading a resource a host lacks as a capacity of 1 (`get(resource, 0)` -> 1).
    r = run(cluster(host("a"), host("b", ngpus=2)), job(1, "rusage[ngpus=1]", tasks=(1, 4)))
    assert "plan 4 [2] tried" in r.recorder.lines("1")
    assert slots_on(r.outcome("1")) == [("b", 2)]


def test_an_untraced_job_needing_exactly_the_free_slots_gets_the_fill_plan():
    # The first scenario above, untraced (the fast path): a has 2 free slots, b 8, and the job needs all 10. The
    # open hosts' free slots are exactly the minimum task count, so the shares are read and the fill plan [2,8]
    # places the job, as on the traced path; fewer free slots than tasks would skip the shares (no fill plan).
    # Kills: refsim/sched/fill.py:host_shares skipping the shares when the free slots only equal the minimum
    # (`free + _SLOT_SLACK` -> `free - _SLOT_SLACK`).
    r = run(cluster(host("a", slots=8), host("b", slots=8)), job(1, tasks=10), before=charge("a", slots=6),
            observe=False)
    assert r.outcome("1") == Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),
                                                            HostAllocation("b", (("slots", 8),)))))
