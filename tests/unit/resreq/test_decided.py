"""Requirement and select rules that only a chosen case decides."""

import pytest

from refsim.model.cluster import Host
from refsim.resreq import parse_requirement
from refsim.resreq.select import SelectError, compile_select


@pytest.mark.parametrize("text, message", [("==1", "expected a resource name but found '=='"),
                                           ("(type==X", "expected ')' but found 'end'")])
def test_only_an_opening_parenthesis_opens_a_group(text, message):
    """Kills: `kind == "op" and value == "("` -> `or` in the select parser (any operator would open a group and
    the error would speak of a missing ')')."""
    with pytest.raises(SelectError) as caught:
        compile_select(text)
    assert str(caught.value) == message


def test_an_empty_alternative_is_written_back_as_braces():
    """Kills: Empty.__str__ returning None (the requirement's text, shown in traces and info job, would break)."""
    assert str(parse_requirement("{}")) == "{}"
    assert str(parse_requirement("{} || {rusage[mem=1]}")) == "{} || {rusage[mem=1]}"


def test_select_nesting_is_allowed_one_hundred_deep_and_refused_beyond():
    """Kills: refsim/resreq/select.py:_Parser.__init__ `self.depth = 0` -> 1 (one level fewer would be allowed than
    the documented 100 levels of requirement nesting, docs/decisions.md). Parentheses and negations both count."""
    host = Host("a", {"slots": 4}, {"fast": True})
    for text in ("(" * 100 + "fast" + ")" * 100, "!" * 100 + "fast", "(" * 50 + "!" * 50 + "fast" + ")" * 50):
        assert compile_select(text).matches(host) is True
    for text, offset in (("(" * 101 + "fast" + ")" * 101, 100), ("!" * 101 + "fast", 101)):
        with pytest.raises(SelectError) as caught:
            compile_select(text)
        assert (str(caught.value), caught.value.offset) == ("nested more than 100 deep", offset)
