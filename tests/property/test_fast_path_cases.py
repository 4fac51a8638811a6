"""Hand-built differential cases: recordings chosen to reach a corner of the fast path that generated recordings
rarely reach, replayed both ways (tests/property/test_fast_path.py's replay) and compared whole, and their
decisions checked by hand."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend, PendCode, PendReason
from refsim.sim.load import recording_from
from tests.property.test_fast_path import replay


def _both_ways(document: dict) -> list:
    recording = recording_from(document, "r.yaml")
    fast = replay(recording, reference=False)
    assert fast == replay(recording, reference=True)
    return [decision[3] for decision in fast[0] if isinstance(decision, tuple)]  # not the round summaries


def test_a_second_run_of_positions_passes_over_the_host_the_first_run_claimed():
    """Kills: refsim/sched/candidates.py:fill_run `continue` -> `break` at a claimed host (the rest of
    the scan would be skipped). Job 1 asks 3 tasks on a and b (2 slots each) and c (1 slot): plan [3] is
    discarded (no host has 3 slots); plan [2,1] puts 2 tasks on a, then the second run's scan starts again at a
    (still a candidate: its slots were free before this job), passes it over as claimed and takes b. Stopping at
    a would fail the plan and let plan [1,1,1] spread the tasks over a, b and c."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2}, {"name": "b", "slots": 2}, {"name": "c", "slots": 1}]},
        "events": [{"time": 0, "submit": {"id": 1, "tasks": 3, "run_time": 10}}]})
    assert outcomes == [Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),
                                                       HostAllocation("b", (("slots", 1),)))))]


def test_a_candidate_just_short_of_the_request_is_passed_over_for_the_next_host():
    """Kills: refsim/sched/candidates.py:fill_run `continue` -> `break` after a candidate that accepts()
    rejects (the hosts after it in the scan would be skipped). The free-resource index admits hosts within a
    relative 1e-6 of a request, so float noise never hides a host. Job 1 asks 2 tasks of 500.00025 MB: plan [2]
    asks 1000.0005 MB of one host; a's 1000 MB is 0.0005 short, inside that slack, so a is a candidate that the
    exact check rejects, and b (2000 MB, 2 slots) takes both tasks. Skipping b would let plan [1,1] place one
    task on each host instead."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2, "mem": 1000}, {"name": "b", "slots": 2, "mem": 2000}]},
        "events": [{"time": 0, "submit": {"id": 1, "tasks": 2, "resreq": "rusage[mem=500.00025]", "run_time": 10}}]})
    assert outcomes == [Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 2), ("mem", 1000.0005))),)))]


def test_a_candidate_a_host_limit_rejects_is_passed_over_for_the_next_host():
    """Kills: refsim/sched/candidates.py:fill_run `continue` -> `break` after a candidate that judge()
    rejects (a demand with host-scoped limit terms is judged in full). `a_slots` allows 1 slot per host on a
    only. Job 1 asks 2 tasks: plan [2] on a would charge 2 > 1, so a is rejected and b takes both tasks. Skipping
    b would let plan [1,1] place one task on each host instead."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2}, {"name": "b", "slots": 2}],
                    "limits": [{"name": "a_slots", "per_host": ["a"], "resources": {"slots": 1}}]},
        "events": [{"time": 0, "submit": {"id": 1, "tasks": 2, "run_time": 10}}]})
    assert outcomes == [Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 2),)),)))]


def test_a_pend_under_a_limit_spanning_hosts_is_explained_past_the_host_the_first_position_claimed():
    """Kills: refsim/sched/verdicts.py:VerdictMemo.scan `continue` -> `break` at a claimed host when a limit
    counter spans hosts (no verdict is kept). `pool` counts the slots of a, b and c together, so each verdict is
    judged afresh. b and c are full (job 9); job 1 asks 2 tasks, one per host: the first position takes a, and the
    second scan starts at a (where the first stopped), passes it over as claimed and finds b and c short of slots.
    The job pends for b's and c's slots. Stopping at a would leave the pend with no reason at all."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 1}, {"name": "b", "slots": 1}, {"name": "c", "slots": 1}],
                    "limits": [{"name": "pool", "hosts": ["a", "b", "c"], "resources": {"slots": 10}}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 2, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"b": {"slots": 1}, "c": {"slots": 1}}}},
                   {"time": 0, "submit": {"id": 1, "tasks": 2, "resreq": "span[ptile=1]", "run_time": 10}}]})
    short = tuple(PendReason(PendCode.RESOURCE_SHORTFALL, host, "slots") for host in "bc")
    assert outcomes[1] == Pend(JobId(1), short)


def test_an_untraced_job_gets_the_fill_plan_when_the_open_hosts_free_slots_just_hold_its_minimum():
    """Kills: refsim/sched/fill.py:host_shares returning no share when the committed free slots hold the minimum
    (the free-slot test negated, or the slack taken away so that free slots equal to the minimum count as too
    few): the fast path would then have no fill plan. Two 8-slot hosts, a with 1 slot free and b with 4 (jobs 9
    and 8 hold the rest): 5 free slots. Job 1 asks 5 to 8 tasks: [8] and [4,4] fail on slots, the 4- and 8-host
    plans are discarded; the fill plan takes a's 1 and b's 4: [1,4] places 5 tasks. Without it, the minimum's
    plans fail too ([5]; [3,2] puts 3 on b and then a has 1 free for 2), and the job would pend."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 8}, {"name": "b", "slots": 8}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 7, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 7}}}},
                   {"time": 0, "submit": {"id": 8, "tasks": 4, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "8", "hosts": {"b": {"slots": 4}}}},
                   {"time": 0, "submit": {"id": 1, "tasks": "5,8", "run_time": 10}}]})
    assert outcomes[2] == Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 1),)),
                                                         HostAllocation("b", (("slots", 4),)))))


