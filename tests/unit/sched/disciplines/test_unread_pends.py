"""In a bulk session (its caller reads no pend, Round.pends_unread) conservative plans a job that pends only when a
later job that fits needs the plan, and conservative-drevt works out the planned starts of the jobs ahead only
when a start needs them. Worked by hand; both decide every start as a session that reports each pend does."""

from __future__ import annotations

import pytest

from refsim.sched.decisions import Dispatch
from refsim.sched.disciplines.conservative import ConservativeRound
from refsim.sched.plancarry import CarriedPlans
from refsim.sched.results import HeldCount, SessionResult, StartRule
from refsim.sim.replay import Simulator
from tests.support.recordings import recording
from tests.unit.sched.disciplines.schedule import one_slot_hosts

# Three one-slot hosts. t=0: job 1 (2 tasks, run limit 10) starts on n1 and n2. t=1, one session: job 2 (3 tasks)
# and job 3 (2 tasks) do not fit the one free host and pend; job 4 (1 task, limit 5) fits n3 and would end at 6,
# before job 2's reservation at 10: it starts, and to rule on it conservative plans jobs 2 and 3 first. Job 5
# (1 task) then finds no free host. Reported one by one, job 5 is planned too; in bulk nothing after job 4 fits,
# so nothing needs job 5's plan, and it is left unplanned.
BACKLOG = "scheduling: {discipline: conservative}\n" + one_slot_hosts(3) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 1, submit: {id: 3, run_time: 4, run_limit: 4, tasks: 2}}
  - {time: 1, submit: {id: 4, run_time: 5, run_limit: 5}}
  - {time: 1, submit: {id: 5, run_time: 100, run_limit: 100}}
"""


_EARLIEST = CarriedPlans.earliest


def _planned_at_1(monkeypatch: pytest.MonkeyPatch, bulk: bool,
                  text: str = BACKLOG) -> tuple[list[int], list[SessionResult | HeldCount]]:
    """The jobs conservative plans in the session at t=1, in order, and the session results of the replay."""
    planned: list[int] = []

    def noted(self, profile, job, fits, counted=None):
        if profile.now == 1:
            planned.append(job.id.job)
        return _EARLIEST(self, profile, job, fits, counted)

    monkeypatch.setattr(CarriedPlans, "earliest", noted)
    sim = Simulator(recording(text))
    sim.discipline.compiled = None  # type: ignore[attr-defined]  # the walk (tests/unit/sched/test_slotsession.py)
    reports = list(sim.reports(compact=True, bulk=bulk))
    return planned, [r for r in reports if isinstance(r, (SessionResult, HeldCount))]


def test_conservative_in_bulk_plans_only_the_jobs_a_start_needs(monkeypatch: pytest.MonkeyPatch):
    """Kills: conservative.py:ConservativeRound.rule ruling a job that fits before planning the jobs that pend
    ahead of it (job 4 would start with nothing reserved: HEAD, not PLANNED_NOW), or planning every pend at once
    (job 5 planned in bulk)."""
    one_by_one, reported = _planned_at_1(monkeypatch, bulk=False)
    in_bulk, results = _planned_at_1(monkeypatch, bulk=True)
    assert one_by_one == [2, 3, 4, 5]
    assert in_bulk == [2, 3, 4]
    starts = [(r.round, r.job.job, r.ruling.rule if r.ruling else None) for r in results
              if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)]
    assert (2, 4, StartRule.PLANNED_NOW) in starts
    assert starts == [(r.round, r.job.job, r.ruling.rule if r.ruling else None) for r in reported
                      if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)]


# Three one-slot hosts. t=0: job 1 (2 tasks, limit 10) starts on n1 and n2. t=1, one session: job 2 (3 tasks,
# limit 10) pends, its reservation [10, 20) on all three hosts; job 3, of job 2's bucket, pends too, [20, 30). Job 4
# (1 task, limit 50) fits n3, but its run [1, 51) meets job 2's reservation: it waits, reserved from 30. So does
# job 5, of job 4's bucket (a run limit is not part of a bucket), limit 40, also from 30 (two hosts are free then).
# Job 6, of that bucket too, limit 5, fits n3 and ends at 6, before 10: it starts. In bulk job 3 is counted with
# its bucket's pend (pend_held), jobs 5 and 6 asked with their bucket's fit (fit_held): each is left unplanned
# until job 6's start needs the plan, so jobs 2 to 5 are planned in order before it.
COUNTED_RUN = "scheduling: {discipline: conservative}\n" + one_slot_hosts(3) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 1, submit: {id: 3, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 1, submit: {id: 4, run_time: 50, run_limit: 50}}
  - {time: 1, submit: {id: 5, run_time: 40, run_limit: 40}}
  - {time: 1, submit: {id: 6, run_time: 5, run_limit: 5}}
"""


