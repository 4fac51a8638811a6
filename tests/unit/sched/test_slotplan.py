"""Slot counts over time (refsim/sched/slotsteps.py: slot_steps_of, first_overfull) and the conservative plan
sketched by them (refsim/sched/slotplan.py), worked by hand on three one-slot hosts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.cluster import Cluster, Host, HostStatus, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.profile import INF, Profile
from refsim.sched.reservations import Reservation
from refsim.sched.slotplan import SlotPlan
from refsim.sched.slotsteps import first_overfull, next_room, slot_steps_of
from refsim.sched.state import SchedulerState

# 1 slot held from 0, 3 from 5, 1 from 10, none from 20
STEPS = slot_steps_of({0.0: 1, 5.0: 2, 10.0: -2, 20.0: -1})


def test_the_steps_sum_the_changes_in_time_order():
    assert STEPS == ([0.0, 5.0, 10.0, 20.0], [1, 3, 1, 0])


def test_the_first_overfull_instant_is_at_the_start_or_the_first_change_inside():
    """Kills: slotsteps.py:first_overfull passing over the first change after the start, not returning the change
    found, or reading one at or past the end."""
    assert first_overfull(STEPS, 0.0, 30.0, 2) == 5.0  # the first change inside [0, 30) that holds 3 > 2
    assert first_overfull(STEPS, 6.0, 30.0, 2) == 6.0  # already 3 held at 6
    assert first_overfull(STEPS, 0.0, 5.0, 2) is None  # 5 is the end: not inside
    assert first_overfull(STEPS, 10.0, 30.0, 0) == 10.0
    assert first_overfull(STEPS, 20.0, INF, 0) is None
    assert first_overfull(STEPS, -1.0, 3.0, 0) == 0.0  # nothing held before the first change


def test_the_first_overfull_instant_may_follow_changes_inside_that_hold_few_enough():
    """1 held from 0, 2 from 2, 1 from 4, 3 from 6, 0 from 8: over [1, 10) with a cap of 2 the changes at 2 and
    4 hold 2 and 1, so the first overfull instant is 6; with a cap of 3, none is, and [7, 10) starts overfull.
    Kills: slotsteps.py:first_overfull stopping at the first change inside, or reading past the end."""
    steps = slot_steps_of({0.0: 1, 2.0: 1, 4.0: -1, 6.0: 2, 8.0: -3})
    assert first_overfull(steps, 1.0, 10.0, 2) == 6.0
    assert first_overfull(steps, 1.0, 6.0, 2) is None  # 6 is the end
    assert first_overfull(steps, 1.0, 10.0, 3) is None
    assert first_overfull(steps, 7.0, 10.0, 2) == 7.0


def one_slot(*names: str) -> Allocation:
    return Allocation(tuple(HostAllocation(name, (("slots", 1),)) for name in names))


CLUSTER = Cluster((Host("n1", {"slots": 1}), Host("n2", {"slots": 1}), Host("n3", {"slots": 1})),
                  (Queue("normal", 0),))


def _profile(cluster: Cluster = CLUSTER) -> Profile:
    # at 0: job 1 holds n1 until 10, job 2 holds n2 until 20 (run limits from their starts at 0)
    state = SchedulerState(cluster)
    for n, (limit, host) in enumerate(((10, "n1"), (20, "n2")), start=1):
        job = Job(JobId(n), run_time=limit, run_limit=limit)
        state.submit(job)
        state.dispatched(job.id, one_slot(host))
    return Profile(state, 0.0, lambda job: 0.0)


def test_a_sketched_plan_starts_each_job_at_the_first_candidate_with_room():
    """Kills: slotplan.py:SlotPlan.earliest trying now for a job that does not fit, or hold() leaving out a
    sketched reservation's slots or its end as a candidate start."""
    plan = SlotPlan.of(_profile())
    assert plan is not None
    assert plan.earliest(1, 5.0, from_now=True) == 0.0  # n3 is free now
    assert plan.earliest(2, 5.0, from_now=False) == 10.0  # n1 and n3 from 10
    plan.hold(10.0, 15.0, 2)  # that job's reservation: 3 slots held on [10, 15)
    assert plan.earliest(1, 5.0, from_now=False) == 15.0  # its end is a candidate start
    assert plan.earliest(1, 20.0, from_now=True) == 15.0  # [0, 20) meets [10, 15)
    assert plan.earliest(3, 1.0, from_now=False) == 20.0
    assert plan.earliest(4, 1.0, from_now=True) is None  # more tasks than slots


