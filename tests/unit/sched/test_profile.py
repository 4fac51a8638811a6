"""The reservation profile: holdings over time, the projected state of an interval, earliest planned starts and
extra resources, on two 4-slot hosts."""

from refsim.model.cluster import Cluster, Host, Queue, SharedResource
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.resreq.ast import OrderKey
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge
from refsim.sched.holding import Holding
from refsim.sched.profile import INF, Profile
from refsim.sched.reservations import Reservation
from refsim.sched.state import SchedulerState

CLUSTER = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 4})), (Queue("normal", 0),),
                  (SharedResource("lic", 2),))


def on(host: str, slots: int, lic: int = 0) -> Allocation:
    return Allocation((HostAllocation(host, (("slots", slots),)),), (("lic", lic),) if lic else ())


def state_with(*running: tuple[int, Job, Allocation]) -> tuple[SchedulerState, dict]:
    state, starts = SchedulerState(CLUSTER), {}
    for start, job, allocation in running:
        state.submit(job)
        state.dispatched(job.id, allocation)
        starts[job.id] = start
    return state, starts


def test_an_interval_charges_the_most_held_at_any_instant_not_the_sum():
    # Two reservations on host a, [10, 20) and [20, 30), never overlap: over [0, 40) a holds at most 4 slots
    # (one at a time), not 8; over [0, 10) nothing.
    state, _ = state_with()
    profile = Profile(state, 0, lambda j: None)
    profile.hold(Holding(JobId(1), 10, 20, on("a", 4, lic=1)))
    profile.hold(Holding(JobId(2), 20, 30, on("a", 4, lic=2)))
    assert profile.usage_over(0, 40).host_used("a", "slots") == 4
    assert profile.usage_over(0, 40).shared["lic"] == 2
    assert profile.usage_over(0, 10).host_used("a", "slots") == 0
    assert profile.usage_over(15, 25).host_used("a", "slots") == 4


def test_the_earliest_planned_start_is_a_running_jobs_planned_end_and_names_who_frees_it():
    # J1 holds a until 0 + 50 (its run limit, though it would run 100), J2 holds b until 30. A 6-slot job does
    # not fit at 30 (b's 4 free, a still full) but does at 50: planned start 50, freed by J1 and J2, and its
    # reservation ends at 50 + its run limit 10.
    j1 = Job(JobId(1), run_time=100, run_limit=50, min_tasks=4, max_tasks=4)
    j2 = Job(JobId(2), run_time=30, run_limit=30, min_tasks=4, max_tasks=4)
    state, starts = state_with((0, j1, on("a", 4)), (0, j2, on("b", 4)))
    big = Job(JobId(3), run_time=10, run_limit=10, min_tasks=6, max_tasks=6)
    state.submit(big)
    profile = Profile(state, 5, starts.get)
    reservation = profile.earliest(big, from_now=False)
    assert (reservation.planned_start, reservation.end) == (50, 60)
    assert sorted(j.job for j in reservation.freed_by) == [1, 2]
    assert sum(h.resources[0][1] for h in reservation.allocation.hosts) == 6


def test_a_running_job_without_a_run_limit_frees_nothing():
    # J1 has no run limit: it is planned to hold a for ever, so an 8-slot job has no planned start at all.
    forever = Job(JobId(1), run_time=10, min_tasks=4, max_tasks=4)
    limited = Job(JobId(2), run_time=5, run_limit=5, min_tasks=4, max_tasks=4)
    state, starts = state_with((0, forever, on("a", 4)), (0, limited, on("b", 4)))
    big = Job(JobId(3), run_time=1, run_limit=1, min_tasks=8, max_tasks=8)
    state.submit(big)
    assert Profile(state, 0, starts.get).earliest(big, from_now=False) is None


