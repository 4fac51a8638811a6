"""The facts a discipline gives the decision trace about one ruling (refsim/sched/disciplines/explain.py), on
tiny sessions whose reservations are worked out by hand in each docstring."""

from __future__ import annotations

import pytest

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, NoDecision, Pend, PendCode
from refsim.sched.disciplines import discipline
from refsim.sched.events import AllocationBuilt, DecisionMade, DisciplineRuled, ExtraTest, Release, Window
from refsim.sched.reservations import Extra
from refsim.sched.results import StartRule
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from tests.unit.sched.disciplines.schedule import simulate
from tests.unit.sched.disciplines.test_traced_start_elsewhere import Recorder


def _slots(host: str, count: int) -> Allocation:
    return Allocation((HostAllocation(host, (("slots", count),)),))


def _session(name: str, hosts: tuple[Host, ...], running: tuple[tuple[int, int, float, float, str], ...],
             waiting: tuple[Job, ...], now: float = 0) -> tuple[list, dict[int, DisciplineRuled]]:
    """One traced session under discipline `name` at `now`. `running` rows are (job, slots, run limit, start,
    host); `waiting` jobs are submitted in order. Gives the results and each traced job's ruling event."""
    state = SchedulerState(Cluster(hosts))
    for job, count, limit, _start, host in running:
        state.submit(Job(JobId(job), run_time=limit, run_limit=limit, min_tasks=count, max_tasks=count))
        state.dispatched(JobId(job), _slots(host, count))
    for job in waiting:
        state.submit(job)
    starts = {JobId(row[0]): row[3] for row in running}
    traced: dict[int, Recorder] = {}
    results = list(run_session(state, 1, observer_for=lambda job: traced.setdefault(job.job, Recorder()),
                               discipline=discipline(name), now=now, start_of=starts.get))
    ruled = {n: next(e for e in r.events if isinstance(e, DisciplineRuled)) for n, r in traced.items()
             if any(isinstance(e, DisciplineRuled) for e in r.events)}
    return results, ruled


def _job(number: int, tasks: int, limit: float | None, submit: float = 0, resreq: str = "") -> Job:
    return Job(JobId(number), submit_time=submit or number, resreq=resreq, min_tasks=tasks, max_tasks=tasks,
               run_time=limit or 5, run_limit=limit)


@pytest.mark.parametrize("name", ["easy", "easy-drevt", "conservative"])
def test_a_reservation_lists_the_running_jobs_that_end_by_its_planned_start_with_their_own_start(name):
    """One 3-slot host n, now 5. J1 holds 1 slot since 2 with run limit 10 (planned end 12); J2 holds 1 slot
    since 0 with run limit 30 (planned end 30). J3 (2 tasks, limit 5) does not fit on the one free slot; at 12,
    J1's end, 2 slots are free: its reservation is [12, 17), and the running jobs released by then are J1 only
    (start 2, run limit 10), not J2, which still runs at 12.
    Kills: refsim/sched/disciplines/explain.py:_found taking a release's run limit as end + start instead of
    end - start, and listing every running job instead of those the reservation waits for (`and` -> `or`)."""
    results, ruled = _session(name, (Host("n", {"slots": 3}),), ((1, 1, 10, 2, "n"), (2, 1, 30, 0, "n")),
                              (_job(3, 2, 5),), now=5)
    assert isinstance(results[0].outcome, Pend)
    found = ruled[3].reservation
    assert (found.planned_start, found.end) == (12, 17)
    assert found.releases == (Release(JobId(1), 2, 10, _slots("n", 1)),)
    assert found.releases[0].end == 12