def test_a_host_holding_more_than_it_has_of_a_resource_asked_at_zero_keeps_its_fill_share():
    """Kills: refsim/sched/fill.py:host_shares reading the shares of only the hosts with committed free amounts
    of at least 0 for a resource asked at 0 per task (`amount > 0` -> `>= 0` in the candidates' filter): the fast
    path's fill plan would leave out a host whose share the reference path reads. Job 9, re-applied as
    recorded, holds 6 of a's 8 slots and 200 MB of its 100 MB of mem. Job 1 asks 1 to 10 tasks of 0 MB each:
    [10] needs more slots than a host has, [5,5] fails (b takes 5, a is short), the 4- and 10-host plans need
    more hosts. The fill plan reads a's share (2 free slots; 0 MB per task does not bound it) and b's 8: [2,8],
    which fails, since a's mem is overdrawn (100 - 200 < 0). The minimum's plan [1] then runs one task on b.
    Without a's share the fill plan would be [8] and place 8 tasks on b."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 8, "mem": 100}, {"name": "b", "slots": 8, "mem": 100}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 6, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 6, "mem": 200}}}},
                   {"time": 0, "submit": {"id": 1, "tasks": "1,10", "resreq": "rusage[mem=0]", "run_time": 10}}]})
    assert outcomes[1] == Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 1), ("mem", 0))),)))


def test_hosts_whose_usage_holds_none_of_a_resource_keep_all_of_it_free_for_the_candidates():
    """Kills: refsim/sched/freeindex.py:FreeIndex._free_of reading a resource a host's usage does not hold as 1
    used (the free amounts would start 1 short, and a host whose whole memory a task asks would not be a
    candidate). Jobs 9 and 8 hold slots on a (2 of 4) and b (3 of 4) but no mem; each host has 100 MB. Job 1 asks
    1 to 3 tasks of 100 MB: [3] and [2,1] fail (a position of 2 tasks asks 200 MB), [1,1,1] needs 3 hosts; the
    fill plan gives each host one task (100 MB each): [1,1], 2 tasks."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 4, "mem": 100}, {"name": "b", "slots": 4, "mem": 100}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 2, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 2}}}},
                   {"time": 0, "submit": {"id": 8, "tasks": 3, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "8", "hosts": {"b": {"slots": 3}}}},
                   {"time": 0, "submit": {"id": 1, "tasks": "1,3", "resreq": "rusage[mem=100]", "run_time": 10}}]})
    assert outcomes[2] == Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 1), ("mem", 100))),
                                                         HostAllocation("b", (("slots", 1), ("mem", 100))))))


def test_hosts_touched_after_the_free_amounts_were_read_keep_the_resources_they_do_not_hold_free():
    """Kills: refsim/sched/freeindex.py:FreeIndex.sync reading a resource that a touched host's usage does not
    hold, or a host that holds nothing any more, as 1 used (either host would drop out of the candidates for a
    task asking its whole memory). Job 7 asks more mem than any host has, so its pends read the free mem of
    every host from time 0. Job 6 runs on a from 0 to 1, so a holds nothing after it; at 5, job 9 is re-applied
    holding 3 of b's 4 slots (no mem). Job 1 then asks 1 to 3 tasks of 100 MB, each host's whole mem: [3] and
    [2,1] ask 200 MB or more of one host, [1,1,1] needs 3 hosts, and the fill plan places one task on a and one on
    b: [1,1]. (A plan of the maximum that the candidates miss is still found when the pend is explained over
    every host; the fill plan is read from the candidates there too.)"""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 4, "mem": 100}, {"name": "b", "slots": 4, "mem": 100}]},
        "events": [{"time": 0, "submit": {"id": 6, "run_time": 1}},
                   {"time": 0, "submit": {"id": 7, "resreq": "rusage[mem=1000]", "run_time": 10}},
                   {"time": 5, "submit": {"id": 9, "tasks": 3, "run_time": 100}},
                   {"time": 5, "dispatch": {"job": "9", "hosts": {"b": {"slots": 3}}}},
                   {"time": 5, "submit": {"id": 1, "tasks": "1,3", "resreq": "rusage[mem=100]", "run_time": 10}}]})
    assert outcomes[5] == Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 1), ("mem", 100))),
                                                         HostAllocation("b", (("slots", 1), ("mem", 100))))))


