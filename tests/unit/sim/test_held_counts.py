"""A bulk replay (a batch run that reads no job's pend) takes a strict session's jobs behind its blocker as one
HeldCount, a count of them and of their pends, and each run of jobs EASY holds behind its reservation as one; a
count takes in the pends next to it too (the blocker's, the reserving job's), as every run of pends is one. It
decides and counts exactly as a replay that reports each."""

from __future__ import annotations

from refsim.sched.decisions import Dispatch, NoDecision, NoDecisionKind, Pend
from refsim.sched.decisions import PendCode
from refsim.sched.results import HeldCount, SessionResult, StartRule
from refsim.sim.batch import run_batch
from refsim.sim.replay import Simulator
from tests.support.recordings import recording

# One host of 2 slots, all four jobs submitted at t=0, each running 10 s. Round 1 (t=0): job 1 (1 slot) starts;
# job 2 (2 slots) does not fit and blocks; job 3 (1 slot) fits but is held back behind it; job 4 (3 slots) can
# never fit and pends for its own reasons; job 5's requirement does not parse: no decision. So the tail is
# positions 3 to 5: 3 jobs, 2 pends. Round 2 (t=10, job 1 ended): job 2 takes both slots, job 3 blocks, jobs 4
# and 5 are its tail (2 jobs, 1 pend). Round 3 (t=20): job 3 starts, job 4 blocks, job 5 alone behind it (1 job,
# no pend). Round 4 (t=30): job 4 blocks, job 5 again (1 job, no pend). The blocker's own pend, next to its tail,
# is counted with it: round 1 counts positions 2 to 5 (4 jobs, 3 pends), round 2 positions 2 to 4 (3 jobs, 2
# pends), round 3 positions 2 and 3 (2 jobs, 1 pend), round 4 positions 1 and 2 (2 jobs, 1 pend).
BLOCKED = """
scheduling: {discipline: strict}
cluster:
  hosts:
    - {name: h1, slots: 2}
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10, tasks: 2}}
  - {time: 0, submit: {id: 3, run_time: 10}}
  - {time: 0, submit: {id: 4, run_time: 10, tasks: 3}}
  - {time: 0, submit: {id: 5, run_time: 10, resreq: "select[(]"}}
"""


def test_a_strict_session_behind_its_blocker_is_one_count_of_jobs_and_pends():
    """Kills: sched/session.py taking the tail before the blocker (or not at all), buckets.py:held_tail counting
    a no-decision as a pend or a held-back fit as a no-decision."""
    reports = list(Simulator(recording(BLOCKED)).reports(compact=True, bulk=True))
    assert [r for r in reports if isinstance(r, HeldCount)] == [
        HeldCount(1, 2, 4, 3), HeldCount(2, 2, 3, 2), HeldCount(3, 2, 2, 1), HeldCount(4, 1, 2, 1)]


def test_a_bulk_batch_run_counts_the_decisions_one_by_one_reports():
    """Kills: sim/outputs.py:report_held dropping or miscounting a tail's pends. Decisions by round as worked
    above: 4 (dispatch 1, pends 2, 3, 4), 3 (dispatch 2, pends 3, 4), 2 (dispatch 3, pend 4), 1 (pend 4) = 10."""
    plain = list(Simulator(recording(BLOCKED)).reports())
    outcomes = [r.outcome for r in plain if hasattr(r, "outcome")]
    assert sum(isinstance(o, (Dispatch, Pend)) for o in outcomes) == 10
    assert sum(isinstance(o, NoDecision) for o in outcomes) == 4  # job 5 in each round
    assert run_batch(recording(BLOCKED)).decisions == 10


# EASY on one host of 3 slots. Jobs 2, 6 and 7 (3 tasks) share a bucket, as do jobs 3, 4 and 5 (1 task); run
# limits = run times.
# t=0, round 1: job 1 (2 tasks, ends 10) starts.
# t=1, round 2: job 2 reserves [10, 20) on all 3 slots (position 1). Job 3 fits the free slot but would end at 21
#   and the reservation leaves nothing extra: held (2). Job 4, of job 3's bucket, is held as well without a scan:
#   a count of 1 (3). Job 5 would end at 6 <= 10: it starts (4), which moves the state version. Job 6 is judged
#   anew and pends (5); job 7, of its bucket, is a count of 1 (6).
# t=6, round 3 (job 5 ended): job 2 pends (1), job 3 is held (2); jobs 4, 6, 7 have known buckets (job 2 was
#   judged in this session): a count of 3 (3 to 5).
# t=10, round 4 (job 1 ended): job 2 starts (1); job 3 reserves [20, 40) (2); job 4 a count of 1 (3); job 6 is
#   judged anew after job 2's start (4); job 7 a count of 1 (5).
# t=20, round 5 (job 2 ended): jobs 3 and 4 start (1, 2), job 6 reserves (3), job 7 a count of 1 (4).
# t=40 and 60: jobs 6 and 7 start; job 7 reserves in round 6.
# Every run of pends is one count, the reserving job's and the held-back jobs' with the runs above: round 2
# positions 1 to 3 (jobs 2, 3, 4) and 5 to 6 (jobs 6, 7), round 3 positions 1 to 5, round 4 positions 2 to 5 (jobs
# 3, 4, 6, 7), round 5 positions 3 and 4 (jobs 6, 7), round 6 position 2 (job 7); every job of them pends.
EASY_BACKLOG = """
scheduling: {discipline: easy}
cluster:
  hosts:
    - {name: h1, slots: 3}
events:
  - {time: 0, submit: {id: 1, run_time: 10, run_limit: 10, tasks: 2}}
  - {time: 1, submit: {id: 2, run_time: 10, run_limit: 10, tasks: 3}}
  - {time: 1, submit: {id: 3, run_time: 20, run_limit: 20}}
  - {time: 1, submit: {id: 4, run_time: 20, run_limit: 20}}
  - {time: 1, submit: {id: 5, run_time: 5, run_limit: 5}}
  - {time: 1, submit: {id: 6, run_time: 20, run_limit: 20, tasks: 3}}
  - {time: 1, submit: {id: 7, run_time: 20, run_limit: 20, tasks: 3}}
"""


