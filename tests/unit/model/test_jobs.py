"""A job's own rules (model/jobs.py): its task range, its run limit, and how long it runs once started."""

import pytest

from refsim.model.jobid import JobId
from refsim.model.jobs import Job


@pytest.mark.parametrize("low, high", [(1, 1), (1, 3), (4, 4)])
def test_a_task_range_from_1_with_min_at_most_max_is_taken(low, high):
    """Kills: Job's `1 <= min_tasks <= max_tasks` made strict on either side, or its lower bound moved to 2."""
    job = Job(JobId(1), min_tasks=low, max_tasks=high)
    assert (job.min_tasks, job.max_tasks) == (low, high)


@pytest.mark.parametrize("low, high", [(0, 1), (2, 1), (-1, 0)])
def test_a_task_range_below_1_or_with_min_above_max_is_refused_naming_the_job(low, high):
    """Kills: Job's task-range check negated or dropped, and its message's text."""
    with pytest.raises(ValueError) as caught:
        Job(JobId(7, 2), min_tasks=low, max_tasks=high)
    assert str(caught.value) == f"job 7[2]: task count {low},{high} is not 1 <= min <= max"


@pytest.mark.parametrize("limit", [0, -5, -0.5])
def test_a_run_limit_that_is_not_positive_is_refused_naming_the_job(limit):
    """Kills: Job's run-limit check negated, `run_limit <= 0` -> `< 0` (a limit of 0 would kill the job at once),
    its `and` -> `or`, the `0` bound -> `1`, and its message's text (a run limit of 0 makes no sense: LSF's RUNLIMIT is
    a positive time)."""
    with pytest.raises(ValueError) as caught:
        Job(JobId(3), run_limit=limit)
    assert str(caught.value) == f"job 3: run limit {limit} is not positive"


@pytest.mark.parametrize("limit", [None, 0.5, 1])
def test_no_run_limit_or_a_positive_one_is_taken(limit):
    """Kills: Job's `run_limit is not None` -> `is None` (None compared with 0 would fail) and the `0` bound -> `1`
    (a half-second limit is positive)."""
    assert Job(JobId(3), run_limit=limit).run_limit == limit


@pytest.mark.parametrize("run_time, limit, run", [
    (100, 50, 50),     # killed at its limit
    (30, 50, 30),      # ends on its own before the limit
    (100, None, 100),  # no limit: runs its whole run time
])
def test_a_job_runs_its_run_time_cut_at_its_run_limit(run_time, limit, run):
    """Kills: Job.run's `min` -> `max`, its `is None` test negated, and its return dropped."""
    assert Job(JobId(1), run_time=run_time, run_limit=limit).run == run
