import pytest
from hypothesis import given
from hypothesis import strategies as st

from refsim.resreq.ast import Span
from refsim.sched.planner import ClusterShape, Declined, ShapeMemo, fill_positions, generate_plans, split

SHAPE = ClusterShape(open_hosts=8, max_slots=4, total_slots=32)


def plans(min_tasks, max_tasks, span=None, shape=SHAPE, headroom=None):
    result = generate_plans(min_tasks, max_tasks, span, shape, headroom, "L[user=u] slots")
    return result if isinstance(result, Declined) else [(g.plan.tasks, g.discard) for g in result]


@pytest.mark.parametrize("tasks, hosts, expected", [(10, 4, (3, 3, 2, 2)), (4, 4, (1, 1, 1, 1)), (5, 1, (5,)),
                                                    (7, 2, (4, 3))])
def test_split(tasks, hosts, expected):
    assert split(tasks, hosts) == expected


def test_no_span_doubles_the_host_count_then_one_task_per_host():
    assert [p for p, _ in plans(8, 8)] == [(8,), (4, 4), (2, 2, 2, 2), (1,) * 8]


def test_a_range_tries_the_maximum_then_the_minimum_without_repeating_a_plan():
    assert [p for p, _ in plans(1, 2)] == [(2,), (1, 1), (1,)]


def test_span_forms():
    assert [p for p, _ in plans(3, 3, Span(hosts=1))] == [(3,)]
    assert [p for p, _ in plans(7, 7, Span(ptile=3))] == [(3, 3, 1)]
    assert [p for p, _ in plans(6, 6, Span(ptile=3))] == [(3, 3)]


def test_discard_rules_in_order():
    shape = ClusterShape(open_hosts=2, max_slots=4, total_slots=8)
    assert plans(6, 6, shape=shape) == [
        ((6,), "a position needs 6 slots but no open host has more than 4"),
        ((3, 3), None),
        ((2, 2, 1, 1), "needs 4 hosts but only 2 are open"),
        ((1,) * 6, "needs 6 hosts but only 2 are open")]
    assert plans(2, 2, headroom=1)[0] == ((2,), "2 tasks exceed the headroom of 1 tasks left by L[user=u] slots")


def test_declined_before_any_plan():
    assert plans(1, 1, shape=ClusterShape(0, 0, 0)) == Declined("no host is open")
    assert plans(33, 40) == Declined("needs 33 tasks but the open hosts have 32 slots in all")


def test_plans_are_numbered_in_generation_order_and_generated_lazily():
    result = generate_plans(8, 8, None, SHAPE)
    first = next(result)
    assert first.plan.number == 1 and next(result).plan.number == 2


def test_fill_positions_walk_hosts_in_order_taking_what_each_can():
    # a can take 2, b none, c 8: 10 tasks are 2 on a and the remaining 8 on c; b gives no position.
    assert fill_positions([("a", 2), ("b", 0), ("c", 8)], 10, 10) == ((2, 8), ("a", "c"))
    # the count is the largest from min to max the shares place: 5 for 2..8, capped by a headroom of 4.
    assert fill_positions([("a", 5)], 2, 8) == ((5,), ("a",))
    assert fill_positions([("a", 5)], 2, 8, headroom=4) == ((4,), ("a",))
    # fewer than the minimum: no fill plan
    assert fill_positions([("a", 1), ("b", 1)], 3, 8) is None


def test_fill_positions_read_shares_only_until_the_count_is_reached():
    read = []

    def shares():
        for host in "abcd":
            read.append(host)
            yield host, 4
    assert fill_positions(shares(), 6, 6) == ((4, 2), ("a", "b"))
    assert read == ["a", "b"]


def test_the_fill_plan_follows_the_maximums_plans_and_precedes_the_minimums():
    # 2..6 tasks, the hosts can take 3 + 2: the maximum's four plans, the fill plan [3,2] (5 tasks), then the
    # minimum's plans [2] and [1,1]. The fill plan carries its origin hosts; no other plan does.
    result = list(generate_plans(2, 6, None, SHAPE, shares=lambda: [("a", 3), ("b", 2)]))
    assert [(g.plan.number, g.plan.tasks, g.plan.origins) for g in result] == [
        (1, (6,), ()), (2, (3, 3), ()), (3, (2, 2, 1, 1), ()), (4, (1,) * 6, ()),
        (5, (3, 2), ("a", "b")), (6, (2,), ()), (7, (1, 1), ())]


def test_no_fill_plan_with_a_span_or_when_it_repeats_an_earlier_plan():
    shares = lambda: [("a", 4), ("b", 4)]  # noqa: E731
    assert [p.plan.tasks for p in generate_plans(6, 6, Span(ptile=4), SHAPE, shares=shares)] == [(4, 2)]
    # the fill gives [4,4] for 8 tasks, the same task counts as the second plan: not generated again
    assert [p.plan.tasks for p in generate_plans(8, 8, None, SHAPE, shares=shares)] == [
        (8,), (4, 4), (2, 2, 2, 2), (1,) * 8]


def test_plans_per_requirement_stay_logarithmic_in_the_task_count():
    # 1..1000 tasks: about log2(1000) + 2 plans per count, plus one fill plan
    result = list(generate_plans(1, 1000, None, ClusterShape(2000, 1, 2000), shares=lambda: [("a", 1)] * 2000))
    assert len(result) <= 2 * 12 + 1


