"""Requirement and select rules that only a chosen case decides."""

import pytest

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
