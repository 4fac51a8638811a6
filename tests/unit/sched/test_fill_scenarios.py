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
