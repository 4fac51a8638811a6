"""Echo lines, round lines and the collapsing of alike rounds."""

import pytest

from refsim.model.jobid import JobId
from refsim.repl.breakpoints import BreakKind, Breakpoints
from refsim.repl.collapse import RoundCollapser
from refsim.repl.format import brief_reasons, echo_line, summary_line
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend, PendCode, PendReason
from refsim.sched.results import SessionResult
from refsim.sim.replay import Reconstructed, RoundSummary

R = PendReason


def summary(round_no, dispatched=(), pended=(), no_decision=()):
    return RoundSummary(round_no, round_no * 10, tuple(JobId(j) for j in dispatched),
                        tuple((JobId(j), (R(PendCode.NO_PLAN, "", why),)) for j, why in pended),
                        tuple(JobId(j) for j in no_decision))


def test_echo_lines():
    alloc = Allocation((HostAllocation("a", (("slots", 4), ("mem", 1024))), HostAllocation("b", (("slots", 2),))))
    assert echo_line(SessionResult(3, 2, JobId(7, 1), Dispatch(JobId(7, 1), alloc))) == \
        "round 3 #2 dispatch 7[1] -> a*4 b*2"
    assert echo_line(Reconstructed(1, JobId(5), alloc)) == "round 1 dispatch 5 -> a*4 b*2 (reconstructed)"
    reasons = (R(PendCode.CLUSTER_LIMIT, "", "L[user=u] slots"), R(PendCode.HOST_CLOSED, "h1", ""),
               R(PendCode.RESOURCE_SHORTFALL, "h2", "mem"), R(PendCode.RESOURCE_SHORTFALL, "h3", "mem"))
    assert echo_line(SessionResult(1, 1, JobId(9), Pend(JobId(9), reasons))) == \
        "round 1 #1 pend 9: cluster-limit: L[user=u] slots; resource-shortfall on 2 hosts; host-closed on 1 host"


def test_brief_reasons_of_a_job_level_reason_without_detail():
    assert brief_reasons((R(PendCode.NO_PLAN, "", ""),)) == "no-plan"


def test_alike_rounds_collapse_and_a_dispatching_round_breaks_the_run():
    lines: list[str] = []
    rounds = RoundCollapser(lines.append)
    for s in (summary(1, pended=[(2, "x")]), summary(2, pended=[(2, "x")]), summary(3, pended=[(2, "x")]),
              summary(4, pended=[(2, "y")]), summary(5, dispatched=[2]), summary(6)):
        rounds.add(s, traced=False)
    rounds.flush()
    assert lines == ["rounds 1-3 t=10-30: 0 dispatched, 1 pended (2) each (3 rounds)",
                     "round 4 t=40: 0 dispatched, 1 pended (2)",
                     "round 5 t=50: 1 dispatched (2), 0 pended",
                     "round 6 t=60: 0 dispatched, 0 pended"]


def test_a_round_with_a_different_no_decision_set_is_not_alike():
    lines: list[str] = []
    rounds = RoundCollapser(lines.append)
    rounds.add(summary(1, no_decision=[5]), traced=False)
    rounds.add(summary(2), traced=False)
    rounds.flush()
    assert lines == [summary_line(summary(1, no_decision=[5])), summary_line(summary(2))]


def test_time_breakpoints_fire_once_when_the_time_is_crossed():
    points = Breakpoints()
    points.add(BreakKind.TIME, time=25)
    assert points.at_round_start(1, 10, None) is None
    assert points.at_round_start(2, 30, 10) is not None
    assert points.at_round_start(3, 30, 30) is None
    assert points.hits == {1: 1}


def test_echo_counts_hosts_most_first_then_by_code():
    """Counts are of hosts, not entries (h1 has two resource-shortfall entries and counts once), sorted by count
    descending and then by code name: select-mismatch (2 hosts) and resource-shortfall (2 hosts) tie and go in code
    name order, host-limit (1 host) last. Kills the mutants that count entries or keep the code order."""
    reasons = (R(PendCode.SELECT_MISMATCH, "h3", "x"), R(PendCode.SELECT_MISMATCH, "h4", "x"),
               R(PendCode.RESOURCE_SHORTFALL, "h1", "mem"), R(PendCode.RESOURCE_SHORTFALL, "h1", "slots"),
               R(PendCode.RESOURCE_SHORTFALL, "h2", "mem"), R(PendCode.HOST_LIMIT, "h5", "L"))
    assert echo_line(SessionResult(1, 1, JobId(9), Pend(JobId(9), reasons))) == \
        "round 1 #1 pend 9: resource-shortfall on 2 hosts; select-mismatch on 2 hosts; host-limit on 1 host"