def test_an_ordered_scan_takes_its_candidates_in_scan_order():
    """Kills: refsim/sched/freeindex.py:FreeIndex.candidates taking the candidate hosts' cluster positions as scan
    indices when the requirement orders the scan (the permutation left out). order[-mem] scans b (300 MB),
    c (200 MB), then a (100 MB); job 9 fills a. Job 1's one task goes to the first host of the scan with a free
    slot: b. In cluster order the candidates are b and c at positions 1 and 2, which in scan order are c and a."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2, "mem": 100}, {"name": "b", "slots": 2, "mem": 300},
                              {"name": "c", "slots": 2, "mem": 200}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 2, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 2}}}},
                   {"time": 0, "submit": {"id": 1, "resreq": "order[-mem]", "run_time": 10}}]})
    assert outcomes[1] == Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 1),)),)))


def test_a_pend_explained_over_two_members_keeps_the_hosts_the_first_members_scan_passed_over():
    """Kills: refsim/sched/verdicts.py:VerdictMemo.scan dropping the pend reasons of the hosts a kept-verdict
    scan rejects (`found.update(reasons)` left out). c has 1 slot, 50 MB and 4 ngpus; b has 4 slots, 1000 MB and
    no ngpus. The first member (one task of 60 MB) passes over c (mem) and takes b; the second (two tasks of one
    ngpus) fails: [2] finds c short of slots and b of ngpus, [1,1] has only c to take a task. The job pends for
    b's ngpus, c's mem (found only by the first member's scan) and c's slots."""
    outcomes = _both_ways({
        "cluster": {"resources": [{"name": "ngpus"}],
                    "hosts": [{"name": "c", "slots": 1, "mem": 50, "ngpus": 4},
                              {"name": "b", "slots": 4, "mem": 1000}]},
        "events": [{"time": 0, "submit": {"id": 1, "resreq": "1*{rusage[mem=60]} + 2*{rusage[ngpus=1]}",
                                          "run_time": 10}}]})
    short = PendCode.RESOURCE_SHORTFALL
    assert outcomes == [Pend(JobId(1), (PendReason(short, "b", "ngpus"), PendReason(short, "c", "mem"),
                                        PendReason(short, "c", "slots")))]


def test_a_pend_explained_again_after_a_host_was_freed_no_longer_names_that_host():
    """Kills: refsim/sched/verdicts.py:VerdictMemo._table patching a verdict table only when the usage log has
    not moved (the log test negated): a table would keep the verdicts of hosts whose usage changed. a and b have
    one slot each, held by jobs 9 (until 1) and 8. Job 1 asks two tasks, one per host: at 0 it pends for both
    hosts' slots; at 1, a is free, and the job pends for b's slots alone."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 1}, {"name": "b", "slots": 1}]},
        "events": [{"time": 0, "submit": {"id": 9, "run_time": 1}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 1}}}},
                   {"time": 0, "submit": {"id": 8, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "8", "hosts": {"b": {"slots": 1}}}},
                   {"time": 0, "submit": {"id": 1, "tasks": 2, "resreq": "span[ptile=1]", "run_time": 10}}]})
    short = PendCode.RESOURCE_SHORTFALL
    pends = [outcome for outcome in outcomes if isinstance(outcome, Pend)]
    assert pends[:2] == [Pend(JobId(1), (PendReason(short, "a", "slots"), PendReason(short, "b", "slots"))),
                         Pend(JobId(1), (PendReason(short, "b", "slots"),))]