def test_extra_resources_at_a_planned_start():
    # At 50 both hosts are free; a reservation of 6 slots (4 on a, 2 on b) and 1 lic leaves b 2 slots and 1 lic.
    state, _ = state_with()
    profile = Profile(state, 0, lambda j: None)
    reservation = Reservation(JobId(3), 50, 60, Allocation((HostAllocation("a", (("slots", 4),)),
                                                            HostAllocation("b", (("slots", 2),))), (("lic", 1),)),
                              ())
    profile.reserve(reservation)
    extra = profile.extra(reservation)
    assert extra.hosts == (("b", (("slots", 2),)),)
    assert extra.shared == (("lic", 1),)


def test_best_fit_ranks_hosts_by_idle_time_before_then_after_the_interval() -> None:
    # Hosts a, b, c, d (one slot each). J1 holds a until 10, J2 holds b until 8; a reservation holds d from 14.
    # For a holding on [10, 12): a is idle 0 before it, b 10 - 8 = 2, c and d for ever (nothing held before 10);
    # after 12, d is idle 14 - 12 = 2 and the others for ever. So a, b, d, c; a job of order[-slots] still ranks
    # the 2-slot host e first, whatever the fit.
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "abcd") + (Host("e", {"slots": 2}),))
    state = SchedulerState(cluster)
    profile = Profile(state, 0, lambda j: None)
    profile.hold(Holding(JobId(1), 0, 10, on("a", 1)))
    profile.hold(Holding(JobId(2), 0, 8, on("b", 1)))
    profile.hold(Holding(JobId(3), 14, 20, on("d", 1)))
    assert profile.fit(10, 12) == {"a": (0, INF), "b": (2, INF), "d": (INF, 2)}
    projected = profile.projected_state(10, 12)
    assert [h.name for h in projected.scan_order(())] == ["a", "b", "d", "c", "e"]
    assert [h.name for h in projected.scan_order((OrderKey("slots", descending=True),))] == ["e", "a", "b", "d", "c"]
    assert [h.name for h in state.scan_order(())] == ["a", "b", "c", "d", "e"]  # the real state keeps its order


def test_placing_again_moves_only_the_later_reservations_that_meet_what_was_placed_again() -> None:
    # Hosts a, b, c (one slot each), nothing running, now 0. Reservations: J1 on a over [5, 6), J2 on b over
    # [1, 3), J3 on c over [2, 4). J5 (1 slot for 6) by count fits from 0 (at most 2 held at any instant), but
    # each host meets a reservation within [0, 6). Placed again in order of start: J5 takes a (nothing held once
    # the later reservations are lifted: the cluster's order); J2 on b and J3 on c meet nothing placed again and
    # keep their hosts; J1 meets J5 on a over [5, 6) and is placed again: b and c are free then, c idle 1 before
    # 5 (J3 ends at 4), b idle 2 (J2 ends at 3): best fit takes c.
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "abc"))
    state = SchedulerState(cluster)
    for number, limit in ((1, 1), (2, 2), (3, 2)):
        state.submit(Job(JobId(number), run_time=limit, run_limit=limit, min_tasks=1, max_tasks=1))
    profile = Profile(state, 0, lambda j: None)
    profile.reserve(Reservation(JobId(1), 5, 6, on("a", 1), ()))
    profile.reserve(Reservation(JobId(2), 1, 3, on("b", 1), ()))
    profile.reserve(Reservation(JobId(3), 2, 4, on("c", 1), ()))
    long = Job(JobId(5), run_time=6, run_limit=6, min_tasks=1, max_tasks=1)
    state.submit(long)
    found = profile.earliest(long, from_now=True)
    assert (found.planned_start, [h.host for h in found.allocation.hosts]) == (0, ["a"])
    assert [(r.job.job, r.planned_start, [h.host for h in r.allocation.hosts]) for r in found.moved] == [
        (1, 5, ["c"])]
    profile.reserve(found)
    assert [(r.job.job, [h.host for h in r.allocation.hosts]) for r in profile.reserved] == [
        (1, ["c"]), (2, ["b"]), (3, ["c"]), (5, ["a"])]
    # What the search derived (slot steps, pair arrays) was kept up through the move, not made again: it reads as
    # that of a profile given the same holdings afresh. Kills: profile.py:Profile.relocate leaving J1's slots
    # counted twice, or its pair on a held.
    fresh = Profile(state, 0, lambda j: None)
    for h in profile.holdings:
        fresh.hold(h)
    assert profile.slot_steps() == fresh.slot_steps() == ([0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 2, 1, 2, 0])
    kept, made = profile._held_pairs(), fresh._held_pairs()
    for at in (0, 2, 5):
        assert kept.held_at(at, 3)["slots"].tolist() == made.held_at(at, 3)["slots"].tolist()
    assert kept.held_at(5, 3)["slots"].tolist() == [1, 0, 1]  # J5 on a, J1 on c
    assert kept.most_held(0, 10, 3)["slots"].tolist() == made.most_held(0, 10, 3)["slots"].tolist()