def _extra_case(name: str) -> dict[int, DisciplineRuled]:
    """One 4-slot host n, now 0. J1 holds 2 slots since 0 with run limit 10. J2 (3 tasks, limit 5) does not fit
    and reserves [10, 15): at 10 J1 has ended, and J2's 3 slots leave 1 extra. J3 (1 task, limit 20) fits now
    but runs past 10; J4 (1 task, limit 20) likewise."""
    results, ruled = _session(name, (Host("n", {"slots": 4}),), ((1, 2, 10, 0, "n"),),
                              (_job(2, 3, 5), _job(3, 1, 20), _job(4, 1, 20)))
    assert [type(r.outcome) for r in results] == ([Pend, Dispatch, Pend] if name == "easy" else [Pend, Pend, Pend])
    return ruled


def test_textbook_easy_reports_the_extra_resources_test_of_each_job_running_past_the_planned_start():
    """Textbook EASY on _extra_case: J3 runs [0, 20) past J2's planned start 10, but the allocator places it
    beside J2 (2 + 1 slots before 10, 3 + 1 at 10): it starts on the extra resources, 1 slot of n, and the test
    is reported placed. J4 would make 3 + 1 + 1 = 5 slots at 10: it pends delaying J2, and the extra resources
    at 10 reported are none (J3 now holds the one extra slot). The head J2 and the first start run no such test.
    Kills: refsim/sched/disciplines/explain.py:_extra_test leaving out either test (returns None), reporting a
    placed test as not placed or a failed one as placed, testing only when no job delays (`is not None` ->
    `is None`), and skipping textbook EASY (`!=` -> `==`, or a misspelt discipline name)."""
    ruled = _extra_case("easy")
    assert ruled[2].extra_test is None
    assert ruled[3].rule is StartRule.EXTRA
    assert ruled[3].extra_test == ExtraTest(Extra((("n", (("slots", 1),)),), ()), True)
    assert ruled[4].delays == JobId(2)
    assert ruled[4].extra_test == ExtraTest(Extra((), ()), False)


def test_easy_drevt_runs_no_extra_resources_test():
    """DR_EVT's EASY on _extra_case: J3 and J4 do not end strictly before 10, so both pend delaying J2, with no
    extra-resources test at all (the variant has none).
    Kills: refsim/sched/disciplines/explain.py:_extra_test reporting a test for a discipline other than `easy`
    (`!=` -> `==` or the check negated)."""
    ruled = _extra_case("easy-drevt")
    assert ruled[3].delays == JobId(2) and ruled[4].delays == JobId(2)
    assert [ruled[n].extra_test for n in (2, 3, 4)] == [None, None, None]


@pytest.mark.parametrize("name, inclusive", [("easy", True), ("easy-drevt", False), ("conservative", False),
                                             ("conservative-drevt", False)])
def test_only_textbook_easy_lets_a_run_end_at_the_planned_start_it_protects(name, inclusive):
    """On _extra_case every discipline's facts say how a run's end was compared with the planned starts it
    protects: `<=` (inclusive) for textbook EASY only, `<` for the others (docs/disciplines.md).
    Kills: refsim/sched/disciplines/explain.py:explain not taking `inclusive` from the discipline's inclusive_shadow."""
    ruled = _extra_case(name) if name.startswith("easy") else _session(
        name, (Host("n", {"slots": 4}),), ((1, 2, 10, 0, "n"),), (_job(2, 3, 5), _job(3, 1, 20)))[1]
    assert {ruled[n].inclusive for n in ruled} == {inclusive}


def test_under_strict_a_job_that_does_not_fit_behind_the_first_waits_behind_it_too():
    """Strict, one 2-slot host: J1 (1 task) starts; J2 (2 tasks) does not fit and is the first job that waits;
    J3 (2 tasks) does not fit either and waits behind J2, as every later job does in that session. J2 itself
    waits behind no one.
    Kills: refsim/sched/disciplines/explain.py:explain not naming strict's first waiting job for a later job
    that does not fit (the discipline or attribute name misspelt, `==` -> `!=`)."""
    results, ruled = _session("strict", (Host("h", {"slots": 2}),), (), (_job(1, 1, 5), _job(2, 2, 5),
                                                                          _job(3, 2, 5)))
    assert [type(r.outcome) for r in results] == [Dispatch, Pend, Pend]
    assert [ruled[n].blocked_by for n in (1, 2, 3)] == [None, None, JobId(2)]


