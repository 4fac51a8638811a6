"""How a traced fill reports a position: one event per position, made when its scan ends, with the tasks it
places, every host the scan considered with its verdict in scan order, and the host that filled it or why none."""

from refsim.model.jobid import JobId
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, HostAllocation, Pend, PendCode
from tests.support.scenario import cluster, fault, host, job, run
from tests.unit.sched.test_scenarios import charge


def test_each_position_is_one_event_with_its_verdicts_in_scan_order_and_its_host():
    """A job of two tasks on three one-slot hosts, the first busy: plan 1 [2] is discarded (no host has two slots),
    so plan 2 [1,1] is the one scanned. Position 1 considers a (shortfall) and b (accepted); position 2 starts
    where position 1 stopped (b, claimed) and takes c. So two position events, one task each, with the hosts in
    the order scanned and the host each was filled by; the plan's commit comes after both.
    Kills: placement._fill reporting a position more than once, before its scan ends, or with the wrong host."""
    r = run(cluster(host("a", slots=1), host("b", slots=1), host("c", slots=1)), job(1, tasks=2),
            before=charge("a", slots=1))
    events = r.recorder.events[r.results[0].job]
    scans = [i for i, ev in enumerate(events) if type(ev) is e.PositionScanned]
    assert len(scans) == 2
    assert [(events[i].plan, events[i].position, events[i].tasks) for i in scans] == [(2, 1, 1), (2, 2, 1)]
    assert [[v.host for v in events[i].verdicts] for i in scans] == [["a", "b"], ["b", "c"]]
    assert [[v.kinds for v in events[i].verdicts] for i in scans] == [
        [(e.VerdictKind.RESOURCE_SHORTFALL,), (e.VerdictKind.ACCEPTED,)],
        [(e.VerdictKind.ALREADY_CLAIMED,), (e.VerdictKind.ACCEPTED,)]]
    assert [(events[i].host, events[i].error) for i in scans] == [("b", None), ("c", None)]
    assert type(events[scans[-1] + 1]) is e.PlanCommitted


def test_a_scan_stopped_by_an_internal_error_still_reports_the_hosts_it_considered():
    """The host-scan-step fault at b stops the scan after a: the position's one event carries a alone, no host,
    and the error.
    Kills: hostscan.scan_position dropping the verdicts of a scan that ends in an error."""
    r = run(cluster(host("a", type="ARM"), host("b", type="X86")), job(1, "select[type==X86]"),
            faults=[fault("host-scan-step", "1", host="b")])
    events = r.recorder.events[r.results[0].job]
    scanned = [ev for ev in events if type(ev) is e.PositionScanned]
    assert len(scanned) == 1
    assert [v.host for v in scanned[0].verdicts] == ["a"]
    assert scanned[0].host is None and scanned[0].error is not None and "host-scan-step" in scanned[0].error


def test_a_scan_that_could_not_start_reports_its_position_with_no_host_considered():
    """The host-scan-start fault stops position 1 before any host is judged: its event has no verdicts, no host,
    and the error. Kills: placement._fill reporting nothing for a position whose scan could not start."""
    r = run(cluster(host("a"), host("b")), job(1), faults=[fault("host-scan-start", "1")])
    events = r.recorder.events[r.results[0].job]
    scanned = [ev for ev in events if type(ev) is e.PositionScanned]
    assert len(scanned) == 1
    assert scanned[0].verdicts == () and scanned[0].host is None and scanned[0].error is not None


def test_a_host_rejected_for_two_kinds_of_reason_carries_both_kinds_in_display_order():
    """a is ARM and has 4 slots: a 6-task position on one host (span[hosts=1]) of select[type==X86] fails there
    in the pre-filter both on the select expression and on slots (6 > 4), so its verdict has two reasons of two
    kinds, listed in the display order of spec 5.10 (selection mismatch before resource shortfall). b (X86, 8
    slots) has no such mismatch and takes the position; a's one-reason verdict of a 4-task job has one kind.
    Kills: hostscan.py:judge taking the first reason's kind alone for a verdict of two reasons (`len(reasons)
    == 1` -> `== 2`)."""
    r = run(cluster(host("a", type="ARM"), host("b", slots=8, type="X86")),
            job(1, "select[type==X86] span[hosts=1]", tasks=6), job(2, "select[type==X86]", tasks=4, submit_time=1))
    first = [ev for ev in r.recorder.events[r.results[0].job] if type(ev) is e.PositionScanned]
    assert first[0].verdicts[0].kinds == (e.VerdictKind.SELECTION_MISMATCH, e.VerdictKind.RESOURCE_SHORTFALL)
    assert len(first[0].verdicts[0].reasons) == 2
    second = [ev for ev in r.recorder.events[r.results[1].job] if type(ev) is e.PositionScanned]
    assert second[0].verdicts[0].kinds == (e.VerdictKind.SELECTION_MISMATCH,)


def test_a_host_without_a_resource_fails_the_pre_filter_for_one_unit_of_it():
    """Host a has no gpu at all (0 of it), b has 2; the job asks rusage[gpu=1] for its one task. a cannot ever
    hold 1 gpu (0 < 1), so the pre-filter rejects it and the host check is not made; b accepts.
    Kills: refsim/sched/hostscan.py:_pre_filter taking a missing resource's total as 1 (`capacities.get(resource,
    0)` -> 1): a would pass the pre-filter and fail only the host check."""
    r = run(cluster(host("a"), host("b", gpu=2)), job(1, "rusage[gpu=1]"))
    assert [line for line in r.recorder.lines("1") if line.startswith("host ")] == [
        "host a: resource shortfall (pre-filter) gpu 0/0/0/1 | not performed: host check", "host b: accepted"]


def test_a_host_without_a_resource_that_still_holds_some_fails_the_host_check_even_for_none():
    """Host a held 1 gpu of its 2 for job 1 when the cluster was replaced by one where a has no gpu (a new cluster
    may drop a resource a running job holds). Job 2 asks rusage[gpu=0]: nothing passes the pre-filter's total test
    (0 < 0 is false), but a's free gpu is 0 - 1 - 0 = -1 < 0, so the host check rejects it; it pends.
    Kills: refsim/sched/hostscan.py:_host_check taking a missing resource's total as 1 (`capacities.get(resource,
    0)` -> 1): a's free gpu would read 1 - 1 = 0, not below 0, and job 2 would start."""
    def holding_gpu(state):
        state.dispatched(JobId(1), Allocation((HostAllocation("a", (("slots", 1), ("gpu", 1))),)))
        state.set_cluster(cluster(host("a")))
    r = run(cluster(host("a", gpu=2)), job(1, "rusage[gpu=1]"), job(2, "rusage[gpu=0]"), before=holding_gpu)
    assert [line for line in r.recorder.lines("2") if line.startswith("host ")] == [
        "host a: resource shortfall (host check) gpu 0/1/0/0"]
    assert isinstance(r.outcome("2"), Pend)


def test_a_closed_host_gives_the_host_closed_pend_reason():
    """Host a is closed and b's one slot is used: the job pends host-closed on a (not a select mismatch named
    "host closed") and resource-shortfall on b.
    Kills: refsim/sched/verdicts.py:pend_reasons not telling a closed host by its reason's subject."""
    r = run(cluster(host("a", closed=True), host("b", slots=1)), job(1), before=charge("b", slots=1))
    assert {(x.code, x.host, x.detail) for x in r.outcome("1").reasons} == {
        (PendCode.HOST_CLOSED, "a", ""), (PendCode.RESOURCE_SHORTFALL, "b", "slots")}
