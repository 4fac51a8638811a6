"""Conservative's sketch by slot counts kept from one bulk session to the next (refsim/sched/countplan.py), worked by
hand on one-slot hosts: which sessions it is carried into, what it holds there, and that every start is the one
a replay reporting each decision makes."""

from __future__ import annotations

import pytest

from refsim.sched.countplan import CountPlan
from refsim.sched.decisions import Dispatch
from refsim.sched.results import SessionResult, StartRule
from refsim.sim.replay import Simulator
from tests.support.recordings import recording
from tests.unit.sched.disciplines.schedule import one_slot_hosts

# Three one-slot hosts. t=0: job 1 (2 tasks, limit 10) starts on n1 and n2. t=1: job 2 (3 tasks, limit 10) waits
# for all three hosts, sketched at 10; job 3 (1 task, limit 20) fits n3 but its run meets job 2's: sketched at 20.
# The sketch is kept. t=2, after job 4's arrival alone: jobs 2 and 3 keep their starts (carried); job 4 (limit 3)
# fits n3 and ends at 5, before 10: it starts, and the sketch holds it from now. t=5: job 4 ended on time:
# carried. t=10: job 1 ended on time: carried; job 2 starts at its sketched start, as the head, and leaves the
# sketch. t=20: job 2 ended: carried, and job 3 starts. t=40: job 3 ended: carried, with nothing in it.
ON_TIME = "scheduling: {discipline: conservative}\n" + one_slot_hosts(3) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 1, submit: {id: 3, run_time: 20, run_limit: 20}}
  - {time: 2, submit: {id: 4, run_time: 3, run_limit: 3}}
"""


def _replay(text: str, bulk: bool, monkeypatch: pytest.MonkeyPatch | None = None):
    """The starts (session instant, job, hosts, rule) and, when `monkeypatch` is given, each session the sketch
    was carried into: (now, [(job, start), ...]) as carried."""
    carried: list[tuple[float, list[tuple[int, float | None]]]] = []
    if monkeypatch is not None:
        kept = CountPlan.carried

        def noted(self, state, now):
            sketched = kept(self, state, now)
            if sketched is not None:
                carried.append((now, [(j.id.job, s) for j, s in zip(sketched.jobs, sketched.starts)]))
            return sketched

        monkeypatch.setattr(CountPlan, "carried", noted)
    sim = Simulator(recording(text))
    sim.discipline.compiled = None  # type: ignore[attr-defined]  # the walk, which keeps the sketch
    starts = []
    for report in sim.reports(compact=bulk, bulk=bulk):
        if isinstance(report, SessionResult) and isinstance(report.outcome, Dispatch):
            starts.append((sim.time, report.job.job, [h.host for h in report.outcome.allocation.hosts],
                           report.ruling.rule if report.ruling is not None else None))
    return starts, carried


def test_a_sketch_is_carried_across_arrivals_starts_and_ends_on_time(monkeypatch: pytest.MonkeyPatch):
    """Kills: conservative.py keeping a started job in the sketch's jobs, not telling the count plan of a start
    (ConservativeRound.started), or not holding a start the sketch did not hold (the next sessions sketch afresh:
    nothing carried, or other starts)."""
    starts, carried = _replay(ON_TIME, bulk=True, monkeypatch=monkeypatch)
    assert starts == [(0, 1, ["n1", "n2"], StartRule.HEAD), (2, 4, ["n3"], StartRule.PLANNED_NOW),
                      (10, 2, ["n1", "n2", "n3"], StartRule.HEAD), (20, 3, ["n1"], StartRule.HEAD)]
    assert starts == _replay(ON_TIME, bulk=False)[0]
    assert carried == [(2, [(2, 10), (3, 20)]), (5, [(2, 10), (3, 20)]), (10, [(2, 10), (3, 20)]), (20, [(3, 20)]),
                       (40, [])]


# Two one-slot hosts. t=0: job 1 (limit 10) starts on n1. t=1: job 2 (2 tasks, no run limit) waits, sketched at 10
# holding both hosts for ever; job 3 (limit 20) fits n2 but can never be placed around it: ruled, it pends with no
# reservation, and stays in the sketch holding nothing; job 5 (limit 5) fits n2 and ends at 6, before 10: it
# starts. t=2: job 4 (limit 5) waits for n2: carried, job 3 in it. t=6: job 5 ended on time: carried; job 4 now
# fits n2 and, as job 3, can never be placed. t=10: carried; job 2 starts at its sketched start. It ends at 20, its
# run time (an end before the sketch's, which held it for ever): not carried; jobs 3 and 4 start.
NEVER = "scheduling: {discipline: conservative}\n" + one_slot_hosts(2) + """
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10}}
  - {time: 1, submit: {id: 2, run_time: 10, tasks: 2}}
  - {time: 1, submit: {id: 3, run_time: 20, run_limit: 20}}
  - {time: 1, submit: {id: 5, run_time: 5, run_limit: 5}}
  - {time: 2, submit: {id: 4, run_time: 5, run_limit: 5}}
