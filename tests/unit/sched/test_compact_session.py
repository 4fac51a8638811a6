"""The pieces of a compact session: the FCFS queue the state keeps in order (instead of sorting each session), the
bucket memo's run of hits, and a compact session that a caller changes between its reports. The differential
property (tests/property/test_fast_path.py) replays compact sessions against the reference path; these pin down
each piece on hand-made states."""

from refsim.model.cluster import Cluster, Host, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.buckets import Buckets
from refsim.sched.decisions import Allocation, HostAllocation, Pend
from refsim.sched.picker import Fcfs, pick_order
from refsim.sched.results import KnownOutcomes, SessionResult
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


def _cluster(*names: str) -> Cluster:
    return Cluster(tuple(Host(n, {"slots": 1}) for n in names), queues=(Queue("normal", 10), Queue("high", 50)))


def test_the_kept_queue_is_the_fcfs_order_as_jobs_arrive_and_leave_and_after_a_cluster_change() -> None:
    """Kills: an arrival appended at the end (job 5, high queue, must go first), a departure leaving its job in
    the queue, and a cluster change keeping the old queue."""
    state = SchedulerState(_cluster("a"))
    for n, t in ((1, 4), (2, 0), (3, 4)):
        state.submit(Job(JobId(n), submit_time=t))
    assert [j.id.job for j in state.fcfs_queue()[0]] == [2, 1, 3]  # queue time, then id
    state.submit(Job(JobId(5), queue="high", submit_time=9))
    state.remove(JobId(1))
    state.dispatched(JobId(2), Allocation((HostAllocation("a", (("slots", 1),)),)))
    order, entries = state.fcfs_queue()
    assert [j.id.job for j in order] == [5, 3] == [e[0].id.job for e in entries]
    assert order == pick_order(state.pending.values(), state.cluster, Fcfs())
    state.set_cluster(Cluster(state.cluster.hosts, queues=(Queue("normal", 90), Queue("high", 50))))
    assert [j.id.job for j in state.fcfs_queue()[0]] == [3, 5]  # normal is now the higher queue


def test_a_run_of_hits_stops_at_the_first_job_whose_bucket_has_no_outcome() -> None:
    """Jobs 1 and 2 share a bucket (2 tasks), job 3 has its own (1 task): with only the 2-task bucket's outcome
    known, the run is jobs 1 and 2, stops at 3 and leaves the walk after it; job 2's outcome object is handed out
    again while its bucket's outcome is the same object, and nothing is known at another version."""
    buckets = Buckets(_cluster("a"))
    jobs = [Job(JobId(1), min_tasks=2, max_tasks=2), Job(JobId(2), min_tasks=2, max_tasks=2), Job(JobId(3))]
    entries = [buckets.entry(j) for j in jobs]
    assert buckets.known_run(iter(entries), 7) == ([], entries[0])  # a new version: nothing known yet
    reasons = ()
    buckets.remember(buckets.key(jobs[0]), reasons)
    walk = iter(entries)
    run, stop = buckets.known_run(walk, 7)
    assert run == [Pend(JobId(1), reasons), Pend(JobId(2), reasons)] and stop is entries[2]
    assert next(walk, None) is None
    again, _ = buckets.known_run(iter(entries[1:]), 7)
    assert again[0] is run[1]


def test_a_compact_session_reports_runs_of_hits_and_each_job_the_state_no_longer_knows_on_its_own() -> None:
    """One host, busy: jobs 1 to 4 (one task each) all pend in one bucket. Job 1 is explained (a SessionResult),
    jobs 2 to 4 hit its bucket. Removing job 3 after the first report makes the session check each job alone:
    job 3 gets the allocator's not-found no-decision, as a session that is not compact gives it."""
    def session(remove_after_first: bool, compact: bool = True) -> list[tuple[int, int, str]]:
        state = SchedulerState(_cluster("a"))
        state.usage.commit(JobId(99), Allocation((HostAllocation("a", (("slots", 1),)),)))
        for n in range(1, 5):
            state.submit(Job(JobId(n)))
        out = []
        for report in run_session(state, 1, compact=compact):
            for r in report.results() if isinstance(report, KnownOutcomes) else [report]:
                out.append((r.position, r.job.job, type(r.outcome).__name__))
            if remove_after_first and len(out) == 1:
                state.remove(JobId(3))
        return out

    whole = session(False)
    assert whole == [(1, 1, "Pend"), (2, 2, "Pend"), (3, 3, "Pend"), (4, 4, "Pend")]
    assert session(True) == [(1, 1, "Pend"), (2, 2, "Pend"), (3, 3, "NoDecision"), (4, 4, "Pend")]
    assert session(True) == session(True, compact=False)


def test_a_compact_session_gives_the_same_results_as_one_that_is_not() -> None:
    """Two free hosts, five one-task jobs: 1 and 2 dispatch, 3 to 5 pend (3 explained, 4 and 5 hit its bucket)."""
    def session(compact: bool) -> list[SessionResult]:
        state = SchedulerState(_cluster("a", "b"))
        for n in range(1, 6):
            state.submit(Job(JobId(n)))
        out: list[SessionResult] = []
        for report in run_session(state, 1, compact=compact):
            out += report.results() if isinstance(report, KnownOutcomes) else [report]
        return out

    compact = session(True)
    assert [type(r.outcome).__name__ for r in compact] == ["Dispatch"] * 2 + ["Pend"] * 3
    assert compact == session(False)


