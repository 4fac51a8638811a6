"""HeadReservations keeps a blocked head's reservation across sessions only while the same search would find it
again: same state and version, every holding ending at the same instant (so all still ahead). On two 4-slot
hosts: J1 holds a until 50 (its run limit), J2 holds b until 30; an 8-slot head can start at 50."""

from refsim.model.cluster import Cluster, Host, Queue
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.headreservations import HeadReservations
from refsim.sched.profile import Profile
from refsim.sched.state import SchedulerState

CLUSTER = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 4})), (Queue("normal", 0),))
HEAD = Job(JobId(3), run_time=10, run_limit=10, min_tasks=8, max_tasks=8)


def on(host: str) -> Allocation:
    return Allocation((HostAllocation(host, (("slots", 4),)),))


def loaded(reference: bool = False) -> tuple[SchedulerState, dict[JobId, float]]:
    state, starts = SchedulerState(CLUSTER, reference_only=reference), {}
    for job, host in ((Job(JobId(1), run_time=100, run_limit=50, min_tasks=4, max_tasks=4), "a"),
                      (Job(JobId(2), run_time=30, run_limit=30, min_tasks=4, max_tasks=4), "b")):
        state.submit(job)
        state.dispatched(job.id, on(host))
        starts[job.id] = 0.0
    state.submit(HEAD)
    return state, starts


def test_a_later_session_with_nothing_changed_gets_the_same_reservation_without_a_new_search():
    state, starts = loaded()
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, starts.get), HEAD)
    assert first is not None and first.planned_start == 50
    later = heads.earliest(Profile(state, 20, starts.get), HEAD)  # an arrival at 20: no end passed, no commit
    assert later is first


def test_a_commit_or_release_since_makes_it_search_again():
    state, starts = loaded()
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, starts.get), HEAD)
    state.finish(JobId(2))  # b is free from now: the head still waits for a, but the holdings changed
    again = heads.earliest(Profile(state, 20, starts.get), HEAD)
    assert again is not first and again is not None and again.planned_start == 50
    assert [str(j) for j in again.freed_by] == ["1"]


def test_an_end_passed_since_makes_it_search_again():
    # At 35 J2's planned end (30) is behind: it is planned to end just after now, so the ends differ.
    state, starts = loaded()
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, starts.get), HEAD)
    again = heads.earliest(Profile(state, 35, starts.get), HEAD)
    assert again is not first and again is not None and again.planned_start == 50


def test_the_reference_path_always_searches():
    state, starts = loaded(reference=True)
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, starts.get), HEAD)
    assert heads.earliest(Profile(state, 20, starts.get), HEAD) is not first


SMALL = Job(JobId(5), run_time=10, run_limit=10, min_tasks=4, max_tasks=4)


def test_a_search_from_now_found_later_is_kept_when_now_still_cannot_place_it():
    # conservative-drevt's independent planned start of a job that fits: at 5 both hosts are held (J1 until 50,
    # J2 until 30), so 4 tasks can start at 30 on b. At 20 (arrivals alone) now is tried again and fails: kept.
    state, starts = loaded()
    state.submit(SMALL)
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, starts.get), SMALL, from_now=True)
    assert first is not None and first.planned_start == 30
    assert heads.earliest(Profile(state, 20, starts.get), SMALL, from_now=True) is first


def test_a_search_from_now_found_at_an_earlier_instant_searches_again():
    # Only J1 runs (a until 50): at 5 the 4 tasks start now, on b, [5, 15). At 20 nothing changed, but 5 is past:
    # searched again, they start at 20.
    state = SchedulerState(CLUSTER)
    j1 = Job(JobId(1), run_time=100, run_limit=50, min_tasks=4, max_tasks=4)
    state.submit(j1)
    state.dispatched(j1.id, on("a"))
    state.submit(SMALL)
    heads = HeadReservations()
    first = heads.earliest(Profile(state, 5, {j1.id: 0.0}.get), SMALL, from_now=True)
    assert first is not None and first.planned_start == 5
    again = heads.earliest(Profile(state, 20, {j1.id: 0.0}.get), SMALL, from_now=True)
    assert again is not None and again.planned_start == 20
