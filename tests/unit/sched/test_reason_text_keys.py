"""Pend reason sets are sorted by one text per reason (decisions.text_key), in the order of PendReason.sort_key."""

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.sched.decisions import PendCode, PendReason, pend_reason_set, sort_keys, text_key

reasons = st.builds(PendReason, st.sampled_from(list(PendCode)), st.text("ab\0\1\x7f", max_size=4),
                    st.text("ab\0\1", max_size=3))


@settings(max_examples=200, deadline=None)
@given(reasons, reasons)
def test_two_reasons_compare_by_text_as_by_their_sort_keys(a, b):
    assert (text_key(a) < text_key(b)) == (a.sort_key() < b.sort_key())
    assert (text_key(a) == text_key(b)) == (a == b)


@settings(max_examples=100, deadline=None)
@given(st.sets(reasons, max_size=12))
def test_a_set_sorts_the_same_with_the_memo_of_text_keys(found):
    assert pend_reason_set(found, sort_keys()) == pend_reason_set(found)
