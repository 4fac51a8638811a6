"""What conservative-drevt tells the trace about a backfilled job: the independent planned starts it respected."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend, PendCode
from refsim.sched.disciplines.conservative_drevt import DrevtConservative
from refsim.sched.events import DisciplineRuled, Window
from refsim.sched.results import StartRule
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from tests.unit.sched.disciplines.test_traced_start_elsewhere import Recorder


def test_a_backfilled_job_protects_the_independent_planned_start_of_each_job_ahead() -> None:
    """One 3-slot host n, now 0. J1 runs 2 slots since 0 with run limit 10, so 1 slot is free. J2 (3 tasks,
    limit 5) and J3 (2 tasks, limit 1) do not fit and wait; their independent planned starts, from the running
    jobs alone, are both 10 (J1's planned end): windows [10, 15) and [10, 11). J4 (1 task, limit 5) fits now and
    its run [0, 5) ends before 10, so it is backfilled (ends-before) and protects both windows, in order ahead.
    Kills: refsim/sched/disciplines/conservative_drevt.py:DrevtConservativeRound.rule not recording a job ahead's
    planned start among those the backfilled job protects."""
    state = SchedulerState(Cluster((Host("n", {"slots": 3}),)))
    state.submit(Job(JobId(1), run_time=10, run_limit=10, min_tasks=2, max_tasks=2))
    state.dispatched(JobId(1), Allocation((HostAllocation("n", (("slots", 2),)),)))
    state.submit(Job(JobId(2), run_time=5, run_limit=5, min_tasks=3, max_tasks=3))
    state.submit(Job(JobId(3), submit_time=1, run_time=1, run_limit=1, min_tasks=2, max_tasks=2))
    state.submit(Job(JobId(4), submit_time=2, run_time=5, run_limit=5))
    traced = Recorder()
    results = list(run_session(state, 1, observer_for=lambda job: traced if job == JobId(4) else None,
                               discipline=DrevtConservative(), start_of={JobId(1): 0}.get))
    assert [(r.job.job, type(r.outcome)) for r in results] == [(2, Pend), (3, Pend), (4, Dispatch)]
    ruled = next(e for e in traced.events if isinstance(e, DisciplineRuled))
    assert ruled.rule is StartRule.ENDS_BEFORE
    assert ruled.protects == (Window(JobId(2), 10, 15), Window(JobId(3), 10, 11))
    assert ruled.ahead == ((JobId(2), 10), (JobId(3), 10))


def _session(*jobs: Job) -> list:
    """One session under conservative-drevt at now 0 on one 3-slot host n where J1 holds 2 slots since 0 with
    run limit 10."""
    state = SchedulerState(Cluster((Host("n", {"slots": 3}),)))
    state.submit(Job(JobId(1), run_time=10, run_limit=10, min_tasks=2, max_tasks=2))
    state.dispatched(JobId(1), Allocation((HostAllocation("n", (("slots", 2),)),)))
    for job in jobs:
        state.submit(job)
    return list(run_session(state, 1, discipline=DrevtConservative(), start_of={JobId(1): 0}.get))


def test_a_job_backfilled_this_session_counts_in_the_planned_starts_of_the_jobs_after_it() -> None:
    """J2 (3 tasks) waits for 10; J3 (1 task, limit 5) is backfilled on the free slot until 5; J4 (1 task, limit
    1) then finds no slot: its independent planned start is 5, when J3 ends, not now (as if J3 were not running).
    Kills: refsim/sched/disciplines/conservative_drevt.py:DrevtConservativeRound.started not telling the
    reservation profile of the job it started."""
    results = _session(Job(JobId(2), run_time=5, run_limit=5, min_tasks=3, max_tasks=3),
                       Job(JobId(3), submit_time=1, run_time=5, run_limit=5),
                       Job(JobId(4), submit_time=2, run_time=1, run_limit=1))
    assert [(r.job.job, type(r.outcome)) for r in results] == [(2, Pend), (3, Dispatch), (4, Pend)]
    assert (results[2].ruling.reservation.planned_start, results[2].ruling.reservation.end) == (5, 6)


def test_a_job_without_a_run_limit_that_fits_waits_blocked_behind_the_first_job_ahead() -> None:
    """J2 (3 tasks) waits for 10; J3 fits on the free slot but has no run limit, so it is never backfilled: it
    pends blocked behind J2, the first job ahead, and holds its own planned start (now: it fits).
    Kills: refsim/sched/disciplines/conservative_drevt.py:DrevtConservativeRound._wait leaving out the blocked
    reason."""
    results = _session(Job(JobId(2), run_time=5, run_limit=5, min_tasks=3, max_tasks=3),
                       Job(JobId(3), submit_time=1, run_time=5))
    held = results[1]
    assert {(r.code, r.detail) for r in held.outcome.reasons} == {
        (PendCode.BACKFILL_RESERVATION, ""), (PendCode.BLOCKED, "job 2")}
    assert held.ruling.blocked_by == JobId(2) and held.ruling.reservation.planned_start == 0


def test_a_start_drops_the_planned_starts_computed_before_it_from_the_facts_of_the_jobs_after_it() -> None:
    """J2 (3 tasks, limit 5) waits: independent planned start 10, J1's planned end. J3 (1 task, limit 5) is
    backfilled on the free slot until 5; its start changes the running jobs, so the planned starts computed
    before it are dropped (J2's is not computed again: no later job fits now and is tested against it). J4 and J5
    (1 task, limit 1 each) find no slot; each computes its own independent planned start, 5 (J3's end). The facts
    the trace gives for J5 are the planned starts computed for the jobs ahead since that start: J4's only.
    Kills: refsim/sched/disciplines/explain.py:_ahead stopping at the first job ahead with no planned start
    computed (`continue` -> `break`), and refsim/sched/disciplines/conservative_drevt.py:DrevtConservativeRound
    .started keeping the planned starts computed before the start (`_planned.clear()` dropped)."""
    state = SchedulerState(Cluster((Host("n", {"slots": 3}),)))
    state.submit(Job(JobId(1), run_time=10, run_limit=10, min_tasks=2, max_tasks=2))
    state.dispatched(JobId(1), Allocation((HostAllocation("n", (("slots", 2),)),)))
    state.submit(Job(JobId(2), run_time=5, run_limit=5, min_tasks=3, max_tasks=3))
    state.submit(Job(JobId(3), submit_time=1, run_time=5, run_limit=5))
    state.submit(Job(JobId(4), submit_time=2, run_time=1, run_limit=1))
    state.submit(Job(JobId(5), submit_time=3, run_time=1, run_limit=1))
    traced = Recorder()
    results = list(run_session(state, 1, observer_for=lambda job: traced if job == JobId(5) else None,
                               discipline=DrevtConservative(), start_of={JobId(1): 0}.get))
    assert [(r.job.job, type(r.outcome)) for r in results] == [(2, Pend), (3, Dispatch), (4, Pend), (5, Pend)]
    ruled = next(e for e in traced.events if isinstance(e, DisciplineRuled))
    assert ruled.ahead == ((JobId(4), 5),)