def test_reservations_meet_only_when_they_overlap_in_time_on_a_shared_host_or_hold_shared_amounts():
    """Kills: refsim/sched/profile.py:Holding.meets `self.start < other.end` -> `<=` (and the mirror test): a
    holding is the half-open interval [start, end) (docs/disciplines.md, rule 2), so one that starts when another
    ends on the same host does not compete with it, and a reservation placed again does not move it."""
    first, second = Holding(JobId(1), 0, 100, on("a", 4)), Holding(JobId(2), 100, 200, on("a", 4))
    assert not second.meets(first) and not first.meets(second)  # touching at t=100
    overlapping = Holding(JobId(3), 99, 101, on("a", 1))
    assert overlapping.meets(first) and overlapping.meets(second) and second.meets(overlapping)
    assert not Holding(JobId(4), 50, 150, on("b", 1)).meets(first)  # overlapping in time on another host
    assert Holding(JobId(5), 50, 150, on("b", 1, lic=1)).meets(first)  # shared amounts compete across hosts


def test_best_fit_counts_a_holding_as_before_or_after_only_when_it_lies_outside_the_interval() -> None:
    """Holdings are half-open [start, end). For a holding on [10, 12): c's holding [0, 12) starts before 10, so c
    is idle 10 - min(12, 10) = 0 before it, but it ends at 12, not after 12, so nothing holds c after the interval
    (INF); e's holding [10, 11) neither starts before 10 nor ends after 12, so e gets no fit at all.
    Kills: profile.py:Profile.fit counting a holding that ends at the interval's end as after it (`h.end >= b`),
    or one that starts at the interval's start as before it (`h.start <= a`)."""
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "ce"))
    profile = Profile(SchedulerState(cluster), 0, lambda j: None)
    profile.hold(Holding(JobId(1), 0, 12, on("c", 1)))
    profile.hold(Holding(JobId(2), 10, 11, on("e", 1)))
    assert profile.fit(10, 12) == {"c": (0, INF)}


def test_an_interval_charges_the_most_of_a_limit_counter_held_at_any_instant() -> None:
    """A cluster-wide limit counter over time, as for resources: J1 counts 1 against `cap` over [10, 20), J2
    counts 2 over [20, 30), never at once. Over [0, 40) the most counted at an instant is 2 (J2 alone), not
    1 + 2; over [0, 15) it is J1's 1.
    Kills: profile.py:_pointwise_max keeping a limit counter's first or smaller value (a negated or dropped
    comparison)."""
    profile = Profile(state_with()[0], 0, lambda j: None)
    for job, start, amount in ((1, 10, 1), (2, 20, 2)):
        charged = Allocation((HostAllocation("a", (("slots", 1),)),),
                             limit_charges=(LimitCharge("cap", "-", "slots", amount),))
        profile.hold(Holding(JobId(job), start, start + 10, charged))
    assert profile.usage_over(0, 40).limit_used("cap", "-", "slots") == 2
    assert profile.usage_over(0, 15).limit_used("cap", "-", "slots") == 1