def test_dispatch_echo_joins_hosts_numbered_one_after_another_with_the_same_slots():
    """n0001-n0003 follow each other with 1 slot each: one range; n0005 does not follow n0003; n0006 has 2 slots."""
    hosts = tuple(HostAllocation(n, (("slots", s),)) for n, s in
                  (("n0001", 1), ("n0002", 1), ("n0003", 1), ("n0005", 1), ("n0006", 2), ("login", 1)))
    assert echo_line(SessionResult(1, 1, JobId(9), Dispatch(JobId(9), Allocation(hosts)))) == \
        "round 1 #1 dispatch 9 -> n[0001-0003]*1 n0005*1 n0006*2 login*1"


@pytest.mark.parametrize(("names", "echo"), [
    (("n9", "n10"), "n9*1 n10*1"),   # numbers of different widths: n[9-10] would misread as a padded range
    (("a1", "b2"), "a1*1 b2*1"),     # another prefix
    (("n2", "n1"), "n2*1 n1*1"),     # numbered downwards: a range is written in position order, upwards only
    (("n1", "n3"), "n1*1 n3*1"),     # a gap
])
def test_dispatch_echo_keeps_hosts_apart_unless_the_next_number_follows(names, echo):
    """Only the same prefix, the same digit width and the number plus one join a range; each case here keeps its
    hosts apart. Kills: format.py:_follows each of its three conditions dropped or `+ 1` -> `- 1`."""
    hosts = tuple(HostAllocation(n, (("slots", 1),)) for n in names)
    assert echo_line(SessionResult(1, 1, JobId(9), Dispatch(JobId(9), Allocation(hosts)))) == \
        f"round 1 #1 dispatch 9 -> {echo}"


def test_a_recorded_dispatch_that_charges_no_slots_echoes_zero_slots():
    """A recording may dispatch a job onto a host with memory only (`hosts: {a: {mem: 1G}}`): the echo shows the
    slots charged there, none. Kills: format.py:placement the slots of a host without a slots charge 0 -> 1."""
    from tests.support.console import console_lines

    text = ("events:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n"
            "  - {time: 0, dispatch: {job: 1, hosts: {a: {mem: 1G}}}}\n")
    assert console_lines(text, ["step"]) == ["round 1 dispatch 1 -> a*0 (reconstructed)"]


def test_quiet_rounds_print_a_progress_line_every_1000_rounds_and_each_traced_round():
    """`set continue quiet` from round 501 (a continue after 500 rounds) to 2000, none dispatching, round 1500 traced.
    Printed: round 1000's progress line (500 rounds done by this continue), round 1500's own summary line, round
    2000's progress line (1500 done); nothing else, and nothing held for a range. Kills: collapse.py:QuietRounds.add the count `+= 1` mutated, the `% 1000 == 0`
    test mutated (`!=`, 1000 -> 1001), the traced test negated, and its progress text mutated."""
    from refsim.repl.collapse import QuietRounds

    lines: list[str] = []
    rounds = QuietRounds(lines.append)
    for n in range(501, 2001):
        rounds.add(summary(n, pended=[(2, "x")]), traced=n == 1500)
    rounds.flush()
    assert lines == ["continue: 500 rounds done, at round 1000 t=10000",
                     "round 1500 t=15000: 0 dispatched, 1 pended (2)",
                     "continue: 1500 rounds done, at round 2000 t=20000"]


def test_echo_orders_codes_found_on_as_many_hosts_by_code_name_not_by_host_names():
    """select-mismatch on h1 and h2, resource-shortfall on h3 and h4: two hosts each, so they go in code name
    order (resource-shortfall before select-mismatch), although select-mismatch's hosts come first by name.
    Kills: format.py:hosts_by_code the tie broken by the host names instead of the code."""
    reasons = (R(PendCode.SELECT_MISMATCH, "h1", "x"), R(PendCode.SELECT_MISMATCH, "h2", "x"),
               R(PendCode.RESOURCE_SHORTFALL, "h3", "mem"), R(PendCode.RESOURCE_SHORTFALL, "h4", "mem"))
    assert echo_line(SessionResult(1, 1, JobId(9), Pend(JobId(9), reasons))) == \
        "round 1 #1 pend 9: resource-shortfall on 2 hosts; select-mismatch on 2 hosts"
