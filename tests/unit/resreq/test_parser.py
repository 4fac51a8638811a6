import pytest

from refsim.resreq import Alternatives, Compound, Empty, ResreqError, Single, Span, parse_requirement
from refsim.resreq.ast import OrderKey


def test_empty_string_is_a_single_requirement_with_nothing_asked():
    assert parse_requirement("") == Single()
    assert parse_requirement("   ") == Single()


def test_all_sections():
    req = parse_requirement("select[type==X86 && mem>=1000] order[-mem:slots] rusage[mem=4G:lic=1] span[ptile=4]")
    assert isinstance(req, Single)
    assert req.select.text == "type==X86 && mem>=1000"
    assert req.order == (OrderKey("mem", True), OrderKey("slots"))
    assert req.rusage == (("mem", 4096), ("lic", 1))
    assert req.span == Span(ptile=4)


def test_compound_and_alternatives_and_nesting():
    assert parse_requirement("2*{select[a]} + 4*{}".replace("{}", "{rusage[mem=1]}")) == Compound(
        ((2, parse_requirement("select[a]")), (4, parse_requirement("rusage[mem=1]"))))
    alt = parse_requirement("{} || {select[a]} || {2*{select[b]} + 1*{select[c]}}")
    assert isinstance(alt, Alternatives)
    assert alt.options[0] == Empty() and isinstance(alt.options[2], Compound)
    nested = parse_requirement("{select[a]} || {{select[b]} || {}}")
    assert isinstance(nested.options[1], Alternatives) and nested.options[1].options[1] == Empty()


def test_text_round_trips_through_str():
    for text in ["select[a] rusage[mem=1024]", "2*{select[a]} + 1*{span[hosts=1]}", "{} || {select[b]}"]:
        assert str(parse_requirement(text)) == text


@pytest.mark.parametrize("text, position, problem", [
    ("select[x", 8, "no closing ']'"),
    ("select[type>X]", 13, "compares numbers"),
    ("foo", 1, "expected a requirement"),
    ("select[a] ||", 13, "expected a requirement"),
    ("span[hosts=2]", 6, "not hosts=1 or ptile=N"),
    ("select[a] select[b]", 11, "given twice"),
    ("rusage[mem]", 8, "not name=amount"),
    ("rusage[mem=abc]", 8, "not an amount"),
    ("2*{}", 3, "cannot be empty"),
    ("{select[a]", 11, "expected '}'"),
    ("select[(a]", 10, "expected ')'"),
    ("select[a &&]", 12, "expected a resource name"),
    ("select[a] }", 11, "unexpected '}'"),
])
def test_errors_point_at_the_position(text, position, problem):
    with pytest.raises(ResreqError) as caught:
        parse_requirement(text)
    assert f"at position {position}:" in str(caught.value)
    assert problem in str(caught.value)