"""


def test_a_job_that_can_never_be_placed_stays_in_the_carried_sketch(monkeypatch: pytest.MonkeyPatch):
    """Kills: conservative.py:_after_ruling leaving the place of the next job at the one that can never be placed
    (job 5 is then not the job the sketch holds there: the sketch is made afresh and not carried)."""
    starts, carried = _replay(NEVER, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(NEVER, bulk=False)[0]
    assert (1, 5, ["n2"], StartRule.PLANNED_NOW) in starts
    assert carried == [(2, [(2, 10), (3, None)]), (6, [(2, 10), (3, None)]), (10, [(2, 10), (3, None), (4, None)])]


# Four one-slot hosts, a session every 4 seconds. t=0: job 1 (2 tasks, limit 6) starts on n1, n2 and job 2 (limit
# 12) on n3. Job 3 (4 tasks) waits, sketched at 12; job 4 (2 tasks, limit 3) does not fit the one free host,
# sketched at 6 (it ends at 9, before 12); job 5 (limit 20) fits n4 but meets job 3: sketched at 17. t=4: carried.
# Job 1 ends at 6, between sessions. t=8: job 4's sketched start, 6, is past: the sketch is not carried. Sketched
# afresh, job 4 fits now (n1, n2, n4 are free) and ends at 11, before 12: it starts. A sketch carried with the past
# start would hold it back. (Job 6, at 40, keeps the sessions going: they stop when no recorded event is left.)
PAST_START = "scheduling: {discipline: conservative}\nsessions: {policy: every, interval: 4}\n" + one_slot_hosts(4) + """
events:
  - {time: 0, submit: {id: 1, run_time: 6, run_limit: 6, tasks: 2}}
  - {time: 0, submit: {id: 2, run_time: 12, run_limit: 12}}
  - {time: 0, submit: {id: 3, run_time: 5, run_limit: 5, tasks: 4}}
  - {time: 0, submit: {id: 4, run_time: 3, run_limit: 3, tasks: 2}}
  - {time: 0, submit: {id: 5, run_time: 20, run_limit: 20}}
  - {time: 40, submit: {id: 6, run_time: 1, run_limit: 1}}
"""


def test_a_sketch_with_a_start_before_now_is_not_carried(monkeypatch: pytest.MonkeyPatch):
    """Kills: countplan.py:CountPlan carrying a sketch whose start is before now (job 4 held back at 8)."""
    starts, carried = _replay(PAST_START, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(PAST_START, bulk=False)[0]
    assert (8, 4, ["n1", "n2"], StartRule.PLANNED_NOW) in starts
    assert carried[0] == (4, [(3, 12), (4, 6), (5, 17)])
    assert all(now != 8 for now, _ in carried)


# Two one-slot hosts. t=0: job 1 (limit 10, but it ends at 4) starts on n1; job 2 (2 tasks, limit 5) waits,
# sketched at 10; job 3 (limit 3) fits n2 and ends at 3: it starts. t=1: job 4 arrives: carried. t=3: job 3 ended
# at its limit: carried. t=4: job 1 ended before its limit: not carried; job 2 starts now.
EARLY = "scheduling: {discipline: conservative}\n" + one_slot_hosts(2) + """
events:
  - {time: 0, submit: {id: 1, run_time: 4, run_limit: 10}}
  - {time: 0, submit: {id: 2, run_time: 5, run_limit: 5, tasks: 2}}
  - {time: 0, submit: {id: 3, run_time: 3, run_limit: 3}}
  - {time: 1, submit: {id: 4, run_time: 50, run_limit: 50}}