def test_placing_a_job_now_holds_it_for_its_run_limit_only() -> None:
    """A reservation holds both hosts (all 8 slots) from 10. A 4-slot job of run limit 10 placed at 0 holds
    [0, 10) and ends as the reservation starts: it fits. With run limit 11 it would still hold a slot at 10, when
    none is free: no allocation. Without a run limit it holds for ever and meets the reservation too.
    Kills: refsim/sched/profile.py:Profile.place taking the interval's end as for ever for a job with a run
    limit (a negated or inverted `is not None`), or as start - run limit."""
    state, _ = state_with()
    profile = Profile(state, 0, lambda j: None)
    profile.hold(Holding(JobId(1), 10, 30, Allocation((HostAllocation("a", (("slots", 4),)),
                                                       HostAllocation("b", (("slots", 4),))))))
    fits = Job(JobId(2), run_time=10, run_limit=10, min_tasks=4, max_tasks=4)
    too_long = Job(JobId(3), run_time=10, run_limit=11, min_tasks=4, max_tasks=4)
    unlimited = Job(JobId(4), run_time=10, min_tasks=4, max_tasks=4)
    for job in (fits, too_long, unlimited):
        state.submit(job)
    assert profile.place(fits, 0) == on("a", 4)
    assert profile.place(too_long, 0) is None
    assert profile.place(unlimited, 0) is None


def test_placing_again_keeps_a_reservation_that_starts_with_the_job_where_it_is() -> None:
    """Hosts a, b, c (one slot each), now 1. Reservations: J1 on a over [1, 3), J2 on b over [2, 4), J3 on c over
    [3, 6). J5 (1 slot for 4) fits by count from 1 (at most 2 held at any instant of [1, 5)) but every host meets
    a reservation within [1, 5). Placed again: J1 starts with J5, so it is placed before it and keeps a; J5 takes
    b (c is as idle, cluster order); J2 meets J5 on b and moves to c, the only host free over [2, 4); J3 meets J2
    on c and moves to a, free from 3. Were J1 placed again after J5 too, J5 would take a and J1 move to b.
    Kills: refsim/sched/profile.py:Profile._replanned also placing again the reservations that start with the
    job (`r.planned_start >= start`)."""
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "abc"))
    state = SchedulerState(cluster)
    for number, limit in ((1, 2), (2, 2), (3, 3)):
        state.submit(Job(JobId(number), run_time=limit, run_limit=limit, min_tasks=1, max_tasks=1))
    profile = Profile(state, 1, lambda j: None)
    profile.reserve(Reservation(JobId(1), 1, 3, on("a", 1), ()))
    profile.reserve(Reservation(JobId(2), 2, 4, on("b", 1), ()))
    profile.reserve(Reservation(JobId(3), 3, 6, on("c", 1), ()))
    job = Job(JobId(5), run_time=4, run_limit=4, min_tasks=1, max_tasks=1)
    state.submit(job)
    found = profile.earliest(job, from_now=True)
    assert (found.planned_start, [h.host for h in found.allocation.hosts]) == (1, ["b"])
    assert [(r.job.job, [h.host for h in r.allocation.hosts]) for r in found.moved] == [(2, ["c"]), (3, ["a"])]


def test_a_start_where_the_slots_suffice_but_no_host_takes_the_job_is_passed_over() -> None:
    """Two 4-slot hosts, now 0: J1 holds 2 slots of a until 10, J2 2 slots of b until 20. A 4-task job that must
    run on one host (span[hosts=1]) finds 4 free slots in all now, but 2 on each host: the allocator places it
    nowhere. The next start, 10, frees a: planned start 10, on a, freed by J1.
    Kills: refsim/sched/profile.py:Profile.earliest moving on from a failed start by other than one (skipping
    10 for 20, or going backwards)."""
    j1 = Job(JobId(1), run_time=10, run_limit=10, min_tasks=2, max_tasks=2)
    j2 = Job(JobId(2), run_time=20, run_limit=20, min_tasks=2, max_tasks=2)
    state, starts = state_with((0, j1, on("a", 2)), (0, j2, on("b", 2)))
    whole = Job(JobId(3), run_time=5, run_limit=5, min_tasks=4, max_tasks=4, resreq="span[hosts=1]")
    state.submit(whole)
    reservation = Profile(state, 0, starts.get).earliest(whole, from_now=True)
    assert (reservation.planned_start, reservation.allocation, reservation.freed_by) == (10, on("a", 4), (JobId(1),))