def test_conservative_drevt_lists_the_planned_starts_ahead_up_to_the_one_a_held_job_would_delay():
    """conservative-drevt, one 3-slot host n, now 0. J1 holds 2 slots since 0 with run limit 10. J2 (3 tasks,
    limit 5) and J3 (2 tasks, limit 1) wait, each with independent planned start 10. J4 (1 task, limit 20) fits
    but its run [0, 20) does not end before 10, J2's planned start: it pends delaying J2, the first job ahead,
    and the rule looked no further, so the facts list J2's planned start only.
    Kills: refsim/sched/disciplines/explain.py:_ahead going on past the job the held job would delay
    (`break` -> `continue`)."""
    results, ruled = _session("conservative-drevt", (Host("n", {"slots": 3}),), ((1, 2, 10, 0, "n"),),
                              (_job(2, 3, 5), _job(3, 2, 1), _job(4, 1, 20)))
    assert [type(r.outcome) for r in results] == [Pend, Pend, Pend]
    assert ruled[4].delays == JobId(2)
    assert ruled[4].ahead == ((JobId(2), 10),)


def test_conservative_holds_back_a_job_without_a_run_limit_whose_planned_start_is_now():
    """Conservative, hosts a (1 slot, type X) and b (2 slots, type Y), now 0. J1 holds b's 2 slots since 0
    with run limit 10. J2 (2 tasks on Y, limit 5) reserves [10, 15) on b and is the first waiting job; J3 (2
    tasks on Y, limit 1) reserves [15, 16) on b. J4 (1 task on X, no run limit) fits on a, and its reservation
    [0, for ever) on a meets no other: its planned start is now. Yet a job without a run limit is never
    backfilled: it pends blocked behind J2, the first waiting job (not J3), holding its reservation.
    Kills: refsim/sched/disciplines/conservative.py:ConservativeRound.rule starting a job without a run limit
    whose planned start is now (the head test inverted), giving it the backfill-window reason instead of
    blocked (`is not None` -> `is None`), leaving the blocked reason out, and taking every waiting job as the
    first (`and` -> `or`)."""
    hosts = (Host("a", {"slots": 1}, {"type": "X"}), Host("b", {"slots": 2}, {"type": "Y"}))
    results, ruled = _session("conservative", hosts, ((1, 2, 10, 0, "b"),),
                              (_job(2, 2, 5, resreq="select[type==Y]"), _job(3, 2, 1, resreq="select[type==Y]"),
                               _job(4, 1, None, resreq="select[type==X]")))
    assert [type(r.outcome) for r in results] == [Pend, Pend, Pend]
    assert [(r.ruling.reservation.planned_start, r.ruling.reservation.end) for r in results] == [
        (10, 15), (15, 16), (0, float("inf"))]
    assert {(x.code, x.detail) for x in results[2].outcome.reasons} == {
        (PendCode.BACKFILL_RESERVATION, ""), (PendCode.BLOCKED, "job 2")}
    assert results[2].ruling.blocked_by == JobId(2) and ruled[4].blocked_by == JobId(2)


@pytest.mark.parametrize("name", ["strict", "easy", "easy-drevt", "conservative", "conservative-drevt"])
def test_a_job_given_no_decision_holds_nothing_and_blocks_no_one(name):
    """One 2-slot host. J1's requirement `{}` tries nothing, so the allocator gives it no decision (pended
    without any pend reason); J2 (2 tasks) then fits and starts as the head of the session under every
    discipline, and J1 gets no ruling.
    Kills: refsim/sched/disciplines/conservative.py and conservative_drevt.py: rule() returning nothing for a
    job given no decision (the session then cannot read a ruling)."""
    results, ruled = _session(name, (Host("h", {"slots": 2}),), (), (_job(1, 1, 5, resreq="{}"), _job(2, 2, 5)))
    assert isinstance(results[0].outcome, NoDecision) and results[0].ruling is None
    assert results[1].outcome == Dispatch(JobId(2), _slots("h", 2))
    assert results[1].ruling.rule is StartRule.HEAD and ruled[2].rule is StartRule.HEAD


