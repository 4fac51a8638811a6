"""FCFS selection order: the tie-breaks decide (queue time, then job id), not the submission order."""

from refsim.model.jobid import JobId
from refsim.sched.picker import Fcfs, pick_order
from tests.support.console import console_lines
from tests.support.scenario import cluster, host, job


def test_equal_priority_jobs_are_ordered_by_queue_time_then_id_not_by_submission():
    """Kills: the queue time dropped from Fcfs.sort_key (3 would go last, after 1 and 2), and the job id dropped
    (2 before 1: sorted() keeps the submission order 3, 2, 1 on a full tie)."""
    # Submitted 3 (t=0), then 2 and 1 (both t=5), all in one queue at one priority: 3 is earliest; 1 and 2 tie on
    # queue time and go in id order.
    jobs = [job(3, submit_time=0), job(2, submit_time=5), job(1, submit_time=5)]
    order = pick_order(jobs, cluster(host("a")), Fcfs())
    assert [j.id for j in order] == [JobId(3), JobId(1), JobId(2)]


def test_priorities_decide_before_queue_time():
    """Kills: the sign of the queue or job priority flipped in Fcfs.sort_key (low priority would go first)."""
    # 1: low queue, early; 2: high queue, late; 3: low queue, job priority 5, latest. High queue first, then the
    # higher job priority within the low queue, then queue time.
    c = cluster(host("a"), queues=(("low", 10), ("high", 50)))
    jobs = [job(1, queue="low", submit_time=0), job(2, queue="high", submit_time=9),
            job(3, queue="low", priority=5, submit_time=20)]
    assert [j.id for j in pick_order(jobs, c, Fcfs())] == [JobId(2), JobId(3), JobId(1)]


def test_a_session_reports_positions_in_fcfs_order():
    """Kills: run_session enumerating the pending jobs in submission order instead of the picker's order."""
    lines = console_lines("""
sessions: {policy: explicit}
events:
  - {time: 0, submit: {id: 3, run_time: 9}}
  - {time: 5, submit: {id: 2, run_time: 9}}
  - {time: 5, submit: {id: 1, run_time: 9}}
  - {time: 5, session: {}}
""", ["step 3"])
    assert lines == ["round 1 #1 dispatch 3 -> a*1", "round 1 #2 dispatch 1 -> a*1", "round 1 #3 dispatch 2 -> a*1"]
