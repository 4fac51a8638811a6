"""What strict tells the trace: a job that starts before any job waits started as a head; the first job that
does not fit is ruled nothing more than its own pend."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Dispatch, Pend
from refsim.sched.disciplines.strict import Strict
from refsim.sched.events import DisciplineRuled
from refsim.sched.results import StartRule
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from tests.unit.sched.disciplines.test_traced_start_elsewhere import Recorder


def test_strict_rules_a_first_start_a_head_and_the_first_pend_no_start_rule() -> None:
    """One 2-slot host: job 1 (1 task) fits and starts as a head (no job ahead waits); job 2 (2 tasks) does not
    fit and becomes the blocker, with no start rule; job 3 (1 task) fits but waits behind job 2.
    Kills: refsim/sched/disciplines/strict.py:StrictRound.rule giving the head rule to the job that does not fit
    instead of the one that starts (a negated `isinstance(outcome, Dispatch)`)."""
    state = SchedulerState(Cluster((Host("h", {"slots": 2}),)))
    for number, tasks in ((1, 1), (2, 2), (3, 1)):
        state.submit(Job(JobId(number), submit_time=number, run_time=5, min_tasks=tasks, max_tasks=tasks))
    traced = {n: Recorder() for n in (1, 2, 3)}
    results = list(run_session(state, 1, observer_for=lambda job: traced[job.job], discipline=Strict()))
    assert [(r.job.job, type(r.outcome)) for r in results] == [(1, Dispatch), (2, Pend), (3, Pend)]
    rules = {n: next(e for e in r.events if isinstance(e, DisciplineRuled)).rule for n, r in traced.items()}
    assert rules == {1: StartRule.HEAD, 2: None, 3: None}
    assert results[0].ruling.rule is StartRule.HEAD and results[1].ruling is None
    assert results[2].ruling.blocked_by == JobId(2)
