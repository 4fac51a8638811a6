"""A job started in a session before the round built its reservation profile is planned from now."""

from __future__ import annotations

from refsim.model.cluster import Cluster, Host, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Pend
from refsim.sched.disciplines import DISCIPLINES
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.sim.replay import planned


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