def test_counts_decide_only_on_open_one_slot_hosts():
    """Kills: slotplan.py:SlotPlan.of trusting counts with a closed host, or a holding of more slots than hosts."""
    closed = Cluster(tuple(h if h.name != "n3" else Host("n3", {"slots": 1}, status=HostStatus.CLOSED)
                           for h in CLUSTER.hosts), CLUSTER.queues)
    assert SlotPlan.of(_profile(closed)) is None
    profile = _profile()
    profile.state.submit(Job(JobId(3), run_time=5, run_limit=5, min_tasks=2, max_tasks=2))
    profile.started(JobId(3), Allocation((HostAllocation("n3", (("slots", 2),)),)))
    assert SlotPlan.of(profile) is None


def test_a_job_is_placed_at_once_at_the_start_counts_give_it():
    """Job 3 reserved on n3 over [0, 30), beside jobs 1 (n1 until 10) and 2 (n2 until 20): a plain 2-task job
    running 5 first finds two free hosts at 20 (n1 and n2), which counts give too; placed there at once, it gets
    the reservation the search finds. At 10, where counts would be wrong, only n1 is free, and nothing later can
    move: a broken promise, not a pend.
    Kills: profile.py:Profile.earliest searching past the counted start, or taking a failed placement there for
    a job that is never placeable."""
    profile = _profile()
    profile.reserve(Reservation(JobId(3), 0.0, 30.0, one_slot("n3"), ()))
    job = Job(JobId(4), run_time=5, run_limit=5, min_tasks=2, max_tasks=2)
    profile.state.submit(job)
    plan = SlotPlan.of(profile)
    assert plan is not None and plan.earliest(2, 5.0, from_now=False) == 20.0
    searched = profile.earliest(job, from_now=False)
    assert searched is not None and searched.planned_start == 20.0
    assert profile.earliest(job, from_now=False, counted=20.0) == searched
    with pytest.raises(RuntimeError, match="no placement at the start counts give it"):
        profile.earliest(job, from_now=False, counted=10.0)


def _first_overfull_naive(steps, start, end, cap):
    times, held = steps
    now = max([n for n, t in enumerate(times) if t <= start], default=None)
    if now is not None and held[now] > cap:
        return start
    return next((t for t, count in zip(times, held) if start < t < end and count > cap), None)


def _next_room_naive(steps, after, cap):
    return next((t for t, count in zip(*steps) if t > after and count <= cap), INF)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 400), st.integers(-3, 3)), max_size=300), st.integers(-5, 405),
       st.integers(1, 400), st.integers(0, 6))
def test_the_slot_counts_read_at_c_speed_find_what_reading_one_by_one_finds(changes, start, length, cap):
    """first_overfull() (which rejects an interval by the max() of a slice) and next_room() over up to 300 change
    points, against reading every change point in turn. Kills: slotsteps.py:first_overfull or next_room skipping the
    first or last change point inside, or reading past the interval's end."""
    deltas: dict[float, int] = {}
    for time, change in changes:
        deltas[float(time)] = deltas.get(float(time), 0) + change
    steps = slot_steps_of(deltas)
    end = float(start + length)
    assert first_overfull(steps, float(start), end, cap) == _first_overfull_naive(steps, start, end, cap)
    assert next_room(steps, float(start), cap) == _next_room_naive(steps, start, cap)


@pytest.mark.parametrize("at", [0, 1, 62, 63, 64, 65, 127, 128, 199])
def test_the_one_change_point_that_decides_is_found_wherever_it_falls(at):
    """200 change points at 1, 2, ..., 200: one of them holds 5 slots where the rest hold 1 (first_overfull with a
    cap of 2 finds it), or holds 1 where the rest hold 5 (next_room finds it), first, last or anywhere between.
    Kills: slotsteps.py:first_overfull or next_room reading one change point short, or from one past the first."""
    times = [float(t) for t in range(1, 201)]
    steps = (times, [5 if n == at else 1 for n in range(200)])
    assert first_overfull(steps, 0.5, 300.0, 2) == times[at]
    steps = (times, [1 if n == at else 5 for n in range(200)])
    assert next_room(steps, 0.5, 2) == times[at]
