"""A session under an ordering policy other than FCFS, and the greedy round through the session's general
discipline loop: the session takes the jobs in the policy's order, and greedy's round keeps every outcome the
allocator gives."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, Pend, PendCode
from refsim.sched.disciplines import DISCIPLINES
from refsim.sched.disciplines.greedy import Greedy
from refsim.sched.profile import StartOf
from refsim.sched.results import KnownOutcomes, SessionResult
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


class NewestFirst:
    """An ordering policy that selects the highest job id first (not FCFS, so the session sorts by it)."""

    name = "newest-first"

    def sort_key(self, job: Job, cluster: Cluster) -> tuple[object, ...]:
        return (-job.id.job,)

    def keys(self, job: Job, cluster: Cluster) -> tuple[tuple[str, str], ...]:
        return (("job", str(job.id)),)


def _results(compact: bool) -> list[SessionResult]:
    state = SchedulerState(Cluster((Host("a", {"slots": 1}),)))
    for n in (1, 2, 3):
        state.submit(Job(JobId(n)))
    out: list[SessionResult] = []
    for report in run_session(state, 1, NewestFirst(), compact=compact):
        out += report.results() if isinstance(report, KnownOutcomes) else [report]
    return out


def test_a_session_selects_jobs_in_the_order_its_policy_gives() -> None:
    """One 1-slot host, jobs 1, 2, 3 of one task: newest first selects 3 (it takes the slot), then 2 and 1 (they
    pend), compact or not.
    Kills: session.py:run_session ordering the jobs by anything but the policy given."""
    for compact in (False, True):
        results = _results(compact)
        assert [(r.position, r.job.job) for r in results] == [(1, 3), (2, 2), (3, 1)]
        assert [type(r.outcome) for r in results] == [Dispatch, Pend, Pend]


class _GreedyUnderAnotherName:
    """Greedy's round, described as holding back, so the session does not take the greedy shortcut for it."""

    name = "greedy-round"
    holds_back = True

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> object:
        return Greedy().open(state, now, start_of)


def test_the_greedy_round_keeps_every_outcome_the_allocator_gives() -> None:
    """Two 1-slot hosts, jobs 1 to 3: through the general discipline loop greedy's round starts 1 and 2 and lets 3
    pend, with no ruling, exactly as the session's greedy shortcut decides.
    Kills: greedy.py:GreedyRound.rule and Greedy.open returning nothing."""
    def session(discipline: object) -> list[tuple[int, type, object]]:
        state = SchedulerState(Cluster((Host("a", {"slots": 1}), Host("b", {"slots": 1}))))
        for n in (1, 2, 3):
            state.submit(Job(JobId(n)))
        return [(r.job.job, type(r.outcome), r.ruling)
                for r in run_session(state, 1, discipline=discipline)]  # type: ignore[arg-type]

    assert session(_GreedyUnderAnotherName()) == [(1, Dispatch, None), (2, Dispatch, None), (3, Pend, None)]
    assert session(_GreedyUnderAnotherName()) == session(None)


def test_a_running_job_whose_start_the_session_is_not_told_is_planned_to_run_for_ever():
    """One one-slot host under easy at now 5: job 1 runs with run limit 10, but the session is given no start
    times (`start_of` left out), so job 1 is planned to hold the host for ever and job 2, which does not fit,
    gets no backfill reservation: it pends with its own reason only.
    Runs refsim/sched/session.py:_unknown_start, run_session's default for running jobs' starts (no mutant
    lives in it; no other test ran it)."""
    state = SchedulerState(Cluster((Host("h", {"slots": 1}),)))
    state.submit(Job(JobId(1), run_time=10, run_limit=10))
    state.dispatched(JobId(1), Allocation((HostAllocation("h", (("slots", 1),)),)))
    state.submit(Job(JobId(2), run_time=5, run_limit=5))
    (result,) = run_session(state, 1, discipline=DISCIPLINES["easy"](), now=5.0)
    assert isinstance(result.outcome, Pend) and result.ruling is None
    assert PendCode.BACKFILL_RESERVATION not in {r.code for r in result.outcome.reasons}
