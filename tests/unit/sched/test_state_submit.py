"""The scheduler state accepts each job once."""

import pytest

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.state import SchedulerState


def test_a_job_submitted_twice_is_refused_and_the_first_is_kept():
    """Job 7 is known after its first submit; a second submit of job 7 (another run time) is refused with a
    message naming the job, and the state keeps the first job as it was, still pending once.
    Kills: refsim/sched/state.py:SchedulerState.submit accepting a known job again, or its message text."""
    state = SchedulerState(Cluster((Host("a", {"slots": 1}),)))
    first = Job(JobId(7), run_time=10)
    state.submit(first)
    with pytest.raises(ValueError, match=r"^job 7 was already submitted$"):
        state.submit(Job(JobId(7), run_time=20))
    assert state.jobs == {JobId(7): first} and list(state.pending.values()) == [first]