def test_a_job_no_host_can_take_beside_a_job_without_a_run_limit_is_never_placeable() -> None:
    """Host a (4 slots) holds J1 on 1 slot for ever (no run limit); host b has 2 slots. A 4-task job on one host
    (span[hosts=1]) has 6 - 1 = 5 free slots in all at every instant, so the slot count never refuses it, but no
    host ever has 4 free: a keeps 3, b has 2. No holding ever ends, so there is no later start: never placeable.
    Kills: refsim/sched/profile.py:Profile.earliest trying the end of a holding that never ends (`h.end <= INF`)
    as a start, where nothing is held and the job would be given a reservation at infinity."""
    cluster = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 2})))
    state = SchedulerState(cluster)
    state.submit(Job(JobId(1), run_time=10, min_tasks=1, max_tasks=1))
    state.dispatched(JobId(1), on("a", 1))
    whole = Job(JobId(2), run_time=5, run_limit=5, min_tasks=4, max_tasks=4, resreq="span[hosts=1]")
    state.submit(whole)
    profile = Profile(state, 0, {JobId(1): 0}.get)
    assert profile.earliest(whole, from_now=True) is None
    assert profile.earliest(whole, from_now=False) is None


def test_the_most_held_follows_the_holdings_in_time_order_whatever_order_they_were_made_in() -> None:
    """Over [0, 20) on host a, in the order held: J1 [0, 5), J2 [6, 8) and J3 [2, 7), 2 slots each. In time: J3
    joins J1 at 2 (4 slots), J1 leaves at 5, J2 joins J3 at 6 (4 again): the most held is 4. Taken in the order
    made (J1's end at 5 before J3's start at 2), no instant would ever show two at once: 2.
    Kills: refsim/sched/profile.py:Profile.usage_over without sorting the changes by time."""
    profile = Profile(state_with()[0], 0, lambda j: None)
    for job, start, end in ((1, 0, 5), (2, 6, 8), (3, 2, 7)):
        profile.hold(Holding(JobId(job), start, end, on("a", 2)))
    assert profile.usage_over(0, 20).host_used("a", "slots") == 4


def test_a_start_no_host_takes_even_with_later_reservations_lifted_is_passed_over() -> None:
    """Hosts a and b (2 slots each), now 0: J1 holds 1 slot of a and J2 1 slot of b until 10; a reservation of J3
    holds 1 slot of a over [20, 25). A 2-task job on one host (span[hosts=1], limit 5) has 2 free slots in all at
    0, but 1 on each host; lifting J3's later reservation frees nothing before 20, so placing again fails too,
    and the job's planned start is 10, when J1 and J2 have ended.
    Kills: refsim/sched/profile.py:Profile._replanned going on with no allocation for the job (a negated or
    inverted `found is None`)."""
    cluster = Cluster((Host("a", {"slots": 2}), Host("b", {"slots": 2})))
    state = SchedulerState(cluster)
    for number, host in ((1, "a"), (2, "b")):
        state.submit(Job(JobId(number), run_time=10, run_limit=10, min_tasks=1, max_tasks=1))
        state.dispatched(JobId(number), on(host, 1))
    state.submit(Job(JobId(3), run_time=5, run_limit=5, min_tasks=1, max_tasks=1))
    profile = Profile(state, 0, {JobId(1): 0, JobId(2): 0}.get)
    profile.reserve(Reservation(JobId(3), 20, 25, on("a", 1), ()))
    pair = Job(JobId(4), run_time=5, run_limit=5, min_tasks=2, max_tasks=2, resreq="span[hosts=1]")
    state.submit(pair)
    found = profile.earliest(pair, from_now=True)
    assert (found.planned_start, found.end, found.moved) == (10, 15, ())
    assert [h.resources for h in found.allocation.hosts] == [(("slots", 2),)]