def test_the_fill_plan_reads_the_hosts_a_finished_job_freed():
    """Kills: refsim/sched/freeindex.py:FreeIndex.sync keeping the candidate lists of an earlier usage (their
    clearing left out): the fill plan would read the hosts that had a free slot before. a (2 slots) is held by
    job 9 until 1; b (2 slots) has 1 free beside job 8. At 0, job 7 asks 1 to 4 tasks: the fill plan takes b's
    free slot. At 1, a is free and job 1 asks 1 to 4 tasks: [4] needs more slots than a host has, [2,2] finds
    only a, 4 one-task positions need 4 hosts; the fill plan takes a's 2 slots: [2]."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2}, {"name": "b", "slots": 2}]},
        "events": [{"time": 0, "submit": {"id": 9, "tasks": 2, "run_time": 1}},
                   {"time": 0, "dispatch": {"job": "9", "hosts": {"a": {"slots": 2}}}},
                   {"time": 0, "submit": {"id": 8, "run_time": 100}},
                   {"time": 0, "dispatch": {"job": "8", "hosts": {"b": {"slots": 1}}}},
                   {"time": 0, "submit": {"id": 7, "tasks": "1,4", "run_time": 100}},
                   {"time": 1, "submit": {"id": 1, "tasks": "1,4", "run_time": 100}}]})
    dispatches = [outcome for outcome in outcomes if isinstance(outcome, Dispatch)]
    assert dispatches == [Dispatch(JobId(7), Allocation((HostAllocation("b", (("slots", 1),)),))),
                          Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),)))]


def test_a_host_without_a_resource_never_takes_a_request_of_it_smaller_than_the_slack():
    """Kills: refsim/sched/candidates.py:fill_run taking a resource the host lacks as 1 in its inline
    check (`capacities.get(resource, 0)` -> 1). Job 1 asks 0.0000001 MB of mem; a has no mem at all, b has
    1000 MB. 0 is within the free-resource index's slack of the request, so a is a candidate, and only the exact
    check rejects it (0 < 0.0000001): the job starts on b, the one host with mem."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 1}, {"name": "b", "slots": 1, "mem": 1000}]},
        "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "resreq": "rusage[mem=0.0000001]", "run_time": 10}}]})
    assert outcomes == [Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 1), ("mem", 1e-07))),)))]


def test_a_candidate_whose_running_jobs_leave_it_just_short_is_passed_over():
    """Kills: refsim/sched/candidates.py:fill_run's inline check rejecting a host only when its total
    is short (`or` -> `and`), or adding what running jobs use to the total instead of taking it away. Job 9 runs
    on a (the first host) with 500.0005 MB of a's 1500 MB, leaving 999.9995 MB; job 1 then asks 1000 MB. a is
    0.0005 short, inside the free-resource index's slack, so it is a candidate, and the exact check (total 1500
    is enough, free 999.9995 is not) rejects it: job 1 starts on b (2000 MB)."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2, "mem": 1500}, {"name": "b", "slots": 2, "mem": 2000}]},
        "events": [{"time": 0, "submit": {"id": 9, "resreq": "rusage[mem=500.0005]", "run_time": 100}},
                   {"time": 1, "submit": {"id": 1, "resreq": "rusage[mem=1000]", "run_time": 10}}]})
    assert outcomes == [
        Dispatch(JobId(9), Allocation((HostAllocation("a", (("slots", 1), ("mem", 500.0005))),))),
        Dispatch(JobId(1), Allocation((HostAllocation("b", (("slots", 1), ("mem", 1000))),)))]


def test_pends_under_a_limit_spanning_hosts_are_each_explained_by_their_own_demand():
    """Kills: refsim/sched/verdicts.py:VerdictMemo.run_fails deciding from a verdict table for a demand whose
    verdicts are never kept (a limit counter spanning hosts: `memo_key is None` -> `is not None`), which files
    every such demand under one table. `pool` counts the slots of a and b together. Job 1 asks 200 MB (a and b
    have 100): it pends short of mem on both. Job 2 asks a gpu, which neither host has: it pends short of gpu on
    both, not for job 1's mem."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 1, "mem": 100}, {"name": "b", "slots": 1, "mem": 100}],
                    "limits": [{"name": "pool", "hosts": ["a", "b"], "resources": {"slots": 10}}]},
        "events": [{"time": 0, "submit": {"id": 1, "resreq": "rusage[mem=200]", "run_time": 10}},
                   {"time": 0, "submit": {"id": 2, "resreq": "rusage[gpu=1]", "run_time": 10}}]})
    assert outcomes == [Pend(JobId(n), tuple(PendReason(PendCode.RESOURCE_SHORTFALL, host, resource) for host in "ab"))
                        for n, resource in ((1, "mem"), (2, "gpu"))]


def test_a_pend_explained_past_a_host_an_earlier_member_holds_judges_that_host_with_the_hold():
    """Kills: refsim/sched/verdicts.py:VerdictMemo.scan reading a kept verdict for a host the evaluation holds
    something on (its `held or ...` test negated). Host a has 1 slot. Member 1 of `1*{rusage[mem=1]} +
    1*{rusage[mem=1]}` takes it; member 2 asks the same of a, which member 1's hold has filled: the job pends
    short of a's slots. The verdict kept for member 1's demand (a accepts) must not stand for member 2's."""
    outcomes = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 1, "mem": 100}]},
        "events": [{"time": 0, "submit": {"id": 1, "resreq": "1*{rusage[mem=1]} + 1*{rusage[mem=1]}",
                                          "run_time": 10}}]})
    assert outcomes == [Pend(JobId(1), (PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots"),))]