@given(shares=st.lists(st.integers(0, 6), max_size=8), low=st.integers(1, 20), extra=st.integers(0, 20),
       headroom=st.one_of(st.none(), st.integers(0, 30)))
def test_fill_positions_place_the_largest_count_the_shares_allow(shares, low, extra, headroom):
    named = [(f"h{i}", s) for i, s in enumerate(shares)]
    high = low + extra
    reachable = min(sum(shares), high if headroom is None else min(high, headroom))
    filled = fill_positions(named, low, high, headroom)
    if reachable < low:
        assert filled is None
        return
    tasks, origins = filled
    assert sum(tasks) == reachable and all(t > 0 for t in tasks)
    share_of = dict(named)
    assert all(t <= share_of[h] for t, h in zip(tasks, origins))
    # hosts in scan order, each taking all it can except the last one used
    positions = [int(h[1:]) for h in origins]
    assert positions == sorted(set(positions))
    assert positions == [i for i in range(positions[-1] + 1) if shares[i] > 0]  # no host with a share skipped
    assert all(t == share_of[h] for t, h in zip(tasks[:-1], origins[:-1]))


def test_a_limit_used_past_its_value_leaves_a_headroom_of_zero_not_a_negative_one():
    """A limit already charged beyond its value leaves no room; the discard reason says 0 tasks, never a negative
    count (and 0 when exactly full).

    Kills: planner.py:_discard_reason `max(headroom, 0)` mutated to `max(headroom, 1)` (which would claim one task
    of room left)."""
    assert plans(1, 1, headroom=0) == [((1,), "1 tasks exceed the headroom of 0 tasks left by L[user=u] slots")]
    assert plans(2, 2, headroom=-3)[0] == ((2,), "2 tasks exceed the headroom of 0 tasks left by L[user=u] slots")


def test_the_discard_reason_names_the_largest_position_of_an_uneven_plan():
    """7 tasks over hosts of at most 3 slots: the plan [4, 3] fails on its 4-task position, so the reason names 4
    (the largest), not 3; [2, 2, 2, 1] fits 4 hosts; one task per host needs 7 hosts.

    Kills: planner.py:_discard_reason the slots named by `max(tasks)` mutated to `min(tasks)`."""
    shape = ClusterShape(open_hosts=4, max_slots=3, total_slots=12)
    assert plans(7, 7, shape=shape) == [
        ((7,), "a position needs 7 slots but no open host has more than 3"),
        ((4, 3), "a position needs 4 slots but no open host has more than 3"),
        ((2, 2, 2, 1), None),
        ((1,) * 7, "needs 7 hosts but only 4 are open")]


def test_one_open_host_is_named_in_the_singular():
    """Kills: planner.py:_discard_reason the verb chosen by `open_hosts == 1` (one host "is" open, more "are")."""
    shape = ClusterShape(open_hosts=1, max_slots=4, total_slots=4)
    assert plans(2, 2, shape=shape)[1] == ((1, 1), "needs 2 hosts but only 1 is open")


def test_no_headroom_left_reads_no_host_share():
    """With no headroom left (0) the fill plan's count is already reached before any host: no share is read (each
    costs a host's checks), and there is no fill plan.

    Kills: planner.py:fill_positions the guard `cap > 0` mutated to `cap >= 0` (which reads a share first)."""
    read = []

    def shares():
        for host in "ab":
            read.append(host)
            yield host, 4
    assert fill_positions(shares(), 1, 5, headroom=0) is None
    assert read == []


def test_a_fill_plan_that_repeats_an_earlier_plan_is_skipped_and_the_minimums_plans_still_follow():
    """2..8 tasks, hosts a and b can take 4 each: the fill plan [4, 4] repeats the maximum's second plan, so it is
    not generated again, and the minimum's plans [2] and [1, 1] come next, numbered on from 5.

    Kills: planner.py:_plans a repeated plan ending the generation (`continue` mutated to `break`)."""
    result = generate_plans(2, 8, None, SHAPE, shares=lambda: [("a", 4), ("b", 4)])
    assert [(g.plan.number, g.plan.tasks) for g in result] == [
        (1, (8,)), (2, (4, 4)), (3, (2, 2, 2, 2)), (4, (1,) * 8), (5, (2,)), (6, (1, 1))]


def test_the_plan_shape_memo_keeps_what_it_made_and_stays_bounded():
    """The memo hands back the task counts it made for a size and span (the same object, not made again) until
    it holds its size in entries; the next new entry clears it, so a replay with ever new job sizes keeps bounded
    memory. span[hosts=1] keys make one plan each, so filling the memo is cheap.

    Kills: planner.py:ShapeMemo.of never clearing (`clear()` dropped, the bound test negated or made `>`)."""
    memo = ShapeMemo()
    one_host = Span(hosts=1)
    first = memo.of(1, one_host)
    assert first == ((1,),) and memo.of(1, one_host) is first
    for tasks in range(2, ShapeMemo._SIZE + 1):
        memo.of(tasks, one_host)
    assert memo.of(1, one_host) is first  # the memo is full, not over: nothing forgotten yet
    assert memo.of(ShapeMemo._SIZE + 1, one_host) == ((ShapeMemo._SIZE + 1,),)  # one more: the memo starts anew
    again = memo.of(1, one_host)
    assert again == first and again is not first
    assert len(memo._known) <= ShapeMemo._SIZE
