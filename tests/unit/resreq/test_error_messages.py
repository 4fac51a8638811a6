"""Every requirement error, word for word: the message a user reads names the position (counted from 1) and the
problem, and quotes the requirement (at most 80 characters of it, then '...')."""

import pytest

from refsim.resreq import ResreqError, parse_requirement


@pytest.mark.parametrize("text, message", [
    # compound members: after `+` another COUNT*{...} must follow; counts are 1 to 1000000 (MAX_TASKS)
    ("2*{select[a]} + x", "at position 17: expected a task count"),
    ("2*{select[a]} + 1000001*{select[b]}", "at position 17: a member's task count must be at most 1000000"),
    ("0*{select[a]}", "at position 1: a member's task count must be at least 1"),
    ("2*{}", "at position 3: a compound member cannot be empty"),
    ("2*select[a]", "at position 3: expected '{' but found 's'"),
    ("2*{select[a]} + 3", "at position 18: expected '*' but found 'end of text'"),
    # sections: each at most once, each closed by ']'; the position is where the section's name or body starts
    ("select[a] order[mem] order[slots]", "at position 22: section 'order' given twice"),
    ("order[mem", "at position 7: section 'order' has no closing ']'"),
    ("order[1x]", "at position 7: order: '1x' is not a resource name"),
    ("order[mem: -slots:-]", "at position 7: order: '-' is not a resource name"),
    ("rusage[mem=1:mem=2]", "at position 8: rusage: 'mem' given twice"),
    ("rusage[m-m=1]", "at position 8: rusage: 'm-m=1' is not name=amount"),
    ("rusage[mem=1=2]", "at position 8: rusage: '1=2' is not an amount"),
    ("span[ptile=0]", "at position 6: span: 'ptile=0' is not hosts=1 or ptile=N (1 <= N <= 1000000)"),
    ("span[ptile=1000001]", "at position 6: span: 'ptile=1000001' is not hosts=1 or ptile=N (1 <= N <= 1000000)"),
    # select errors are placed at their own offset inside the body (body starts at position 8)
    ("select[ ]", "at position 8: select: empty select expression"),
    ("select[a b]", "at position 10: select: unexpected 'b'"),
    ("select[type>X]", "at position 13: select: '>' compares numbers, not the string 'X'"),
    ("select[a == or]", "at position 13: select: expected a value after '==' but found 'or'"),
    ("select[a == and]", "at position 13: select: expected a value after '==' but found 'and'"),
    ("{select[a]} x", "at position 13: unexpected 'x'"),
])
def test_each_error_says_where_and_what(text, message):
    """Kills: refsim/resreq/parser.py any error text changed (`str->XX` on the compound, section, order, rusage,
    span and trailing-text messages), and the select error's offset (`compile_select`'s empty-expression offset
    0 -> 1) moved. Each position is counted by hand from 1: e.g. `2*{select[a]} + x` has `x` as its 17th
    character; `select[a b]` has `b` as its 10th."""
    with pytest.raises(ResreqError) as caught:
        parse_requirement(text)
    assert str(caught.value) == f"{message} in '{text}'"


def test_a_requirement_of_81_characters_is_quoted_as_its_first_80_then_dots():
    """Kills: ResreqError's quoting bound 80 -> 81 (the message would quote the whole 81 characters). The text is
    `select[` + 71 letters + `] x`: 7 + 71 + 3 = 81 characters, the stray `x` at position 81."""
    text = "select[" + "a" * 71 + "] x"
    assert len(text) == 81
    with pytest.raises(ResreqError) as caught:
        parse_requirement(text)
    assert str(caught.value) == f"at position 81: unexpected 'x' in '{text[:80]}...'"


def test_a_long_amount_error_is_cut_to_80_characters():
    """Kills: the rusage amount error's bound 80 -> 81 in `_Parser.rusage` (the amount's own message, which quotes
    the bad value, would run one character longer). The amount's message here is 117 characters long; its first
    80 are kept after `rusage: `."""
    value = "1" + "y" * 30
    with pytest.raises(ResreqError) as caught:
        parse_requirement(f"rusage[mem={value}]")
    amount_error = f"'{value}' has a unit suffix '{'y' * 30}' that this resource does not take"
    assert len(amount_error) == 117
    assert caught.value.problem == "rusage: " + amount_error[:80] + "..."


@pytest.mark.parametrize("text", ["span[ptile=1]", "span[ptile=1000000]", "span[ hosts = 1 ]"])
def test_span_takes_ptile_from_one_to_a_million_and_hosts_one(text):
    """Kills: `_Parser.span`'s lower bound 1 -> 2 (ptile=1, one task per host, would be refused) and the
    whitespace around the key and value no longer stripped."""
    assert str(parse_requirement(text)) == text.replace(" ", "")


def test_spaces_around_a_compound_are_optional():
    """Kills: refsim/resreq/parser.py:_Parser.term its leading `self.skip()` dropped (a compound's count after a
    space would not be seen as a digit, and the text would be refused as no requirement), and _Parser.compound
    stepping over two characters after `+` (`+3*{...}` with no space would lose its count). An alternative that is
    a compound is written back in braces."""
    assert str(parse_requirement("  2*{select[a]}")) == "2*{select[a]}"
    assert str(parse_requirement("2*{select[a]}+3*{select[b]}")) == "2*{select[a]} + 3*{select[b]}"
    assert str(parse_requirement("{select[b]} ||  1*{select[a]}")) == "{select[b]} || {1*{select[a]}}"
