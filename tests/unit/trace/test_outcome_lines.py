"""The outcome section's lines, written out by hand from small allocations and no-decisions (unit_of gives no
unit, so every amount is a bare number)."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.model.units import UnitsMode
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge, NoDecision, NoDecisionKind
from refsim.sched.events import VerdictKind
from refsim.trace.outcome import dispatch_lines, no_decision_lines
from refsim.trace.records import Amt, Line, Totals, Trace
from refsim.trace.render import Renderer, render
from refsim.trace.settings import Level


def _no_unit(name: str) -> None:
    return None


def test_hosts_past_the_fiftieth_total_their_limit_charges_per_limit_in_name_order():
    """Kills: refsim/trace/outcome.py:_charges dropping the ', ' between two charges or rewording it, and
    _omitted_hosts listing limits in the order met (`sorted` -> `list`), subtracting instead of summing, or
    rewording the ', ' between limits. h1 has two charges; h51 charges zlim 1 and alim 2, h52 zlim 3: the
    omitted line sums zlim to 4 and lists alim first."""
    hosts = [HostAllocation("h1", (("slots", 1),), (LimitCharge("per_user", "user=u", "slots", 1),
                                                    LimitCharge("per_host", "host=h1", "slots", 1)))]
    hosts += [HostAllocation(f"h{i}", (("slots", 1),)) for i in range(2, 51)]
    hosts += [HostAllocation("h51", (("slots", 1),), (LimitCharge("zlim", "host=h51", "slots", 1),
                                                     LimitCharge("alim", "host=h51", "slots", 2))),
              HostAllocation("h52", (("slots", 1),), (LimitCharge("zlim", "host=h52", "slots", 3),))]
    lines = dispatch_lines(Allocation(tuple(hosts)), _no_unit)
    assert lines[1] == Line(2, ("h1: ", "slots ", Amt(1), "; limit charges: ", "per_user[user=u] slots ", Amt(1),
                                ", ", "per_host[host=h1] slots ", Amt(1)))
    assert lines[51] == Line(2, ("2 more hosts omitted; together: ", "slots ", Amt(2), "; limit charges: ",
                                 "alim slots ", Amt(2), ", ", "zlim slots ", Amt(4)))


def test_a_no_decision_says_why_and_adds_its_detail_when_there_is_one():
    """Kills: refsim/trace/outcome.py:no_decision_lines rewording the no-pend-reason text or adding the detail
    when there is none (or dropping it when there is)."""
    bare = no_decision_lines(NoDecision(JobId(1), NoDecisionKind.NO_REASON))
    assert bare == [Line(1, ("outcome: no decision: the job was pended without any pend reason",))]
    detailed = no_decision_lines(NoDecision(JobId(1), NoDecisionKind.INTERNAL_ERROR, "boom"))
    assert detailed == [Line(1, ("outcome: no decision: the allocation attempt ended in an internal error: boom",))]


def test_a_trace_renders_the_same_with_or_without_a_kept_renderer():
    """Kills: refsim/trace/render.py:render taking the memo path without a memo, or returning nothing. Head,
    body and outcome in that order, two spaces per depth, the amount in raw units."""
    totals = Totals(0, 0, tuple((k, 0) for k in VerdictKind))
    trace = Trace(JobId(7), 1, 1, Level.SUMMARY, (Line(0, ("head",)),), (Line(1, ("mem ", Amt(5, None))),), 0, 50,
                  totals, (Line(1, ("outcome",)),))
    expected = ["head", "  mem 5", "  outcome"]
    assert render(trace, UnitsMode.RAW) == expected
    assert Renderer()(trace, UnitsMode.RAW) == expected


def test_a_job_level_pend_entry_shows_its_detail_after_a_colon():
    """Kills: refsim/trace/outcome.py:pend_lines rewording the ': ' between a host-less entry's code and its
    detail. One job-level entry with a detail, one without: two reasons."""
    from refsim.sched.decisions import PendCode, PendReason
    from refsim.trace.outcome import pend_lines
    lines = pend_lines((PendReason(PendCode.SHARED_SHORTFALL, "", "licenses"),
                        PendReason(PendCode.CLUSTER_LIMIT, "", "")))
    assert lines == [Line(1, ("outcome: pended, 2 pend reasons",)), Line(2, ("shared-shortfall: licenses",)),
                     Line(2, ("cluster-limit",))]


def test_one_pend_reason_is_singular_and_each_no_decision_kind_has_its_own_words():
    """Kills: refsim/trace/outcome.py:pend_lines pluralising a single reason, and the not-found and
    no-scheduling-object texts of no_decision_lines reworded."""
    from refsim.sched.decisions import PendCode, PendReason
    from refsim.trace.outcome import pend_lines
    assert pend_lines((PendReason(PendCode.CLUSTER_LIMIT, "", ""),))[0] == Line(1, ("outcome: pended, 1 pend reason",))
    assert no_decision_lines(NoDecision(JobId(1), NoDecisionKind.NOT_FOUND)) == [
        Line(1, ("outcome: no decision: the job could not be found by the allocator",))]
    assert no_decision_lines(NoDecision(JobId(1), NoDecisionKind.NO_SCHED_OBJECT)) == [Line(1, (
        "outcome: no decision: the job has no scheduling object (its resource requirement could not be parsed)",))]
