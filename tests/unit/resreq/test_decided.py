"""Requirement and select rules that only a chosen case decides."""

import pytest

from refsim.model.cluster import Host
from refsim.resreq import ResreqError, parse_requirement
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


def test_brace_nesting_is_counted_afresh_in_each_alternative():
    """Kills: refsim/resreq/parser.py:_Parser.braced `self.depth -= 1` -> `-= 2` (each closed brace would lend
    one more level to what follows, so a second alternative could nest 101 deep). The first alternative closes
    at depth 1; the second opens 101 braces, the 101st at offset 119 (position 120 counted from 1)."""
    deep = "{" * 100 + "rusage[mem=1]" + "}" * 100
    assert str(parse_requirement("{rusage[mem=1]} || " + deep)) == "{rusage[mem=1]} || {rusage[mem=1]}"
    with pytest.raises(ResreqError) as caught:
        parse_requirement("{rusage[mem=1]} || {" + deep + "}")
    assert str(caught.value).startswith("at position 120: braces nested more than 100 deep in ")


@pytest.mark.parametrize("text, message, offset", [
    ("mem>", "expected a value after '>' but found 'end'", 4),
    ("type== and fast", "expected a value after '==' but found 'and'", 7),
    ("type==(", "expected a value after '==' but found '('", 6)])
def test_a_comparison_without_a_value_names_what_came_instead(text, message, offset):
    """Kills: refsim/resreq/select.py:_Parser.comparison the word `end` (said when the text ends after the
    operator) mutated (`str->XX`), and the keywords that cannot be a value. The offset is where the value was
    expected: the end of the text, or the token found there."""
    with pytest.raises(SelectError) as caught:
        compile_select(text)
    assert (str(caught.value), caught.value.offset) == (message, offset)


@pytest.mark.parametrize("text, position", [("{", 2), ("{rusage[mem=1]} || {", 21)])
def test_a_brace_left_open_at_the_end_says_the_text_ended(text, position):
    """Kills: refsim/resreq/parser.py:_Parser.sections `self.pos < len(self.text)` -> `<=` (an IndexError instead
    of the error). An opening brace with nothing after it: the requirement inside was expected where the text ends
    (positions count from 1, so one past the last character)."""
    with pytest.raises(ResreqError) as caught:
        parse_requirement(text)
    assert str(caught.value) == (f"at position {position}: expected a requirement but found 'end of text' "
                                 f"in '{text}'")
