"""A traced job that a discipline starts on other hosts than the allocator found: the session reports the hosts
the discipline chose as the allocation built and the decision made, after the allocator's own."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation
from refsim.sched.disciplines.conservative import Conservative
from refsim.sched.events import AllocationBuilt, DecisionMade
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


class Recorder:
    def __init__(self) -> None:
        self.events: list[object] = []

    def event(self, event: object) -> None:
        self.events.append(event)


def _on(host: str) -> Allocation:
    return Allocation((HostAllocation(host, (("slots", 1),)),))


def test_conservative_starting_a_job_on_its_best_fit_hosts_reports_them_built_and_decided() -> None:
    """Hosts h1 (1 slot), h2 (1 slot), h3 (2 slots), now 0.5. J1 runs on h1 and J2 on h3 since 0, both with run
    limit 10. J3 (4 tasks) cannot fit before 10 and waits with a backfill reservation there. J4 (1 task, limit 1)
    fits now: the allocator takes the first free host in cluster order, h2; conservative's reservation for
    [0.5, 1.5) takes the best fit, the host idle the shortest before 0.5: h3 (held by J2), not h2 (never held).
    J4 starts on h3, and its trace shows the allocator's h2 first, then h3 built and decided.
    Kills: session.py:run_session not reporting the allocation a discipline started a job on (AllocationBuilt)."""
    cluster = Cluster((Host("h1", {"slots": 1}), Host("h2", {"slots": 1}), Host("h3", {"slots": 2})))
    state = SchedulerState(cluster)
    for job, host in ((1, "h1"), (2, "h3")):
        state.submit(Job(JobId(job), run_time=10, run_limit=10))
        state.dispatched(JobId(job), _on(host))
    state.submit(Job(JobId(3), submit_time=0.5, min_tasks=4, max_tasks=4, run_time=1, run_limit=1))
    state.submit(Job(JobId(4), submit_time=0.5, run_time=1, run_limit=1))
    traced = Recorder()
    results = list(run_session(state, 1, observer_for=lambda job: traced if job == JobId(4) else None,
                               discipline=Conservative(), now=0.5, start_of={JobId(1): 0, JobId(2): 0}.get))
    assert [(r.job.job, type(r.outcome).__name__) for r in results] == [(3, "Pend"), (4, "Dispatch")]
    assert results[1].outcome == Dispatch(JobId(4), _on("h3"))
    built = [e for e in traced.events if isinstance(e, (AllocationBuilt, DecisionMade))]
    assert built == [AllocationBuilt(_on("h2")), DecisionMade(Dispatch(JobId(4), _on("h2"))),
                     AllocationBuilt(_on("h3")), DecisionMade(Dispatch(JobId(4), _on("h3")))]