def test_a_run_of_hits_names_its_own_jobs_and_the_job_after_it_keeps_its_position() -> None:
    """One host, busy. Jobs 1, 2 and 4 ask one task (one bucket), jobs 3 and 5 two tasks (another): 1 and 3 are
    explained, 2 hits 1's bucket, 4 and 5 hit theirs. So the reports are job 1 (position 1), a run of job 2
    (first 2), job 3 at position 3, and a run of jobs 4 and 5 (first 4); each run's `jobs` are the job objects
    of its outcomes (a replay keeps each job's record by them). Kills: session.py:_greedy_compact the run's jobs
    sliced as `order[at:at - len(run)]`, `at -= len(run)` (job 3 reported at position 1), and the removal check
    negated (every job checked alone, no run at all); run_session taking the compact path only with an observer
    factory (`observer_for is not None`)."""
    state = SchedulerState(_cluster("a"))
    state.usage.commit(JobId(99), Allocation((HostAllocation("a", (("slots", 1),)),)))
    jobs = [Job(JobId(n), min_tasks=t, max_tasks=t) for n, t in ((1, 1), (2, 1), (3, 2), (4, 1), (5, 2))]
    for j in jobs:
        state.submit(j)
    reports = list(run_session(state, 1, compact=True))
    shape = [(type(r).__name__, r.position if isinstance(r, SessionResult) else r.first) for r in reports]
    assert shape == [("SessionResult", 1), ("KnownOutcomes", 2), ("SessionResult", 3), ("KnownOutcomes", 4)]
    assert reports[1].jobs == (jobs[1],) and reports[3].jobs == (jobs[3], jobs[4])
    assert [o.job.job for o in reports[3].outcomes] == [4, 5]


def test_a_session_is_not_compact_unless_asked() -> None:
    """One busy host, jobs 1 and 2 in one bucket: job 2 would hit job 1's bucket, yet a caller that does not ask
    for a compact session gets one SessionResult per job. Kills: session.py:run_session's `compact` default
    False -> True."""
    state = SchedulerState(_cluster("a"))
    state.usage.commit(JobId(99), Allocation((HostAllocation("a", (("slots", 1),)),)))
    for n in (1, 2):
        state.submit(Job(JobId(n)))
    assert [(type(r).__name__, r.position) for r in run_session(state, 1)] == [("SessionResult", 1),
                                                                                ("SessionResult", 2)]


def test_a_traced_job_under_a_discipline_starts_its_trace_with_its_selection() -> None:
    """Under easy, a traced job's first event is JobSelected with the round, its 1-based position and its id
    (job 2 is second in FCFS order). Kills: session.py:run_session's JobSelected event dropped on the
    discipline path."""
    from refsim.sched.disciplines import DISCIPLINES
    from refsim.sched.events import JobSelected

    state = SchedulerState(_cluster("a", "b"))
    for n in (1, 2):
        state.submit(Job(JobId(n)))
    seen: list[object] = []

    class Recorder:
        def event(self, event: object) -> None:
            seen.append(event)

    list(run_session(state, 3, observer_for=lambda job: Recorder() if job == JobId(2) else None,
                     discipline=DISCIPLINES["easy"]()))
    assert seen[0] == JobSelected(3, 2, JobId(2))


def test_the_greedy_discipline_named_explicitly_takes_the_compact_greedy_path() -> None:
    """A recording that names `discipline: greedy` passes the Greedy discipline itself, not None: its session is
    the same greedy session, so a compact one still reports runs of bucket hits (one host, busy; jobs 1 to 3 of
    one task: job 1 explained, 2 and 3 one run). Kills: session.py:run_session the `"greedy"` name mutated (a
    named greedy discipline sent down the discipline path, which never reports a run)."""
    from refsim.sched.disciplines.greedy import Greedy
    state = SchedulerState(_cluster("a"))
    state.usage.commit(JobId(99), Allocation((HostAllocation("a", (("slots", 1),)),)))
    for n in range(1, 4):
        state.submit(Job(JobId(n)))
    reports = list(run_session(state, 1, discipline=Greedy(), compact=True))
    assert [type(r).__name__ for r in reports] == ["SessionResult", "KnownOutcomes"]
    assert [j.id.job for j in reports[1].jobs] == [2, 3]


def test_a_traced_job_is_judged_in_full_even_when_its_bucket_already_has_an_outcome() -> None:
    """One host, busy; jobs 1 to 4 of one task share a bucket. Jobs 1 and 3 are untraced and pend (their bucket's
    outcome is then known); jobs 2 and 4 are traced, so each is judged again and its observer sees its selection
    and its decision. Kills: session.py:_greedy the memo asked for a job with an observer (`observer is None`
    inverted: job 4 would get job 3's remembered outcome with no trace at all)."""
    from refsim.sched import events as ev
    seen: dict[int, list[ev.Event]] = {2: [], 4: []}

    class Observer:
        def __init__(self, job: int) -> None:
            self.job = job

        def event(self, event: ev.Event) -> None:
            seen[self.job].append(event)

    state = SchedulerState(_cluster("a"))
    state.usage.commit(JobId(99), Allocation((HostAllocation("a", (("slots", 1),)),)))
    for n in range(1, 5):
        state.submit(Job(JobId(n)))
    results = list(run_session(state, 1, observer_for=lambda job: Observer(job.job) if job.job % 2 == 0 else None))
    assert [type(r.outcome).__name__ for r in results] == ["Pend"] * 4
    for n in (2, 4):
        assert seen[n][0] == ev.JobSelected(1, n, JobId(n))
        assert seen[n][-1] == ev.DecisionMade(results[n - 1].outcome)  # type: ignore[arg-type]