def test_easy_counts_the_runs_it_holds_behind_its_reservation():
    """Kills: sched/session.py counting before the reservation (or not at all), buckets.py:held_count counting a
    fit the round starts (job 5) or going on past a bucket with no outcome yet (job 6 in round 2)."""
    reports = list(Simulator(recording(EASY_BACKLOG)).reports(compact=True, bulk=True))
    assert [r for r in reports if isinstance(r, HeldCount)] == [
        HeldCount(2, 1, 3, 3), HeldCount(2, 5, 2, 2), HeldCount(3, 1, 5, 5), HeldCount(4, 2, 4, 4),
        HeldCount(5, 3, 2, 2), HeldCount(6, 2, 1, 1)]
    job5 = next(r for r in reports if isinstance(r, SessionResult) and r.job.job == 5)
    assert (job5.round, job5.position, type(job5.outcome)) == (2, 4, Dispatch)
    assert job5.ruling is not None and job5.ruling.rule is StartRule.ENDS_BEFORE
    starts = {r.job.job: r.round for r in reports if isinstance(r, SessionResult) and isinstance(r.outcome, Dispatch)}
    assert starts == {1: 1, 5: 2, 2: 4, 3: 5, 4: 5, 6: 6, 7: 7}


def test_easy_counted_runs_decide_and_count_as_one_by_one():
    """Kills: sim/outputs.py:report_held dropping a count's pends; the decisions are those reported one by one."""
    plain = [r for r in Simulator(recording(EASY_BACKLOG)).reports() if isinstance(r, SessionResult)]
    held = [r for r in plain if isinstance(r.outcome, Pend) and r.outcome.reasons[0].code is PendCode.BACKFILL_WINDOW]
    assert {(r.round, r.job.job) for r in held} >= {(2, 3), (2, 4), (3, 3), (3, 4)}
    decisions = sum(isinstance(r.outcome, (Dispatch, Pend)) for r in plain)
    assert run_batch(recording(EASY_BACKLOG)).decisions == decisions == len(plain)


# Greedy on three one-slot hosts. t=0: job 1 (2 tasks) starts on n1 and n2; job 2 (2 tasks, plain) finds n3 free
# for its first task and no host for its second: reported one by one it pends for the slots of n1 and n2. A bulk
# replay reads no reason, so the fast path leaves its pend unexplained: a pend all the same, one decision.
ONE_SLOT_PEND = """
cluster:
  hosts:
    - {name: n1, slots: 1}
    - {name: n2, slots: 1}
    - {name: n3, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 10, tasks: 2}}
  - {time: 0, submit: {id: 2, run_time: 10, tasks: 2}}
"""


def test_a_bulk_replay_leaves_a_plain_pend_on_one_slot_hosts_unexplained():
    """Kills: allocator.py:_fast explaining the pend in bulk (or leaving one unexplained when a reason is read),
    sim/replay.py not telling the state that no reason is read."""
    def job2(bulk: bool) -> Pend:
        reports = Simulator(recording(ONE_SLOT_PEND)).reports(compact=True, bulk=bulk)
        return next(r.outcome for r in reports if isinstance(r, SessionResult) and r.job.job == 2)

    assert {(r.code, r.host, r.detail) for r in job2(False).reasons} == {
        (PendCode.RESOURCE_SHORTFALL, "n1", "slots"), (PendCode.RESOURCE_SHORTFALL, "n2", "slots")}
    assert isinstance(job2(True), Pend) and job2(True).reasons == ()
    assert run_batch(recording(ONE_SLOT_PEND)).decisions == 3  # dispatch 1, pend 2 at t=0; dispatch 2 at t=10


# `{} || {}` tries nothing: its explanation finds no reason, so the job ends with no decision (kind NO_REASON), in a
# bulk replay as one by one; only a plain job's pend may go unexplained.
NO_REASON = """
cluster:
  hosts:
    - {name: n1, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 10, resreq: "{} || {}"}}
"""


def test_a_bulk_replay_still_explains_a_job_that_is_not_plain():
    """Kills: allocator.py:_fast leaving any job's pend unexplained in bulk (the plain-job test dropped), which
    turns this no-decision into a pend."""
    for bulk in (False, True):
        reports = Simulator(recording(NO_REASON)).reports(compact=True, bulk=bulk)
        outcome = next(r.outcome for r in reports if isinstance(r, SessionResult))
        assert isinstance(outcome, NoDecision) and outcome.kind is NoDecisionKind.NO_REASON, bulk
    assert run_batch(recording(NO_REASON)).decisions == 0
