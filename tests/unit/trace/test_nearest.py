"""Nearest misses and the shortfall of a failed plan, computed by hand from small verdicts."""

from refsim.sched.events import HostVerdict, Plan, Reason, Stage, VerdictKind as K
from refsim.trace.nearest import filled_words, nearest_misses, unplaced

SHORT, LIMIT, SEL = K.RESOURCE_SHORTFALL, K.LIMIT_EXCEEDED, K.SELECTION_MISMATCH


def shortfall(resource, total, used, reserved, requested):
    return Reason(SHORT, Stage.HOST_CHECK, resource, None, None, total, used, reserved, requested)


def test_fewest_failed_checks_first_ties_by_scan_order_at_most_five():
    """h1 fails 2 checks, h2..h7 fail 1 each, h8 is claimed, h9 fails select: the five nearest are h2-h6 (1 check,
    in scan order); h7 (1 check, 6th) and h1 (2 checks) are left out; h8 and h9 are never misses.
    Kills a mutant sorting by scan order only (h1 would lead) and one not capping at five."""
    verdicts = [HostVerdict("h1", (SHORT,), (shortfall("mem", 8, 6, 0, 4), shortfall("slots", 4, 4, 0, 1)))]
    verdicts += [HostVerdict(f"h{i}", (SHORT,), (shortfall("mem", 8, 6, 0, 4),)) for i in range(2, 8)]
    verdicts += [HostVerdict("h8", (K.ALREADY_CLAIMED,)),
                 HostVerdict("h9", (SEL,), (Reason(SEL, Stage.PRE_FILTER, "type==X"),))]
    misses = nearest_misses(verdicts)
    assert [m.host for m in misses] == ["h2", "h3", "h4", "h5", "h6"]
    assert all(m.failed == 1 for m in misses)


def test_what_a_host_lacks_is_the_amount_beyond_what_is_free():
    """mem: total 8192, used 6144, reserved 1024 by an earlier position: 1024 free, 4096 requested -> 3072 short.
    A limit of value 4 with usage 3, reserved 1, requested 2: 3 + 1 + 2 - 4 = 2 over."""
    limit = Reason(LIMIT, Stage.HOST_CHECK, "per_host", "host=h1", "slots", 4, 3, 1, 2)
    miss, = nearest_misses([HostVerdict("h1", (SHORT, LIMIT), (shortfall("mem", 8192, 6144, 1024, 4096), limit))])
    assert miss.failed == 2
    assert [(x.subject, x.short) for x in miss.lacks] == [("mem", 3072), ("per_host", 2)]


def test_a_shortfall_lacks_its_resource_and_a_limit_names_its_scope():
    """Kills: refsim/trace/nearest.py:lack_of taking one kind of reason for the other (`is` -> `is not`): a
    shortfall's lack names the resource itself and no scope; a limit's names the limit's scope and resource.
    The amounts are those of the test above."""
    from refsim.trace.nearest import Lack, lack_of
    limit = Reason(LIMIT, Stage.HOST_CHECK, "per_host", "host=h1", "slots", 4, 3, 1, 2)
    assert lack_of(shortfall("mem", 8192, 6144, 1024, 4096)) == Lack(SHORT, "mem", None, "mem", 3072)
    assert lack_of(limit) == Lack(LIMIT, "per_host", "host=h1", "slots", 2)


def test_a_failed_plan_says_what_was_placed():
    """Plan [8,8,8,8,8] failing at position 4: 24 tasks placed on positions 1-3, 16 of 40 unplaced."""
    assert unplaced(Plan(6, (8, 8, 8, 8, 8)), 4) == (24, 16)
    assert unplaced(Plan(1, (5, 5)), 1) == (0, 10)
    assert [filled_words(p) for p in (1, 2, 25)] == ["no position filled", "position 1 filled", "positions 1-24 filled"]


def test_a_nearest_miss_cannot_be_edited_by_a_reader():
    """Kills: refsim/trace/nearest.py Lack or Miss not frozen. The text and the JSON trace both read the same
    misses; neither may change what the other reports."""
    import dataclasses

    import pytest
    miss, = nearest_misses([HostVerdict("h1", (SHORT,), (shortfall("mem", 8, 6, 0, 4),))])
    with pytest.raises(dataclasses.FrozenInstanceError):
        miss.failed = 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        miss.lacks[0].short = 0


def test_ties_keep_scan_order_even_against_host_name_order():
    """Kills: refsim/trace/nearest.py:nearest_misses breaking ties by anything but scan order (the host's verdict,
    so its name). zeta is scanned before alpha, both fail one check: zeta comes first."""
    verdicts = [HostVerdict(h, (SHORT,), (shortfall("mem", 8, 6, 0, 4),)) for h in ("zeta", "alpha")]
    assert [m.host for m in nearest_misses(verdicts)] == ["zeta", "alpha"]