@pytest.mark.parametrize("name", ["easy", "easy-drevt", "conservative", "conservative-drevt"])
def test_a_job_that_can_never_be_placed_holds_nothing_and_blocks_no_one(name):
    """One 3-slot host. J1 (5 tasks) cannot be placed even on the empty cluster: it pends with no backfill
    reservation, and J2 (3 tasks), the next job, starts as the head of the session.
    Kills: refsim/sched/disciplines/conservative_drevt.py:DrevtConservativeRound._wait returning nothing for a
    never-placeable job."""
    results, ruled = _session(name, (Host("h", {"slots": 3}),), (), (_job(1, 5, 5), _job(2, 3, 5)))
    assert isinstance(results[0].outcome, Pend) and {x.code for x in results[0].outcome.reasons} == {
        PendCode.NO_PLAN}  # its own pend only: no backfill reservation
    assert results[0].ruling is None or results[0].ruling.reservation is None
    assert results[1].outcome == Dispatch(JobId(2), _slots("h", 3)) and results[1].ruling.rule is StartRule.HEAD


def _decided(name: str, waiting: tuple[Job, ...]) -> dict[int, list]:
    """Each job's AllocationBuilt and DecisionMade events, in a session under `name` on one 4-slot host n at now
    0 where J1 holds 2 slots since 0 with run limit 10."""
    state = SchedulerState(Cluster((Host("n", {"slots": 4}),)))
    state.submit(Job(JobId(1), run_time=10, run_limit=10, min_tasks=2, max_tasks=2))
    state.dispatched(JobId(1), _slots("n", 2))
    for job in waiting:
        state.submit(job)
    traced: dict[int, Recorder] = {}
    list(run_session(state, 1, observer_for=lambda job: traced.setdefault(job.job, Recorder()),
                     discipline=discipline(name), start_of={JobId(1): 0}.get))
    return {n: [e for e in r.events if isinstance(e, (AllocationBuilt, DecisionMade))] for n, r in traced.items()}


@pytest.mark.parametrize("name, rule", [("conservative", "planned start now"), ("easy", "extra resources")])
def test_a_start_on_the_allocators_own_hosts_is_built_and_decided_once(name, rule):
    """One host n: 4 slots, J1 holds 2 until 10. J2 (3 tasks, limit 5) waits for [10, 15). J3 (1 task, limit 20)
    fits on n now; conservative's earliest reservation for it is [0, 20) on n (2 + 1 slots before 10, 3 + 1
    after), textbook EASY places it on the extra slot at 10, also on n: the discipline starts it on the very
    allocation the allocator found, so its trace shows that allocation built and decided once, not again as a
    start elsewhere.
    Kills: refsim/sched/disciplines/base.py:started_as making a new dispatch when the allocation is the same
    (`or` -> `and`, `==` -> `!=`)."""
    events = _decided(name, (_job(2, 3, 5), _job(3, 1, 20)))
    assert events[3] == [AllocationBuilt(_slots("n", 1)), DecisionMade(Dispatch(JobId(3), _slots("n", 1)))], rule


@pytest.mark.parametrize("name", ["easy", "easy-drevt"])
def test_under_easy_a_job_that_does_not_fit_behind_the_reserved_one_waits_behind_it_with_no_reservation(name):
    """One 3-slot host n, now 0. J1 holds 2 slots since 0 with run limit 10. J2 (3 tasks, limit 5) does not fit
    and holds the session's one backfill reservation, [10, 15). J3 (2 tasks, limit 1) does not fit on the one free
    slot either: under EASY it gets no reservation of its own and keeps only its own pend, and its facts name the
    reservation it waits behind, J2's.
    Kills: refsim/sched/disciplines/easy.py:EasyRound.rule returning nothing for a job that does not fit behind
    the reserved job."""
    results, ruled = _session(name, (Host("n", {"slots": 3}),), ((1, 2, 10, 0, "n"),), (_job(2, 3, 5), _job(3, 2, 1)))
    assert [type(r.outcome) for r in results] == [Pend, Pend]
    assert PendCode.BACKFILL_RESERVATION in {x.code for x in results[0].outcome.reasons}
    assert PendCode.BACKFILL_RESERVATION not in {x.code for x in results[1].outcome.reasons}
    assert results[1].ruling is None and ruled[3].reservation is None
    assert ruled[3].protects == (Window(JobId(2), 10, 15),) and ruled[3].delays is None


