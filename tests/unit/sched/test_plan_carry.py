"""Conservative's plan carried across sessions (refsim/sched/plancarry.py): a session after arrivals alone gives
the jobs the last session planned the reservations it found, without a placement, and every decision is the
reference path's.

The cluster: four one-slot hosts. At 0, J1 (4 tasks, limit 10) starts on all four; J2 (4 tasks, limit 10) waits
and reserves [10, 20) on all four (the only end is J1's, at 10).
- At 2, J3 (2 tasks, limit 5) arrives. Nothing ended or started since 0 and no end lies in (0, 2], so J2's plan
  stands: carried. J3 is planned afresh: the ends are 10 and 20; at 10 J2 holds all four until 20, so [20, 25).
- At 3, J4 (1 task, limit 1) arrives: J2 and J3 are carried (2 more). J4: at 10 nothing is free; at 20 J3 holds
  two of four, so J4 reserves [20, 21).
- At 10 J1 ends on time (at its planned end, 0 + 10): J2 starts first, on the four hosts its reservation holds, so
  the plan stands: J3 and J4 are carried (2 more).
- At 20 J2 ends on time; J3 starts first, on h1 h2, as planned; J4 was planned from 20, now: it is planned afresh
  and starts.
So five reservations are carried, and the starts are J1 0, J2 10, J3 20, J4 20."""

from __future__ import annotations

from dataclasses import replace

from refsim.model.cluster import Cluster, Host, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.plancarry import CarriedPlans
from refsim.sched.profile import Profile
from refsim.sched.results import SessionResult
from refsim.sched.state import SchedulerState
from refsim.sim.replay import Simulator
from tests.property.test_fast_path import replay
from tests.support.recordings import recording

FOUR_ONE_SLOT = """
scheduling: {discipline: conservative}
cluster:
  hosts:
    - {name: h1, slots: 1}
    - {name: h2, slots: 1}
    - {name: h3, slots: 1}
    - {name: h4, slots: 1}
events:
  - {time: 0, submit: {id: 1, tasks: 4, run_time: 10, run_limit: 10}}
  - {time: 0, submit: {id: 2, tasks: 4, run_time: 10, run_limit: 10}}
  - {time: 2, submit: {id: 3, tasks: 2, run_time: 5, run_limit: 5}}
  - {time: 3, submit: {id: 4, tasks: 1, run_time: 1, run_limit: 1}}
"""


def _run(text: str) -> tuple[Simulator, dict[str, float | None]]:
    sim = Simulator(recording(text))
    jobs = {r.job for r in sim.reports() if isinstance(r, SessionResult)}
    return sim, {str(job): sim.start_of(job) for job in jobs}


def test_a_session_after_arrivals_alone_carries_the_plan_and_decides_as_the_reference_path():
    sim, starts = _run(FOUR_ONE_SLOT)
    assert starts == {"1": 0.0, "2": 10.0, "3": 20.0, "4": 20.0}
    assert sim.discipline.plans.carried == 5  # J2 at 2; J2 and J3 at 3; J3 and J4 at 10
    rec = recording(FOUR_ONE_SLOT)
    assert replay(rec, reference=False) == replay(rec, reference=True)


def test_a_finish_since_the_last_session_plans_afresh():
    """J1 runs 2 s of its 10: at 2 it ends as J3 arrives, so the session at 2 plans afresh: J2 starts on the four
    hosts (its start is logged before any plan), J3 reserves [12, 17) at J2's end. At 3, after J4's arrival alone,
    J3's plan is carried (1); J4 is planned afresh: at 12 J3 holds two of four, so [12, 13)."""
    text = FOUR_ONE_SLOT.replace("{id: 1, tasks: 4, run_time: 10", "{id: 1, tasks: 4, run_time: 2")
    sim, starts = _run(text)
    assert starts == {"1": 0.0, "2": 2.0, "3": 12.0, "4": 12.0}
    assert sim.discipline.plans.carried == 1
    rec = recording(text)
    assert replay(rec, reference=False) == replay(rec, reference=True)


# CarriedPlans on its own, on two 4-slot hosts: J1 holds a from 0 until its run limit ends at 10; J2 (8 tasks,
# limit 10) can start only at 10, on a and b: [10, 20).
CLUSTER = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 4})), (Queue("normal", 0),))
J1 = Job(JobId(1), run_time=10, run_limit=10, min_tasks=4, max_tasks=4)
J2 = Job(JobId(2), run_time=10, run_limit=10, min_tasks=8, max_tasks=8)
J4 = Job(JobId(4), run_time=5, run_limit=5, min_tasks=4, max_tasks=4)


def _loaded() -> tuple[SchedulerState, dict[JobId, float]]:
    state = SchedulerState(CLUSTER)
    state.submit(J1)
    state.dispatched(J1.id, Allocation((HostAllocation("a", (("slots", 4),)),)))
    state.submit(J2)
    state.submit(J4)
    return state, {J1.id: 0.0}


def test_a_holding_ending_between_the_sessions_plans_afresh():
    """At 12 J1 is past its planned end without having finished (no finish moved the version): it is planned to
    end just after 12, so J2 can start then, not at 10 as found at 5."""
    state, starts = _loaded()
    plans = CarriedPlans()
    plans.open(state, 5)
    first = plans.earliest(Profile(state, 5, starts.get), J2, fits=False)
    assert first is not None and first.planned_start == 10
    plans.open(state, 12)
    again = plans.earliest(Profile(state, 12, starts.get), J2, fits=False)
    assert again is not None and 12 < again.planned_start < 12.001 and plans.carried == 0


def test_reservations_held_otherwise_than_then_plan_afresh():
    """At 5 J2 reserves [10, 20) on a and b, then a start is logged, then J4 reserves [20, 25). At 6 nothing
    changed, but J2's reservation is held otherwise than at 5 (until 30): J4, the entry after the start, is
    planned afresh, at 30, not given [20, 25)."""
    state, starts = _loaded()
    plans = CarriedPlans()
    plans.open(state, 5)
    profile = Profile(state, 5, starts.get)
    r2 = plans.earliest(profile, J2, fits=False)
    assert r2 is not None
    profile.reserve(r2)
    # as if a job had started here: the entries after it are the ones carried
    plans.started(JobId(9), Allocation(()), profile.reserved)
    r4 = plans.earliest(profile, J4, fits=False)
    assert r4 is not None and r4.planned_start == 20
    profile.reserve(r4)
    plans.open(state, 6)
    later = Profile(state, 6, starts.get)
    other = replace(r2, end=30.0)  # J2 held until 30: J4 can start only at 30
    later.reserve(other)
    again = plans.earliest(later, J4, fits=False)
    assert again is not None and again.planned_start == 30 and plans.carried == 0


def test_a_job_that_fits_now_tries_now_before_its_carried_reservation():
    """J4 (4 tasks) was searched at 5 as a job that did not fit: over the ends only, [10, 15). At 6 it fits (b is
    free): it tries now first, as Profile.earliest does, and b is free on [6, 11), so it is planned now."""
    state, starts = _loaded()
    plans = CarriedPlans()
    plans.open(state, 5)
    first = plans.earliest(Profile(state, 5, starts.get), J4, fits=False)
    assert first is not None and first.planned_start == 10
    plans.open(state, 6)
    now = plans.earliest(Profile(state, 6, starts.get), J4, fits=True)
    assert now is not None and now.planned_start == 6 and plans.carried == 0