def test_a_holding_over_an_empty_interval_holds_nothing_frees_nothing_and_offers_no_start() -> None:
    """A holding's interval is half-open, [start, end): one whose end equals its start (a run limit too small to
    move a float time that large, e.g. 1e-5 s at 1e12 s) holds nothing at any instant. Now is 0; J1 holds a's 4
    slots until its planned end 50; J9's holding is [0, 0) on b (and [60, 60) for J8).
    - Over [60, 70), J8's [60, 60) adds nothing: b holds 0 slots.
    - A 6-task job (run limit 10) first fits at 50, freed by J1 alone: J9 ended at no instant after now.
    - A 1-task job that does not fit now (from_now False) is planned at 50, J1's end, the first end after now:
      J9's end, 0, is not after now.
    Kills: refsim/sched/profile.py:Profile.usage_over counting a holding that starts at the interval's start
    (`a < h.start` -> `a <= h.start`), Profile.earliest listing it among the holdings that free the job
    (`self.now < h.end` -> `<=` in `freed`) or trying its end, now, as a start (`self.now < h.end` -> `<=` in
    `starts`)."""
    j1 = Job(JobId(1), run_time=50, run_limit=50, min_tasks=4, max_tasks=4)
    state, starts = state_with((0, j1, on("a", 4)))
    profile = Profile(state, 0, starts.get)
    profile.hold(Holding(JobId(9), 0, 0, on("b", 4)))
    profile.hold(Holding(JobId(8), 60, 60, on("b", 4)))
    assert profile.usage_over(60, 70).host_used("b", "slots") == 0
    big = Job(JobId(3), run_time=10, run_limit=10, min_tasks=6, max_tasks=6)
    state.submit(big)
    found = profile.earliest(big, from_now=True)
    assert found is not None and (found.planned_start, found.freed_by) == (50, (JobId(1),))
    small = Job(JobId(4), run_time=10, run_limit=10)
    state.submit(small)
    later = profile.earliest(small, from_now=False)
    assert later is not None and later.planned_start == 50


def test_best_fit_arrays_rank_hosts_as_sorting_by_fit_does() -> None:
    """The projected state ranks hosts from BestFit's arrays; fit() is the readable definition. On random holdings
    (ties included: whole times on a small range), the scan orders with and without order[] keys are the stable
    sorts by fit() (and by the keys first) that the definition gives."""
    import random

    from refsim.sched.planningstate import NO_FIT

    rng = random.Random(7)
    cluster = Cluster(tuple(Host(f"h{i}", {"slots": rng.choice([1, 2, 4])}) for i in range(12)))
    for _ in range(40):
        state = SchedulerState(cluster)
        profile = Profile(state, 0, lambda j: None)
        for n in range(rng.randrange(1, 8)):
            start = float(rng.randrange(0, 10))
            hosts = rng.sample([h.name for h in cluster.hosts], rng.randrange(1, 4))
            allocation = Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in hosts))
            profile.hold(Holding(JobId(n + 1), start, start + rng.randrange(1, 8), allocation))
        a = float(rng.randrange(0, 10))
        b = a + rng.randrange(1, 6)
        fit = profile.fit(a, b)
        projected = profile.projected_state(a, b)
        expected = sorted(cluster.hosts, key=lambda h: fit.get(h.name, NO_FIT)) if fit else list(cluster.hosts)
        assert list(projected.scan_order(())) == expected
        key = (OrderKey("slots", descending=True),)
        expected = sorted(cluster.hosts, key=lambda h: (-h.total("slots"), fit.get(h.name, NO_FIT)))
        assert list(projected.scan_order(key)) == expected
