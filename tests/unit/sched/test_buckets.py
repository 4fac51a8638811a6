"""Job buckets (refsim/sched/buckets.py) on tiny hand-made states: a bucket's outcome until the state version
moves, a job first asked about after its bucket has one, and a bucket that found no reason. The differential
property (tests/property/test_fast_path.py) checks that buckets decide as the reference path; these pin each piece
down."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.buckets import Buckets
from refsim.sched.decisions import Pend, PendCode, PendReason
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


def test_a_bucket_hands_out_the_same_outcome_until_the_version_moves() -> None:
    buckets = Buckets(Cluster((Host("a", {"slots": 1}),)))
    first, twin = Job(JobId(1), max_tasks=2, min_tasks=2), Job(JobId(2), max_tasks=2, min_tasks=2)
    assert buckets.key(first) == buckets.key(twin)  # same requirement and task counts, no limits: one bucket
    assert buckets.known(first, 5) is None
    reasons = (PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots"),)
    buckets.remember(buckets.key(first), reasons)
    outcome = buckets.known(twin, 5)
    assert outcome == Pend(JobId(2), reasons) and buckets.known(twin, 5) is outcome
    assert buckets.known(twin, 6) is None  # a new state version forgets every outcome


def test_a_job_first_asked_about_after_its_bucket_has_an_outcome_gets_that_outcome() -> None:
    """A job never keyed before (no bucket entry yet) that shares its requirement and task counts with a job whose
    outcome is remembered pends for the same reasons, under its own id.
    Kills: buckets.py:Buckets.known taking the job's entry only when it exists (negated `entry is None ...`)."""
    buckets = Buckets(Cluster((Host("a", {"slots": 1}),)))
    seen, newcomer = Job(JobId(1), max_tasks=2, min_tasks=2), Job(JobId(2), max_tasks=2, min_tasks=2)
    assert buckets.known(seen, 3) is None
    reasons = (PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots"),)
    buckets.remember(buckets.key(seen), reasons)
    assert buckets.known(newcomer, 3) == Pend(JobId(2), reasons)


def test_jobs_of_a_bucket_that_found_no_reason_each_end_with_no_decision() -> None:
    """`{} || {}` tries nothing, so a job asking it ends with no decision of kind NO_REASON (test_scenarios.py).
    Jobs 1, 2 and 3 ask it: job 1 is evaluated, and jobs 2 and 3 take their bucket's outcome, which is the same
    no-decision under their own ids, never a pend; alike in a session one job at a time and in a compact one.
    Kills: buckets.py:Buckets.known and Buckets.known_run handing out a remembered no-decision kind as a pend
    (the `isinstance(known, NoDecisionKind)` test negated)."""
    from refsim.sched.decisions import NoDecision, NoDecisionKind
    from refsim.sched.results import KnownOutcomes
    for compact in (False, True):
        state = SchedulerState(Cluster((Host("a", {"slots": 1}),)), reference_only=False)
        for number in (1, 2, 3):
            state.submit(Job(JobId(number), resreq="{} || {}"))
        outcomes = [outcome for result in run_session(state, 1, compact=compact)
                    for outcome in (result.outcomes if isinstance(result, KnownOutcomes) else (result.outcome,))]
        assert outcomes == [NoDecision(JobId(n), NoDecisionKind.NO_REASON) for n in (1, 2, 3)], compact
