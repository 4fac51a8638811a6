"""load_json's shortcuts (no depth check when a text has no more opening brackets than the depth bound, since it
cannot nest deeper than it has brackets; otherwise the nesting measured on the parsed value, and the text scanned
only when the parse fails) give exactly what the full checks give: the same value, or the same error, for any
text."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from refsim.model.bounds import MAX_DOCUMENT_DEPTH
from refsim.sim import document
from refsim.sim.document import DocumentError, load_json


def checked_in_full(text: str) -> object:
    """load_json as it was before the shortcut: always the depth scan."""
    if document.json_depth(text) > MAX_DOCUMENT_DEPTH:
        raise DocumentError(None, f"nested more than {MAX_DOCUMENT_DEPTH} levels deep")
    return json.loads(text, object_pairs_hook=document._object, parse_int=document._int,
                      parse_float=document._float, parse_constant=document._constant)


def outcome(parse, text: str) -> tuple[str, object]:
    try:
        return "value", parse(text)
    except DocumentError as exc:
        return "refused", exc.problem
    except json.JSONDecodeError as exc:
        return "malformed", str(exc)


NUMBERS = st.one_of(st.integers(), st.integers(10**18, 10**25), st.floats(allow_nan=False, allow_infinity=False))
WORDS = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1E+400", "1.5e3", "12345678901234567890",
                         "1234567890123456789", "0.1", "-0", "[", "{", "]", "}", '"e1"', '"1e5"', ",", ":", "true"])
LEAVES = st.one_of(NUMBERS.map(json.dumps), st.text(max_size=6).map(json.dumps), WORDS)


@st.composite
def json_like(draw: st.DrawFn) -> str:
    """Valid JSON with hostile numbers, deep or duplicate-keyed, or its pieces joined almost at random."""
    depth = draw(st.one_of(st.integers(0, 4), st.integers(MAX_DOCUMENT_DEPTH - 2, MAX_DOCUMENT_DEPTH + 3)))
    leaf = draw(LEAVES)
    nested = "[" * depth + leaf + "]" * depth
    keyed = "{" + ", ".join(f'"{k}": {v}' for k, v in draw(st.lists(st.tuples(
        st.sampled_from(["a", "b", "time"]), LEAVES), max_size=4))) + "}"
    pieces = "".join(draw(st.lists(LEAVES, max_size=8)))
    return draw(st.sampled_from([nested, keyed, pieces, "[" + ", ".join([nested, keyed]) + "]"]))


@given(json_like())
def test_the_shortcut_decides_as_the_full_checks(text):
    assert outcome(load_json, text) == outcome(checked_in_full, text)


@given(st.text(max_size=40))
def test_any_text_is_decided_as_the_full_checks(text):
    assert outcome(load_json, text) == outcome(checked_in_full, text)


def test_what_the_bounds_refuse_is_still_refused():
    # numbers the hooks refuse (inf, nan, a 20-digit int), and one bracket more than the depth bound
    for text in ['{"t": 1e999}', '{"t": 1E+400}', '[NaN]', '[-Infinity]', '{"job": 12345678901234567890}',
                 "[" * (MAX_DOCUMENT_DEPTH + 1) + "]" * (MAX_DOCUMENT_DEPTH + 1)]:
        assert outcome(load_json, text)[0] == "refused", text
    # at the bound, and with many brackets that do not nest, nothing is refused
    assert outcome(load_json, "[" * MAX_DOCUMENT_DEPTH + "]" * MAX_DOCUMENT_DEPTH)[0] == "value"
    assert outcome(load_json, "[" + ", ".join(["[]"] * 200) + "]") == ("value", [[]] * 200)


BRACKETY = st.text(alphabet='[]{}"\\ab', max_size=6)  # strings whose brackets must not count as nesting


@st.composite
def deep_documents(draw: st.DrawFn) -> str:
    """Valid JSON nested about as deep as the bound: a chain of lists and mappings, a few levels with siblings
    (strings holding brackets, numbers, shallow containers), so the deepest path is not always the first."""
    value: object = draw(st.one_of(BRACKETY, st.integers(), st.just([]), st.just({})))
    kinds = draw(st.lists(st.booleans(), min_size=MAX_DOCUMENT_DEPTH - 3, max_size=MAX_DOCUMENT_DEPTH + 2))
    crowded = draw(st.dictionaries(st.integers(0, len(kinds) - 1), st.tuples(st.integers(0, 2), st.lists(
        st.one_of(BRACKETY, st.floats(allow_nan=False, allow_infinity=False), st.just([[]]), st.just({"]": "["})),
        min_size=1, max_size=2)), max_size=4))
    for level, as_list in enumerate(kinds):
        at, siblings = crowded.get(level, (0, []))
        members = siblings[:at] + [value] + siblings[at:]
        value = members if as_list else {f"k{i}": m for i, m in enumerate(members)}
    return json.dumps(value)


@given(deep_documents())
def test_deep_documents_are_measured_as_the_text_scan_measures_them(text):
    assert document.nesting(json.loads(text)) == document.json_depth(text)
    assert outcome(load_json, text) == outcome(checked_in_full, text)


def test_a_text_that_fails_to_parse_is_refused_for_its_nesting_first():
    # 65 levels and a duplicate key, 65 levels and a missing bracket, 100,000 levels (json's parser itself would
    # give up on those with RecursionError): each is refused as nested too deep, as the text scan finds it
    too_deep = f"nested more than {MAX_DOCUMENT_DEPTH} levels deep"
    for text in ['{"a": 1, "a": ' + "[" * 64 + "]" * 64 + "}", "[" * 65 + "]" * 64, "[" * 100_000 + "]" * 100_000]:
        assert outcome(load_json, text) == ("refused", too_deep)
    # and one whose only fault is a duplicate key keeps that message
    text = '{"a": 1, "a": ' + "[" * 60 + "]" * 60 + "}"
    assert outcome(load_json, text) == ("refused", "duplicate key 'a'")