def test_conservative_in_bulk_plans_the_jobs_it_counted(monkeypatch: pytest.MonkeyPatch):
    """Kills: conservative.py:pend_held or fit_held leaving the counted job out of the jobs planned before a start
    (job 3 or job 5 missing from the bulk plan)."""
    planned, results = _planned_at_1(monkeypatch, bulk=True, text=COUNTED_RUN)
    assert planned == [2, 3, 4, 5, 6]
    counted = [(r.round, r.first, r.selected) for r in results if isinstance(r, HeldCount)]
    assert (2, 1, 4) in counted  # jobs 2 to 5 pend: job 3 counted with its bucket, job 5 held back by counts
    started = [(r.round, r.job.job, r.ruling.rule if r.ruling else None, [h.host for h in r.outcome.allocation.hosts])
               for r in results if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)]
    assert (2, 6, StartRule.PLANNED_NOW, ["n3"]) in started


# Two one-slot hosts. t=0: job 1 (2 tasks, limit 10) starts on both. t=1: jobs 2 and 3 find no free slot, so no
# job of the session can start: in bulk the session is counted whole, with no job ruled.
FULL = "scheduling: {discipline: conservative}\n" + one_slot_hosts(2) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 5, run_limit: 5}}
  - {time: 1, submit: {id: 3, run_time: 5, run_limit: 5, tasks: 2}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_conservative_counts_a_session_with_no_free_slot(monkeypatch: pytest.MonkeyPatch, bulk: bool):
    """Kills: conservative.py:starts_none_later false with no slot free (jobs 2 and 3 ruled in bulk)."""
    ruled: list[int] = []
    rule = ConservativeRound.rule

    def noted(self, job, outcome):
        if self.now == 1:
            ruled.append(job.id.job)
        return rule(self, job, outcome)

    monkeypatch.setattr(ConservativeRound, "rule", noted)
    reports = list(Simulator(recording(FULL)).reports(compact=True, bulk=bulk))
    assert ruled == ([] if bulk else [2, 3])
    assert ([(r.round, r.first, r.selected, r.pends) for r in reports if isinstance(r, HeldCount) and r.round == 2]
            == ([(2, 1, 2, 2)] if bulk else []))


# Two one-slot hosts. t=0: job 1 (3 tasks) can never be placed; job 2 (1 task, no run limit) fits. Reported one by
# one, job 1's planned start is None, so it is held nowhere and job 2 starts as a head. In bulk job 1 is held
# ahead unplanned; job 2's start works out that it can never be placed, so job 2 still starts as a head rather
# than pending blocked behind it.
NEVER_PLACEABLE = "scheduling: {discipline: conservative-drevt}\n" + one_slot_hosts(2) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 0, submit: {id: 2, run_time: 10}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_drevt_passes_over_a_job_ahead_that_can_never_be_placed(bulk: bool):
    """Kills: conservative_drevt.py:_first_planned_start taking a job that can never be placed for one with a
    planned start (job 2 pends blocked in bulk)."""
    reports = list(Simulator(recording(NEVER_PLACEABLE)).reports(compact=True, bulk=bulk))
    job2 = [r for r in reports if isinstance(r, SessionResult) and r.job.job == 2]
    assert len(job2) == 1 and isinstance(job2[0].outcome, Dispatch)
    assert job2[0].ruling is not None and job2[0].ruling.rule is StartRule.HEAD


# Four one-slot hosts, n0 closed. t=0: job 1 (limit 10) starts on n1, job 2 (limit 20) on n2. t=1: job 3 (3
# tasks) pends: at 10 only n1 and n3 are open and free, so its reservation is at 20. Job 4 (1 task, limit 12)
# fits n3 and would end at 13, before 20: it starts. Counts alone would see 4 slots, 1 held at 10, and put job 3
# at 10, where job 4's run meets it: they would hold job 4 back. A closed host leaves counts out. At 20 job 3,
# alone in the queue, starts as the head on the allocator's first free hosts in scan order: n1, n2, n3.
CLOSED_HOST = """
scheduling: {discipline: conservative}
cluster:
  hosts:
    - {name: n0, slots: 1}
    - {name: n1, slots: 1}
    - {name: n2, slots: 1}
    - {name: n3, slots: 1}
events:
  - {time: 0, host: {name: n0, status: closed}}
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10}}
  - {time: 0, submit: {id: 2, run_time: 20, run_limit: 20}}
  - {time: 1, submit: {id: 3, run_time: 5, run_limit: 5, tasks: 3}}
  - {time: 1, submit: {id: 4, run_time: 12, run_limit: 12}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_a_closed_host_leaves_the_start_to_the_plan(bulk: bool):
    """Kills: slotplan.py:SlotPlan.of trusting counts on a cluster with a closed host (job 4 held back in bulk)."""
    reports = list(Simulator(recording(CLOSED_HOST)).reports(compact=True, bulk=bulk))
    starts = {r.job.job: (r.round, [h.host for h in r.outcome.allocation.hosts]) for r in reports
              if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)}
    assert starts[4] == (2, ["n3"])
    assert starts[3][1] == ["n1", "n2", "n3"]


# Three one-slot hosts, conservative-drevt. t=0: job 1 (limit 10) starts on n1. t=1, one session: job 2 (3 tasks)
# pends, planned at 10. Job 3 (limit 5) fits n2 and ends at 6, before 10: it starts. Job 4 (2 tasks) pends: with
# jobs 1 and 3 running, two hosts are free first at 6, its planned start. Job 5 (limit 3) fits n3 and ends at 4,
# before 10 and 6: it starts. Counts taken before job 3 started would put job 4 at 1 and hold job 5 back.
STARTED_IN_SESSION = "scheduling: {discipline: conservative-drevt}\n" + one_slot_hosts(3) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10}}
  - {time: 1, submit: {id: 2, run_time: 5, run_limit: 5, tasks: 3}}
  - {time: 1, submit: {id: 3, run_time: 5, run_limit: 5}}
  - {time: 1, submit: {id: 4, run_time: 5, run_limit: 5, tasks: 2}}
  - {time: 1, submit: {id: 5, run_time: 3, run_limit: 3}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_drevt_counts_again_after_a_start(bulk: bool):
    """Kills: conservative_drevt.py:DrevtConservativeRound.started keeping the counts taken before a start."""
    reports = list(Simulator(recording(STARTED_IN_SESSION)).reports(compact=True, bulk=bulk))
    starts = {r.job.job: (r.round, r.ruling.rule if r.ruling else None) for r in reports
              if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)}
    assert starts[3] == (2, StartRule.ENDS_BEFORE) and starts[5] == (2, StartRule.ENDS_BEFORE)


# Four one-slot hosts, conservative-drevt. t=0: job 1 (2 tasks, limit 10) starts on n1 and n2. t=1: job 2 (4
# tasks) pends; its independent planned start is 10, when job 1 frees all four hosts. t=2, after arrivals alone
# (nothing committed since, so the state version is the one of t=1): job 2's bucket already has its pend, so a
# bulk session counts job 2 without ruling it, and the round takes it in (pend_held). Job 3 (limit 7) fits n3 and
# ends at 9, before 10: it starts, backfilled. Job 4 (limit 20) fits n4 but would end at 22, not before 10: it
# waits. t=3, after job 5's arrival alone: job 4's bucket already fits, so it is counted held back (fit_held) and
# taken in: it fits now, so its planned start is 3, and job 5 (limit 6, ending at 9) waits behind it. Without
# job 2 taken in at 2, nothing would be ahead and jobs 3 and 4 would start as heads; without job 4 taken in at 3,
# job 5 would end before 10, job 2's start, and start.
ARRIVAL_ALONE = "scheduling: {discipline: conservative-drevt}\n" + one_slot_hosts(4) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 5, run_limit: 5, tasks: 4}}
  - {time: 2, submit: {id: 3, run_time: 7, run_limit: 7}}
  - {time: 2, submit: {id: 4, run_time: 20, run_limit: 20}}
  - {time: 3, submit: {id: 5, run_time: 6, run_limit: 6}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_drevt_takes_in_the_jobs_counted_with_their_buckets_outcome(bulk: bool):
    """Kills: conservative_drevt.py:pend_held and fit_held leaving the counted job out of the jobs ahead (in
    bulk, jobs 3 and 4 start as heads; job 5 starts)."""
    reports = list(Simulator(recording(ARRIVAL_ALONE)).reports(compact=True, bulk=bulk))
    starts = {r.job.job: (r.round, r.ruling.rule if r.ruling else None) for r in reports
              if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch) and r.round <= 4}
    assert starts == {1: (1, StartRule.HEAD), 3: (3, StartRule.ENDS_BEFORE)}
    counted = [(r.round, r.first, r.selected) for r in reports if isinstance(r, HeldCount)]
    assert ((3, 1, 1) in counted) is bulk  # job 2, counted with its bucket's pend
    assert ((4, 1, 3) in counted) is bulk  # jobs 2, 4 (held back with its bucket's fit) and 5, in one count


# Four one-slot hosts, conservative-drevt, a queue of higher priority. t=0: job 1 (2 tasks, limit 10) starts on n1
# and n2. t=1: job 2 (4 tasks) pends, planned at 10; job 3 (limit 20) fits n3 but would end at 21: it waits. t=2,
# after an arrival alone: job 4 (limit 5) in the queue of higher priority comes first. Its bucket (one task, as job
# 3's) already fits, but nothing is ahead of it: it starts as a head, not counted held back.
HIGHER_QUEUE = """
scheduling: {discipline: conservative-drevt}
cluster:
  hosts: [{name: n1, slots: 1}, {name: n2, slots: 1}, {name: n3, slots: 1}, {name: n4, slots: 1}]
  queues: [{name: normal, priority: 0}, {name: high, priority: 10}]
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2, queue: normal}}
  - {time: 1, submit: {id: 2, run_time: 5, run_limit: 5, tasks: 4, queue: normal}}
  - {time: 1, submit: {id: 3, run_time: 20, run_limit: 20, queue: normal}}
  - {time: 2, submit: {id: 4, run_time: 5, run_limit: 5, queue: high}}
"""


@pytest.mark.parametrize("bulk", [False, True])
def test_drevt_rules_a_counted_fit_that_starts(bulk: bool):
    """Kills: conservative_drevt.py:fit_held holding back a job that fits with nothing ahead (job 4 pends in
    bulk)."""
    reports = list(Simulator(recording(HIGHER_QUEUE)).reports(compact=True, bulk=bulk))
    starts = {r.job.job: (r.round, r.ruling.rule if r.ruling else None) for r in reports
              if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch) and r.round <= 3}
    assert starts == {1: (1, StartRule.HEAD), 4: (3, StartRule.HEAD)}
