"""Conservative's bulk sessions on one-slot hosts worked out at once (refsim/sched/slotsession.py and its compiled
kernel): a session worked by hand, the same session walked, and every case where the kernel declines."""

from __future__ import annotations

from refsim.model.cluster import Cluster, Host, HostStatus
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation
from refsim.sched.disciplines.conservative import Conservative
from refsim.sched.results import Ruling, SessionResult, StartRule
from refsim.sched.session import run_session
from refsim.sched.slotsession import SlotSessions
from refsim.sched.state import SchedulerState

HOSTS = tuple(Host(f"h{n}", {"slots": 1}) for n in range(4))
STARTED = {JobId(1): -5.0, JobId(2): -2.0}  # the running jobs' starts


def _on(*hosts: str) -> Allocation:
    return Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in hosts))


def _state(queue: list[Job], hosts: tuple[Host, ...] = HOSTS, reference: bool = False) -> SchedulerState:
    """At 0: job 1 runs on h0 from -5 with a limit of 11 (planned to end at 6), job 2 on h1 from -2 with a limit of
    5 (ends at 3); job 3 ran on h2 and ended at -1; h3 has never been held. Then `queue` waits, in that order."""
    state = SchedulerState(Cluster(hosts), reference_only=reference)
    for job, host in ((Job(JobId(1), run_limit=11.0), "h0"), (Job(JobId(2), run_limit=5.0), "h1"),
                      (Job(JobId(3), run_limit=1.0), "h2")):
        state.submit(job)
        state.dispatched(job.id, _on(host))
    state.finish(JobId(3), at=-1.0)
    for job in queue:
        state.submit(job)
    return state


def _job(number: int, tasks: int, limit: float | None, resreq: str = "", low: int | None = None) -> Job:
    return Job(JobId(number), min_tasks=tasks if low is None else low, max_tasks=tasks, run_limit=limit,
               resreq=resreq)


QUEUE = [_job(10, 3, 4.0), _job(11, 1, 2.0), _job(12, 1, 5.0), _job(13, 1, 3.0), _job(14, 1, 1.0)]


def _starts(state: SchedulerState) -> list[tuple[int, Dispatch, Ruling]] | None:
    return SlotSessions(shortest=1).starts(state, 0.0, STARTED.get, state.fcfs_queue()[0])


def test_a_session_worked_by_hand():
    """Four one-slot hosts at 0: h0 held until 6, h1 until 3, h2 idle since -1, h3 never held.

    - Job 10 (3 tasks, 4 s) does not fit (two hosts free). By counts (one slot may stay held) its start is 3, where
      h1 frees: [3, 7) meets h0's holding until 6, one slot. It waits, unplanned.
    - Job 11 (1 task, 2 s) fits, and counts start it now, so job 10 is placed first: over [3, 7) h1 (idle 0 s
      before, its holding ends at 3), h2 (idle 4 s since -1), h3 (never held). Then job 11 over [0, 2): h2 and h3
      are free; h2 was idle 1 s before 0, h3 for ever: h2. A planned start now.
    - Job 12 (1 task, 5 s) fits (h3), but [0, 5) meets [3, 6), where h0 and job 10's three hosts hold four slots;
      the next start is 6 (h0's end): [6, 7) holds job 10's three. It waits.
    - Job 13 (1 task, 3 s) fits and counts start it now: job 12 is placed over [6, 11) on h0, the one host job 10
      leaves; job 13 over [0, 3) on h3 (h2 is job 11's until 2).
    - Job 14: no host is free now, so no later job starts."""
    assert _starts(_state(QUEUE)) == [
        (1, Dispatch(JobId(11), _on("h2")), Ruling(StartRule.PLANNED_NOW)),
        (3, Dispatch(JobId(13), _on("h3")), Ruling(StartRule.PLANNED_NOW)),
    ]


def test_the_walk_decides_the_same_session():
    """The same session walked by conservative's rounds (the kernel off), on the fast path and on the reference
    path, in bulk: the same starts, rules and hosts."""
    for reference in (False, True):
        state = _state(QUEUE, reference=reference)
        walked = Conservative(compiled=False)
        results = run_session(state, 1, discipline=walked, now=0.0, start_of=STARTED.get, compact=not reference,
                              bulk=not reference)
        starts = [(r.position - 1, r.outcome, r.ruling.rule if r.ruling else None) for r in results
                  if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)]
        assert starts == [(1, Dispatch(JobId(11), _on("h2")), StartRule.PLANNED_NOW),
                          (3, Dispatch(JobId(13), _on("h3")), StartRule.PLANNED_NOW)]


def test_a_job_that_fits_before_any_waits_starts_on_the_first_free_hosts():
    """Before any job waits, a job that fits starts as the allocator places it: the first free host in the
    cluster's order, here h3 (listed before h2), where best fit would take h2 (idle 1 s against for ever)."""
    state = _state([_job(10, 1, 1.0)], hosts=(HOSTS[0], HOSTS[1], HOSTS[3], HOSTS[2]))
    assert _starts(state) == [(0, Dispatch(JobId(10), _on("h3")), Ruling(StartRule.HEAD))]


def test_no_start_when_no_job_fits_now():
    assert _starts(_state([_job(10, 3, 4.0), _job(11, 4, 1.0)])) == []


def test_the_kernel_declines_where_the_walk_must_decide():
    """None (the session is walked) for a job with a requirement string, a task range or no run limit, a run too
    short to end after it starts at the instants the session plans (1e-17 after 6: the kernel's holdings have
    positive length), a host closed, a host with two slots, and on the reference path."""
    assert _starts(_state(QUEUE + [_job(20, 1, 1.0, resreq="span[hosts=1]")])) is None
    assert _starts(_state(QUEUE + [_job(20, 1, 1e-17)])) is None
    assert _starts(_state(QUEUE + [_job(20, 1, 1e-9)])) is not None  # short, but its end is after its start
    assert _starts(_state(QUEUE + [_job(20, 2, 1.0, low=1)])) is None
    assert _starts(_state(QUEUE + [_job(20, 1, None)])) is None
    closed = HOSTS[:3] + (Host("h3", {"slots": 1}, status=HostStatus.CLOSED),)
    assert _starts(_state(QUEUE, hosts=closed)) is None
    assert _starts(_state(QUEUE, hosts=HOSTS[:3] + (Host("h3", {"slots": 2}),))) is None
    assert _starts(_state(QUEUE, reference=True)) is None


def test_a_short_queue_is_walked():
    """Fewer waiting jobs than SHORTEST: the session is walked (None), by default; five are worked out when one is."""
    state = _state(QUEUE)
    assert SlotSessions().starts(state, 0.0, STARTED.get, state.fcfs_queue()[0]) is None
    assert SlotSessions(shortest=5).starts(state, 0.0, STARTED.get, state.fcfs_queue()[0]) is not None
    assert SlotSessions(shortest=6).starts(state, 0.0, STARTED.get, state.fcfs_queue()[0]) is None


def test_a_round_that_reads_pends_walks():
    """Outside a bulk session the round works nothing out at once: its pends are read."""
    state = _state(QUEUE)
    discipline = Conservative()
    discipline.compiled = SlotSessions(shortest=1)
    round_ = discipline.open(state, 0.0, STARTED.get)
    assert round_.starts_at_once(state.fcfs_queue()[0]) is None
    round_.pends_unread()
    assert round_.starts_at_once(state.fcfs_queue()[0]) is not None
