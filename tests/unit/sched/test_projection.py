"""The fast path's projection (refsim/sched/projection.py): the most each host holds over an interval, computed from
the pair arrays at once, is the reference's projection (Profile.usage_over), and the projected state built from it
reads the same amounts and free amounts; holdings the arrays cannot hold exactly send the profile to the reference."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.cluster import Cluster, Host, Queue, SharedResource
from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.holding import Holding
from refsim.sched.oneslot import first_free_over
from refsim.sched.planningstate import ProjectedTables
from refsim.sched.profile import Profile
from refsim.sched.projection import HeldPairs, idle_gaps
from refsim.sched.reservations import Reservation
from refsim.sched.state import SchedulerState

HOSTS = ("a", "b", "c")
CLUSTER = Cluster(tuple(Host(h, {"slots": 8, "mem": 4096}) for h in HOSTS), (Queue("normal", 0),),
                  (SharedResource("lic", 4),))
POSITION = {h: i for i, h in enumerate(HOSTS)}


def on(host: str, slots: int, mem: int = 0) -> Allocation:
    return Allocation((HostAllocation(host, (("slots", slots),) + ((("mem", mem),) if mem else ())),))


def pairs_of(*holdings: tuple[float, float, Allocation]) -> HeldPairs:
    pairs = HeldPairs(POSITION)
    for start, end, allocation in holdings:
        pairs.add(start, end, allocation)
    return pairs


def test_the_most_held_is_taken_after_each_instant_with_ends_before_starts():
    # On host a: [0, 10) 2 slots, [5, 15) 1 slot, [10, 20) 3 slots. Over [0, 20) a holds 2, then 3 from 5, then
    # 1 + 3 = 4 from 10 (the first ends at 10 as the third starts: never 2 + 1 + 3 = 6), then 3 from 15: most 4.
    # Over [0, 10) the third never counts (it starts at the interval's end): most 3. Host b holds nothing.
    pairs = pairs_of((0, 10, on("a", 2)), (5, 15, on("a", 1)), (10, 20, on("a", 3)))
    assert pairs.most_held(0, 20, 3)["slots"].tolist() == [4, 0, 0]
    assert pairs.most_held(0, 10, 3)["slots"].tolist() == [3, 0, 0]
    assert pairs.most_held(15, 30, 3)["slots"].tolist() == [3, 0, 0]  # only the third is held after 15
    assert pairs.most_held(20, 30, 3)["slots"].tolist() == [0, 0, 0]  # all ended by 20


def test_each_resource_takes_its_own_most_held_at_its_own_instant():
    # Host b: [0, 10) 1 slot and 3000 MB, [10, 20) 4 slots and 1000 MB. Over [0, 20) the most slots (4) and the
    # most mem (3000) are held at different instants, and each is charged, as the reference charges them.
    pairs = pairs_of((0, 10, on("b", 1, 3000)), (10, 20, on("b", 4, 1000)))
    most = pairs.most_held(0, 20, 3)
    assert (most["slots"].tolist(), most["mem"].tolist()) == ([0, 4, 0], [0, 3000, 0])


def test_pairs_read_the_same_after_their_arrays_grow():
    # 40 holdings of one pair each, in turn on a, b and c, holding n slots on [n, n + 1) (and, from the 30th on,
    # n MB, a resource no earlier pair held): the arrays grow past their first 16 rows and again past 34, and a
    # pair's amounts and times are still its own. At instant 35.5 only holding 35 holds (on c: 35 % 3 == 2): 35
    # slots and 35 MB. Over [20, 40) each host's most is its last holding's there: a 39, b 37, c 38 slots; mem
    # the same (each from 30 on holds n MB).
    pairs = HeldPairs(POSITION)
    for n in range(40):
        host = HOSTS[n % 3]
        pairs.add(n, n + 1, on(host, n, n if n >= 30 else 0))
    held = pairs.held_at(35.5, 3)
    assert (held["slots"].tolist(), held["mem"].tolist()) == ([0, 0, 35], [0, 0, 35])
    # holdings 5 (on c) and 33 (on a, with mem) were added before a growth: each still holds its own
    held = pairs.held_at(5.5, 3)
    assert (held["slots"].tolist(), held["mem"].tolist()) == ([0, 0, 5], [0, 0, 0])
    held = pairs.held_at(33.5, 3)
    assert (held["slots"].tolist(), held["mem"].tolist()) == ([33, 0, 0], [33, 0, 0])
    most = pairs.most_held(20, 40, 3)
    assert (most["slots"].tolist(), most["mem"].tolist()) == ([39, 37, 38], [39, 37, 38])


def test_an_allocation_held_on_two_clusters_takes_each_ones_positions():
    # One allocation (2 slots on b, 1 on c) is held by pairs of the cluster a, b, c and then by pairs of a cluster
    # that no longer has a and lists c before b: each reads it at its own positions, [0, 2, 1] and then [1, 2], and
    # a cluster without b leaves b's pair out: [1].
    allocation = Allocation((HostAllocation("b", (("slots", 2),)), HostAllocation("c", (("slots", 1),))))
    assert pairs_of((0, 10, allocation)).held_at(5, 3)["slots"].tolist() == [0, 2, 1]
    moved = HeldPairs({"c": 0, "b": 1})
    moved.add(0, 10, allocation)
    assert moved.held_at(5, 2)["slots"].tolist() == [1, 2]
    without_b = HeldPairs({"c": 0})
    without_b.add(0, 10, allocation)
    assert without_b.held_at(5, 1)["slots"].tolist() == [1]
    assert pairs_of((0, 10, allocation)).held_at(5, 3)["slots"].tolist() == [0, 2, 1]  # and back, as first read


def test_rows_kept_by_an_allocations_maker_read_as_those_worked_out():
    # Two slots on c and one on a, in that order (positions 2, 0), given as known by the maker: held, they read as
    # the same allocation held without them, 1 slot on a and 2 on c.
    allocation = Allocation((HostAllocation("c", (("slots", 2),)), HostAllocation("a", (("slots", 1),))))
    pairs = HeldPairs(POSITION)
    pairs.known(allocation.columns, np.array([2, 0]))
    pairs.add(0, 10, allocation)
    same = Allocation((HostAllocation("c", (("slots", 2),)), HostAllocation("a", (("slots", 1),))))
    assert pairs.held_at(5, 3)["slots"].tolist() == pairs_of((0, 10, same)).held_at(5, 3)["slots"].tolist() == [
        1, 0, 2]


def test_an_empty_holding_at_an_instant_holds_nothing():
    # A reservation [12, 12) (a zero run limit) on host c ends as it starts: over [10, 20) c holds nothing, and
    # the running sum that dips below 0 between its end and its start is never taken.
    pairs = pairs_of((12, 12, on("c", 5)))
    assert pairs.most_held(10, 20, 3)["slots"].tolist() == [0, 0, 0]


def test_amounts_that_are_not_whole_or_not_on_hosts_leave_the_arrays_to_the_reference():
    assert pairs_of((0, 10, on("a", 2, 1024))).whole
    assert not pairs_of((0, 10, Allocation((HostAllocation("a", (("mem", 0.5),)),)))).whole
    assert not pairs_of((0, 10, Allocation((HostAllocation("a", (("slots", 1),)),), (("lic", 1),)))).whole


def test_a_projected_table_is_made_when_read_and_every_cluster_host_has_one():
    most = pairs_of((0, 10, on("a", 2, 1024))).most_held(0, 5, 3)
    tables = ProjectedTables(most, POSITION)
    assert "b" in tables and "z" not in tables
    assert tables.get("a") == {"slots": 2, "mem": 1024}
    assert tables.get("b") == {}  # holds nothing: no amount, so every read gives 0
    assert tables.get("z") is None and tables.get("z", 7) == 7


holding = st.tuples(st.integers(0, 12), st.integers(0, 8), st.sampled_from(HOSTS), st.integers(1, 8),
                    st.sampled_from([0, 0, 512, 2048]))


@settings(max_examples=200, deadline=None)
@given(st.lists(holding, max_size=10), st.integers(0, 14), st.integers(1, 10))
def test_the_arrays_project_as_the_reference_does(drawn, a, length):
    """Random holdings on three hosts (whole times on a small range, so ends meet starts and intervals' bounds):
    the projected state on the fast path reads, on every host and resource, the amount and the free amount the
    reference projection gives."""
    state = SchedulerState(CLUSTER)
    profile = Profile(state, 0, lambda j: None)
    for n, (start, duration, host, slots, mem) in enumerate(drawn):
        profile.hold(Holding(JobId(n + 1), start, start + duration, on(host, slots, mem)))
    b = a + length
    reference = profile.usage_over(a, b)
    projected = profile.projected_state(a, b)
    assert isinstance(projected.usage.host, ProjectedTables)
    free = projected.free_index()
    for i, host in enumerate(CLUSTER.hosts):
        for resource in ("slots", "mem"):
            used = reference.host_used(host.name, resource)
            assert projected.usage.host_used(host.name, resource) == used
            assert free._free_of(resource, projected.usage.host)[i] == host.total(resource) - used


def test_the_reference_path_projects_holding_by_holding():
    state = SchedulerState(CLUSTER, reference_only=True)
    profile = Profile(state, 0, lambda j: None)
    profile.hold(Holding(JobId(1), 0, 10, on("a", 2)))
    projected = profile.projected_state(0, 5)
    assert not isinstance(projected.usage.host, ProjectedTables)
    assert projected.usage.host_used("a", "slots") == 2


def test_a_host_the_cluster_no_longer_has_holds_no_pair_and_the_others_keep_their_amounts():
    # An allocation on "gone" (not a cluster host) and c: only c's pair is kept, with c's own amounts.
    allocation = Allocation((HostAllocation("gone", (("slots", 5), ("mem", 100))),
                             HostAllocation("c", (("slots", 2), ("mem", 300)))))
    pairs = pairs_of((0, 10, on("a", 1)), (0, 10, allocation))
    assert pairs.arrays()[2].tolist() == [0, 2]
    most = pairs.most_held(0, 5, 3)
    assert (most["slots"].tolist(), most["mem"].tolist()) == ([1, 0, 2], [0, 0, 300])


def test_pairs_added_after_the_arrays_were_made_extend_them_a_new_resource_with_zeros_before():
    pairs = pairs_of((0, 10, on("a", 1)))
    assert pairs.most_held(0, 5, 3)["slots"].tolist() == [1, 0, 0]
    pairs.add(2, 8, on("b", 3, 2048))  # mem: no earlier pair held any
    starts, ends, hosts, amounts = pairs.arrays()
    assert (starts.tolist(), ends.tolist(), hosts.tolist()) == ([0, 2], [10, 8], [0, 1])
    assert (amounts["slots"].tolist(), amounts["mem"].tolist()) == ([1, 3], [0, 2048])


@settings(max_examples=80, deadline=None)
@given(st.lists(holding, max_size=10), st.integers(0, 14), st.integers(0, 4), st.sampled_from(HOSTS),
       st.integers(1, 8), st.booleans())
def test_the_extra_resources_from_the_arrays_are_the_references(drawn, at, length, host, slots, held):
    """Profile.extra() at a reservation's planned start, from the pair arrays (the fast path) and holding by
    holding (the reference), on random holdings: equal in value and in type. A reservation that is not held,
    or held over an empty interval, sends the fast path to the reference."""
    profiles = [Profile(SchedulerState(CLUSTER, reference_only=reference), 0, lambda j: None)
                for reference in (False, True)]
    reservation = Reservation(JobId(99), at, at + length, on(host, slots), ())
    for profile in profiles:
        for n, (start, duration, on_host, used, mem) in enumerate(drawn):
            profile.hold(Holding(JobId(n + 1), start, start + duration, on(on_host, used, mem)))
        if held:
            profile.reserve(reservation)
    fast, reference = (profile.extra(reservation) for profile in profiles)
    assert fast == reference and repr(fast) == repr(reference)
    assert (profiles[0]._extra_from_pairs(reservation) is not None) == (held and length > 0)


_HOLDING = st.tuples(st.integers(0, 30), st.integers(0, 20), st.sampled_from(HOSTS), st.integers(0, 3),
                     st.integers(0, 2048))


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(_HOLDING, st.booleans()), max_size=12), st.booleans(), st.integers(0, 40),
       st.integers(1, 30), st.integers(0, 30))
def test_retired_pairs_count_nowhere_and_a_copy_keeps_the_rest(held, copy_first, a, length, at):
    """Pairs of holdings retired (HeldPairs.retire, some before the arrays were first made, some after, in a copy
    or in the original) read as if never added: every projection, the most held, what is held at an instant, and
    best fit's idle gaps, equal those of pairs made from the kept holdings alone; the copy leaves the original as
    it was. Empty holdings, amounts of 0 and holdings meeting the interval's ends are all drawn.
    Kills: projection.py:HeldPairs.retire leaving a bound of a pair finite, or retiring other rows;
    HeldPairs.copy sharing an array with the original; HeldPairs.add writing past its rows."""
    holdings = [((start, start + span, on(host, slots, mem)), keep) for (start, span, host, slots, mem), keep in held]
    pairs, rows = HeldPairs(POSITION), []
    for n, ((start, end, allocation), _) in enumerate(holdings):
        rows.append(pairs.add(start, end, allocation))
        if n == len(holdings) // 2:
            pairs.arrays()  # the later retirements meet arrays already handed out (views of the same buffers)
    target = pairs.copy() if copy_first else pairs
    for row, (_, keep) in zip(rows, holdings):
        if not keep:
            target.retire(row)
    kept = pairs_of(*[h for h, keep in holdings if keep])
    b, idle = a + length, np.array([-np.inf, 3.0, -np.inf])
    for mine, theirs in ((target.most_held(a, b, 3), kept.most_held(a, b, 3)),
                         (target.held_at(at, 3), kept.held_at(at, 3))):
        for resource in theirs.keys() | mine.keys():
            zero = np.zeros(3, dtype=np.int64)
            assert mine.get(resource, zero).tolist() == theirs.get(resource, zero).tolist()
    mine_gaps = idle_gaps(*target.arrays()[:3], idle, a, b)
    assert [g.tolist() for g in mine_gaps] == [g.tolist() for g in idle_gaps(*kept.arrays()[:3], idle, a, b)]
    for tasks in (1, 2):
        mine_free = first_free_over((*target.arrays()[:3], target.arrays()[3].get("slots")), np.ones(3, dtype=bool),
                                    idle, a, b, tasks)
        theirs_free = first_free_over((*kept.arrays()[:3], kept.arrays()[3].get("slots")), np.ones(3, dtype=bool),
                                      idle, a, b, tasks)
        assert (None if mine_free is None else mine_free.tolist()) == (
            None if theirs_free is None else theirs_free.tolist())
    if copy_first:  # the original keeps every pair
        every = pairs_of(*[h for h, _ in holdings])
        assert [x.tolist() for x in pairs.arrays()[:3]] == [x.tolist() for x in every.arrays()[:3]]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_HOLDING, st.booleans()), max_size=12), st.sampled_from(["never", "before", "between"]),
       st.integers(0, 40), st.integers(1, 30))
def test_restored_pairs_count_again_as_if_never_retired(held, arrays, a, length):
    """Pairs retired and then restored (HeldPairs.restore: a trial's reservation held again where it was), with the
    arrays never made, made before the retirements or between them and the restorations, read as the pairs of the
    restored holdings alone: every projection and best fit's placement.
    Kills: projection.py:HeldPairs.restore restoring other rows or another start."""
    holdings = [((start, start + span, on(host, slots, mem)), back) for (start, span, host, slots, mem), back in held]
    pairs = HeldPairs(POSITION)
    rows = [pairs.add(*holding) for holding, _ in holdings]
    if arrays == "before":
        pairs.arrays()
    for row in rows:
        pairs.retire(row)
    if arrays == "between":
        pairs.arrays()
    for row, ((start, _, _), back) in zip(rows, holdings):
        if back:
            pairs.restore(row, start)
    restored = pairs_of(*[h for h, back in holdings if back])
    b, idle = a + length, np.array([-np.inf, 3.0, -np.inf])
    mine, theirs = pairs.most_held(a, b, 3), restored.most_held(a, b, 3)
    for resource in theirs.keys() | mine.keys():
        zero = np.zeros(3, dtype=np.int64)
        assert mine.get(resource, zero).tolist() == theirs.get(resource, zero).tolist()
    for tasks in (1, 2):
        found = [first_free_over((*p.arrays()[:3], p.arrays()[3].get("slots")), np.ones(3, dtype=bool), idle, a, b,
                                 tasks) for p in (pairs, restored)]
        assert [None if f is None else f.tolist() for f in found][0] == [
            None if f is None else f.tolist() for f in found][1]
