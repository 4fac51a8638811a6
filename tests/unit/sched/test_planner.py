import pytest

from refsim.resreq.ast import Span
from refsim.sched.planner import ClusterShape, Declined, generate_plans, split

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
