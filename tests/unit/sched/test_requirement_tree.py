"""Walking the requirement tree (refsim/sched/tree.py): what one branch of the tree leaves to the next. The
scenarios use tests/support/scenario (default host: 4 slots, 8192 MB of mem)."""

from refsim.model.jobid import JobId
from refsim.sched import events as e
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, NoDecision, NoDecisionKind
from tests.support.scenario import cluster, host, job, run

# a1: a compound whose first member takes both slots of a and whose second member matches no host;
# a2: both tasks on one host, which only a can be.
FAILED_COMPOUND_THEN_ONE_HOST = "{2*{rusage[mem=1]} + 1*{select[fast]}} || {span[hosts=1]}"


def test_a_failed_compound_gives_its_members_claims_back_to_the_next_alternative():
    """Host a has 2 slots. The first alternative's compound places its 2-task member on a, then fails on its
    second member (no host is `fast`): the compound is all or nothing, so a's 2 slots are released before the
    second alternative runs, which then puts both tasks on a. Were the claims kept, a would have no slot left and
    the job would pend. The release is reported for the compound (the first alternative) as that of its earlier
    members (plan 0), not of a plan. Same decision with and without tracing.

    Kills: tree.py:_compound the rollback of the earlier members' claims dropped, and the release reported as
    plan 1 instead of plan 0 (the earlier members)."""
    expected = Dispatch(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),)))
    untraced = run(cluster(host("a", slots=2)), job(1, FAILED_COMPOUND_THEN_ONE_HOST, tasks=2), observe=False)
    assert untraced.outcome("1") == expected
    r = run(cluster(host("a", slots=2)), job(1, FAILED_COMPOUND_THEN_ONE_HOST, tasks=2))
    assert r.outcome("1") == expected
    released = [ev for ev in r.recorder.events[JobId(1)] if isinstance(ev, e.ClaimsReleased)]
    assert released == [e.ClaimsReleased((e.PathStep(e.Role.ALTERNATIVE, 1, 2),), 0, ("a",))]
    lines = r.recorder.lines("1")
    assert lines[lines.index("done a1/2.m2/2 not satisfied"):lines.index("enter a2/2 single tasks 2-2 rusage -")] \
        == ["done a1/2.m2/2 not satisfied", "released a", "done a1/2 not satisfied"]


def test_a_whole_requirement_that_is_just_empty_braces_is_skipped_and_the_job_gets_no_decision():
    """`{}` as the whole requirement has nothing to try: the trace reports it skipped at the top, no plan is made
    and, with no pend reason found, the job ends with the no-decision kind "pended without any pend reason".

    Kills: tree.py:evaluate the skip event of a whole empty requirement dropped."""
    r = run(cluster(host("a")), job(1, "{}"))
    assert r.recorder.lines("1", from_requirements=False)[2:] == ["limits: none", "skip top", "no decision: NO_REASON"]
    assert r.outcome("1") == NoDecision(JobId(1), NoDecisionKind.NO_REASON)