"""


def test_a_sketch_is_not_carried_past_an_early_end(monkeypatch: pytest.MonkeyPatch):
    """Kills: countplan.py:CountPlan carrying a sketch past a job that ended before its planned end (job 2 waits
    until 10)."""
    starts, carried = _replay(EARLY, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(EARLY, bulk=False)[0]
    assert (4, 2, ["n1", "n2"], StartRule.HEAD) in starts
    assert [now for now, _ in carried][:2] == [1, 3]
    assert all(now != 4 for now, _ in carried)


# ON_TIME with job 2 and job 4 in a queue of higher priority: at 2 job 4 comes between job 2 and job 3, where the
# kept sketch holds job 3. It is sketched afresh: job 4 fits n3 and ends at 5, before 10, so it starts. Job 3's
# start, 20, taken for job 4 would hold it back. The sketch made afresh is not kept (not carried at 5); the one made
# at 5 is (carried at 10 and 20).
PRIORITY = ON_TIME.replace("events:", "  queues: [{name: normal, priority: 0}, {name: high, priority: 10}]\nevents:").replace(
    "tasks: 3}}", "tasks: 3, queue: high}}").replace("run_limit: 3}}", "run_limit: 3, queue: high}}")


def test_a_job_that_comes_between_the_kept_ones_is_sketched_afresh(monkeypatch: pytest.MonkeyPatch):
    """Kills: conservative.py:_start_by_counts taking the start the kept sketch holds at a job's place for it
    without checking it is that job (job 4 held back at 2)."""
    starts, carried = _replay(PRIORITY, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(PRIORITY, bulk=False)[0]
    assert (2, 4, ["n3"], StartRule.PLANNED_NOW) in starts
    assert [now for now, _ in carried] == [2, 10, 20, 40]


# ON_TIME with job 6 (limit 30) dispatched on n3 by the recording at 5, when job 4 has left it: at 5 a job runs that
# no session started, so the sketch is not carried. At 10 job 2 (3 tasks) waits for n3 until 35, and job 3 fits n1
# and ends at 30, before 35: it starts. The sketch carried from 2 would start job 2 at 10 and hold job 3 back.
RECORDED = ON_TIME + """  - {time: 5, submit: {id: 6, run_time: 30, run_limit: 30}}
  - {time: 5, dispatch: {job: 6, hosts: {n3: {slots: 1}}}}
"""


def test_a_sketch_is_not_carried_past_a_recorded_dispatch(monkeypatch: pytest.MonkeyPatch):
    """Kills: countplan.py:CountPlan carrying a sketch past a job started outside a session."""
    starts, carried = _replay(RECORDED, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(RECORDED, bulk=False)[0]
    assert (10, 3, ["n1"], StartRule.PLANNED_NOW) in starts
    assert [now for now, _ in carried][:1] == [2] and all(now != 5 for now, _ in carried)


# ON_TIME with n1 closed at 6, while job 1 runs on it: two hosts stay open, and job 2 (3 tasks) can never be placed.
# Counts do not decide on a cluster with a closed host (a new free index: not carried); job 3 fits n3, free since
# 5, and starts at 6 as the head. The sketch carried from 5 would hold job 3 back, behind job 2 at 10.
CLOSED = ON_TIME + """  - {time: 6, host: {name: n1, status: closed}}
"""


def test_a_sketch_is_not_carried_past_a_host_change(monkeypatch: pytest.MonkeyPatch):
    """Kills: countplan.py:CountPlan carrying a sketch into a session whose cluster changed."""
    starts, carried = _replay(CLOSED, bulk=True, monkeypatch=monkeypatch)
    assert starts == _replay(CLOSED, bulk=False)[0]
    assert (6, 3, ["n3"], StartRule.HEAD) in starts
    assert [now for now, _ in carried] == [2, 5]