# Hosts m and n (1 slot each). At 0 job 3 (run limit 10) starts on m. At 1 jobs 1 and 2 (run limit 5 each) come;
# an injected fault makes n's check for job 1 an internal error, so job 1 pends now (m is full). Planning never
# sees faults (they model errors in the decision, not in its plan), so a reservation tried from now would put
# job 1 on n at 1.
FAULTED = """
cluster:
  hosts:
    - {name: m, slots: 1}
    - {name: n, slots: 1}
events:
  - {time: 0, submit: {id: 3, run_time: 10, run_limit: 10}}
  - {time: 1, submit: {id: 1, run_time: 5, run_limit: 5}}
  - {time: 1, submit: {id: 2, run_time: 5, run_limit: 5}}
test:
  faults: [{point: host-check, job: 1, host: n}]
"""


@pytest.mark.parametrize("name, rule", [("easy", StartRule.ENDS_BEFORE), ("easy-drevt", StartRule.ENDS_BEFORE),
                                        ("conservative", StartRule.PLANNED_NOW)])
def test_a_job_that_does_not_fit_now_is_planned_from_the_first_release_never_from_now(name, rule):
    """On FAULTED, job 1 did not fit now, so EASY and conservative plan it from the running jobs' releases only:
    at 10, when job 3 ends, on m: [10, 15). Job 2 fits on n and its run [1, 6) ends before 10: it starts at 1.
    Kills: refsim/sched/disciplines/easy.py:EasyRound._reserve trying the blocked job's reservation from now
    (`from_now=False` -> True), which would reserve [1, 6) on n and hold job 2 back."""
    _, results = simulate(FAULTED, name)
    first, second = (r for r in results if r.round == 2)
    assert (first.job.job, type(first.outcome), second.job.job, type(second.outcome)) == (1, Pend, 2, Dispatch)
    held = first.ruling.reservation
    assert (held.planned_start, held.end, [h.host for h in held.allocation.hosts]) == (10, 15, ["m"])
    assert second.ruling.rule is rule and [h.host for h in second.outcome.allocation.hosts] == ["n"]


@pytest.mark.parametrize("name", ["easy", "easy-drevt"])
def test_under_easy_a_job_without_a_run_limit_that_fits_waits_blocked_behind_the_reserved_one(name):
    """One 3-slot host n, now 0. J1 holds 2 slots since 0 with run limit 10. J2 (3 tasks, limit 5) does not fit
    and holds the reservation [10, 15). J3 (1 task, no run limit) fits on the free slot, but a job without a run
    limit is never backfilled: it pends blocked behind J2 (no reservation of its own), protecting J2's.
    Kills: refsim/sched/disciplines/easy.py:EasyRound.rule returning nothing for a job without a run limit."""
    results, ruled = _session(name, (Host("n", {"slots": 3}),), ((1, 2, 10, 0, "n"),),
                              (_job(2, 3, 5), _job(3, 1, None)))
    assert [type(r.outcome) for r in results] == [Pend, Pend]
    assert {(x.code, x.detail) for x in results[1].outcome.reasons} == {(PendCode.BLOCKED, "job 2")}
    assert results[1].ruling.blocked_by == JobId(2) and ruled[3].blocked_by == JobId(2)
    assert ruled[3].protects == (Window(JobId(2), 10, 15),) and ruled[3].reservation is None
