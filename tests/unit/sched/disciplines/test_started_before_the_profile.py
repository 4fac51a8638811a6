"""A job started in a session before the round built its reservation profile is planned from now."""

from __future__ import annotations

from refsim.model.cluster import Cluster, Host, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend
from refsim.sched.disciplines import DISCIPLINES
from refsim.sched.events import DisciplineRuled, Release
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.sim.replay import planned
from tests.unit.sched.disciplines.test_traced_start_elsewhere import Recorder


def test_a_job_started_this_session_frees_its_slot_at_now_plus_its_run_limit():
    """Kills: refsim/sched/disciplines/base.py:91 (`self._started_now.add(job)` dropped in `started`).
    One one-slot host; at now 0 under easy, job 1 (run limit 10) starts as the head before any profile exists,
    then job 2 (run limit 5) does not fit and reserves. Nothing tells the session job 1's start (`start_of` is
    left unknown), so only the round's own note that job 1 started now plans it to end at 0 + 10: job 2's
    planned start is 10 and its reservation ends at 15. Without the note job 1 would be planned to run for ever
    and job 2 would get no reservation."""
    state = SchedulerState(Cluster((Host("h1", {"slots": 1}),), (Queue("normal", 0),)))
    for job, limit in ((1, 10), (2, 5)):
        state.submit(Job(JobId(job), run_time=limit, run_limit=limit, min_tasks=1, max_tasks=1))
    first, second = run_session(state, 1, discipline=DISCIPLINES["easy"](), now=0.0)
    assert isinstance(first.outcome, Dispatch) and first.job == JobId(1)
    assert isinstance(second.outcome, Pend) and second.job == JobId(2)
    reservation = planned(second)
    assert reservation is not None and (reservation.planned_start, reservation.end) == (10, 15)
    assert reservation.freed_by == (JobId(1),)


def test_a_job_running_since_an_earlier_session_is_released_from_its_own_start():
    """One one-slot host, now 4 under easy. Job 1 has run since 0 with run limit 10 (its start comes from
    `start_of`); job 2 (run limit 5) does not fit and reserves [10, 15). The trace's release names job 1 as
    running from 0 for its run limit 10, up to 10: planned from its own start, not from now (which would read
    4 + 6).
    Kills: refsim/sched/profile.py:Profile.__init__ taking now as the start of a running job whose start is
    known (`start is None` inverted)."""
    state = SchedulerState(Cluster((Host("h1", {"slots": 1}),), (Queue("normal", 0),)))
    one = Allocation((HostAllocation("h1", (("slots", 1),)),))
    state.submit(Job(JobId(1), run_time=10, run_limit=10))
    state.dispatched(JobId(1), one)
    state.submit(Job(JobId(2), submit_time=4, run_time=5, run_limit=5))
    traced = Recorder()
    (result,) = run_session(state, 1, observer_for=lambda job: traced, discipline=DISCIPLINES["easy"](), now=4.0,
                            start_of={JobId(1): 0.0}.get)
    assert isinstance(result.outcome, Pend)
    found = next(e for e in traced.events if isinstance(e, DisciplineRuled)).reservation
    assert (found.planned_start, found.end) == (10, 15)
    assert found.releases == (Release(JobId(1), 0.0, 10, one),)
