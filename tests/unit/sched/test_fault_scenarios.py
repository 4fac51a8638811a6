"""Every fault point of the seam, and how its internal error propagates (docs/faults.md)."""

from refsim.sched.decisions import Dispatch, NoDecisionKind
from tests.support.scenario import cluster, fault, host, job, run

INJECTED = "injected fault at"


def test_job_lookup_fault_means_the_job_is_not_found():
    # The allocator cannot find the job: no ordering keys, no limits, no requirement events.
    r = run(cluster(host("a")), job(1), faults=[fault("job-lookup", "1")])
    assert r.recorder.lines("1", from_requirements=False) == ["selected round 1 position 1 job 1",
                                                              "no decision: NOT_FOUND"]


def test_decision_build_fault_turns_a_placed_job_into_an_internal_error():
    """The no-decision's detail (the trace's outcome line and JSON `detail`) names the point and the error.
    Kills: allocator.py:_decide's decision-build detail text."""
    r = run(cluster(host("a")), job(1), faults=[fault("decision-build", "1")])
    assert r.outcome("1").kind is NoDecisionKind.INTERNAL_ERROR
    assert r.outcome("1").detail == f"decision build: {INJECTED} decision-build"
    assert r.recorder.lines("1")[-2:] == ["done top satisfied", "no decision: INTERNAL_ERROR"]
    assert r.state.usage.snapshot()["hosts"] == {}  # nothing committed


def test_plan_build_fault_leaves_the_plan_untried_and_stops_the_requirement():
    """The no-decision's detail says the requirement evaluation ended in an internal error.
    Kills: allocator.py:_decide's detail text for an evaluation that ended in an internal error."""
    r = run(cluster(host("a")), job(1, tasks=2), faults=[fault("plan-build", "1", plan=1)])
    assert r.outcome("1").detail == "the requirement evaluation ended in an internal error"
    assert r.recorder.lines("1") == ["enter top single tasks 2-2 rusage -",
                                     f"plan 1 [2] not tried: {INJECTED} plan-build",
                                     "done top internal error", "no decision: INTERNAL_ERROR"]


def test_plan_attempt_fault_ends_the_attempt_and_no_further_plan_is_tried():
    r = run(cluster(host("a")), job(1, tasks=2), faults=[fault("plan-attempt", "1", plan=1)])
    assert r.recorder.lines("1") == ["enter top single tasks 2-2 rusage -", "plan 1 [2] tried",
                                     f"plan 1 error: {INJECTED} plan-attempt",
                                     "done top internal error", "no decision: INTERNAL_ERROR"]


def test_host_scan_start_fault_fails_the_position_and_later_plans_are_tried():
    # Plan 1 [2] cannot scan; plan 2 [1,1] is tried after it and placed.
    r = run(cluster(host("a"), host("b")), job(1, tasks=2), faults=[fault("host-scan-start", "1", plan=1)])
    assert r.recorder.lines("1")[1:6] == ["plan 1 [2] tried", "position 1 (2)",
                                          f"position 1 unfilled: {INJECTED} host-scan-start",
                                          "plan 1 failed at position 1", "plan 2 [1,1] tried"]
    assert isinstance(r.outcome("1"), Dispatch)


def test_host_scan_step_fault_stops_the_scan_after_the_hosts_already_considered():
    # a is considered (select mismatch); the scan stops before b; the one plan fails; the job pends on a.
    r = run(cluster(host("a", type="ARM"), host("b", type="X86")), job(1, "select[type==X86]"),
            faults=[fault("host-scan-step", "1", host="b")])
    assert r.recorder.lines("1")[1:6] == [
        "plan 1 [1] tried", "position 1 (1)",
        "host a: selection mismatch (pre-filter) type==X86 | not performed: host check",
        f"position 1 unfilled: {INJECTED} host-scan-step", "plan 1 failed at position 1"]
    assert r.outcome("1").reasons[0].host == "a"


def test_host_check_fault_marks_one_host_not_evaluated_and_the_scan_goes_on():
    r = run(cluster(host("a"), host("b")), job(1), faults=[fault("host-check", "1", host="a")])
    assert r.recorder.lines("1")[3:5] == [f"host a: not evaluated: {INJECTED} host-check", "host b: accepted"]
    assert r.outcome("1").allocation.hosts[0].host == "b"


def test_a_host_that_was_not_evaluated_gives_no_pend_reason():
    # The only host cannot be evaluated: no reason is found, so the job has no decision (pended without reason).
    r = run(cluster(host("a")), job(1), faults=[fault("host-check", "1", host="a")])
    assert r.outcome("1").kind is NoDecisionKind.NO_REASON


def test_allocation_build_fault_releases_the_claims_and_ends_in_error():
    r = run(cluster(host("a")), job(1), faults=[fault("allocation-build", "1", plan=1)])
    assert r.recorder.lines("1")[1:] == [
        "plan 1 [1] tried", "position 1 (1)", "host a: accepted", "position 1 filled by a", "released a",
        f"plan 1 error: {INJECTED} allocation-build", "done top internal error", "no decision: INTERNAL_ERROR"]


def test_an_alternative_ending_in_error_does_not_stop_the_next_alternative():
    # Alternative 1 errs (its plan attempt); alternative 2 is still tried and wins.
    r = run(cluster(host("a")), job(1, "{rusage[mem=1]} || {rusage[mem=2]}"),
            faults=[fault("plan-attempt", "1", requirement="1")])
    lines = r.recorder.lines("1")
    assert "done a1/2 internal error" in lines and "done a2/2 satisfied" in lines
    assert isinstance(r.outcome("1"), Dispatch)


def test_all_alternatives_failing_with_one_error_is_an_internal_error():
    r = run(cluster(host("a")), job(1, "{rusage[mem=1]} || {select[gpu]}"),
            faults=[fault("plan-attempt", "1", requirement="1")])
    assert r.outcome("1").kind is NoDecisionKind.INTERNAL_ERROR


def test_compound_member_error_is_the_point_of_failure():
    r = run(cluster(host("a")), job(1, "1*{rusage[mem=1]} + 1*{rusage[mem=1]} + 1*{rusage[mem=1]}"),
            faults=[fault("plan-attempt", "1", requirement="2")])
    lines = r.recorder.lines("1")
    assert lines[lines.index("done m2/3 internal error"):] == [
        "done m2/3 internal error", "not tried m3/3", "released a", "done top internal error",
        "no decision: INTERNAL_ERROR"]


def test_faults_target_only_the_named_job():
    r = run(cluster(host("a")), job(1), job(2, submit_time=1), faults=[fault("host-check", "2")])
    assert isinstance(r.outcome("1"), Dispatch)
    assert r.outcome("2").kind is NoDecisionKind.NO_REASON


def test_an_array_id_in_a_fault_targets_every_element():
    r = run(cluster(host("a")), job("5[1]"), job("5[2]"), faults=[fault("job-lookup", "5")])
    assert [x.outcome.kind for x in r.results] == [NoDecisionKind.NOT_FOUND, NoDecisionKind.NOT_FOUND]
