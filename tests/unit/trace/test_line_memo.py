"""Lines made once and reused: only lines whose equals are made exactly alike share what was made."""

from refsim.model.units import UnitsMode
from refsim.trace.records import Amt, Line, LineMemo, same_form_key
from refsim.trace.render import Renderer, render_line
from refsim.trace.store import line_json


def test_a_line_of_text_and_whole_amounts_is_its_own_key():
    line = Line(2, ("h1: slots ", Amt(4), ", mem ", Amt(2048, "MB")))
    assert same_form_key(line) is line
    assert same_form_key(Line(1, ("one text",))) is None  # made again: cheaper than a look-up


def test_a_line_with_a_float_or_bool_amount_is_never_shared():
    """1 == 1.0 == True, but JSON writes 1, 1.0 and true; 0.0 == -0.0, but they render as 0 and -0."""
    for value in (1.0, -0.0, True):
        assert same_form_key(Line(1, ("x ", Amt(value)))) is None


def test_equal_lines_of_different_amount_types_keep_their_own_bytes():
    memo = LineMemo(line_json)
    assert memo(Line(1, ("n ", Amt(1)))) == '{"depth":1,"parts":["n ",{"unit":null,"value":1}]}'
    assert memo(Line(1, ("n ", Amt(1.0)))) == '{"depth":1,"parts":["n ",{"unit":null,"value":1.0}]}'
    assert memo(Line(1, ("n ", Amt(True)))) == '{"depth":1,"parts":["n ",{"unit":null,"value":true}]}'


def test_a_line_is_made_once_until_the_memo_fills_then_it_starts_again():
    made: list[Line] = []

    def make(line: Line) -> str:
        made.append(line)
        return f"#{len(made)}"

    memo = LineMemo(make, limit=2)
    a, b, c = (Line(1, (name, Amt(1))) for name in "abc")
    assert [memo(a), memo(Line(1, ("a", Amt(1)))), memo(b), memo(a)] == ["#1", "#1", "#2", "#1"]
    assert memo(c) == "#3"  # the memo held 2 lines: emptied, then c kept
    assert memo(a) == "#4" and made == [a, b, c, a]


def test_the_renderer_keeps_texts_per_units_mode():
    """2048 MB shows as 2048 in raw mode and as 2GB in auto mode, whichever mode rendered the line first."""
    from refsim.model.jobid import JobId
    from refsim.sched.events import VerdictKind
    from refsim.trace.records import Totals, Trace
    from refsim.trace.settings import Level

    line = Line(1, ("mem ", Amt(2048, "MB")))
    trace = Trace(JobId(1), 1, 1, Level.SUMMARY, (line,), (), 0, 50, Totals(0, 0, tuple((k, 0) for k in VerdictKind)),
                  ())
    renderer = Renderer()
    assert renderer(trace, UnitsMode.RAW) == ["  mem 2048"] == [render_line(line, UnitsMode.RAW)]
    assert renderer(trace, UnitsMode.AUTO) == ["  mem 2GB"]
    assert renderer(trace, UnitsMode.RAW) == ["  mem 2048"]
