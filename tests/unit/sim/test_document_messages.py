"""A recording file that does not parse, or parses into something refsim refuses, is named in one line with its
line where the parser knows it (refsim.sim.reader.parse_text over refsim.sim.document), word for word."""

import pytest

from refsim.sim.document import json_depth
from refsim.sim.reader import RecordingError, parse_text


def _refusal(text: str, name: str) -> str:
    with pytest.raises(RecordingError) as caught:
        parse_text(text, name, json_format=name.endswith(".json"))
    return str(caught.value)


@pytest.mark.parametrize("text, message", [
    ("a: [1\n", "line 2: not valid YAML: did not find expected ',' or ']'"),
    ("a: b: c\n", "line 1: not valid YAML: mapping values are not allowed in this context"),
    ("a: \x01\n", "not valid YAML: unacceptable character #x0001: control characters are not allowed"),
])
def test_yaml_the_parser_cannot_read_is_named_by_its_problem(text, message):
    """Kills: sim/reader.py:parse_text's `getattr(exc, "problem", None) or <first line>` -> `and` (a parser error
    would be shown by the first line of its text, "while parsing a flow sequence", instead of what was wrong; a
    reader error, which has no `problem`, would be shown as "None"), the "not valid YAML: " words mutated, and
    the `problem_mark` lookup renamed (the line would be lost). By hand: `a: [1` ends before its `]`, found at
    the start of line 2; the control character has no mark, so no line is named."""
    assert _refusal(text, "r.yaml") == f"r.yaml: {message}"


@pytest.mark.parametrize("text, message", [
    ("a: .nan\n", "line 1: not accepted as YAML: '.nan' is not a finite number (NaN and infinity are refused)"),
    ("a: 1\nb: -.inf\n",
     "line 2: not accepted as YAML: '-.inf' is not a finite number (NaN and infinity are refused)"),
])
def test_yaml_nan_and_infinity_are_refused_with_their_line(text, message):
    """Kills: sim/document.py:_scalar's non-finite message mutated."""
    assert _refusal(text, "r.yaml") == f"r.yaml: {message}"


@pytest.mark.parametrize("text, message", [
    ("[NaN]", "not accepted as JSON: NaN is not a number JSON allows (NaN and infinity are refused)"),
    ('{"a": -Infinity}', "not accepted as JSON: -Infinity is not a number JSON allows (NaN and infinity are refused)"),
    ("[1e999]", "not accepted as JSON: 1e999 is not a finite number"),
    ('{"a": }', "line 1: not valid JSON: Expecting value"),
])
def test_json_numbers_outside_json_and_malformed_json_are_named(text, message):
    """Kills: sim/document.py:_constant's message mutated (Python's json module would read NaN and Infinity, which
    JSON does not have), _float's message mutated, and sim/reader.py's "not valid JSON" words."""
    assert _refusal(text, "r.json") == f"r.json: {message}"


@pytest.mark.parametrize("text, depth", [
    ('["[[[["]', 1),
    ('{"a{": ["}}"]}', 2),
    ('["\\"[[", []]', 2),
])
def test_brackets_inside_json_strings_do_not_count_as_nesting(text, depth):
    """Kills: sim/document.py:_STRING's pattern mutated (strings no longer skipped: a bracket inside a string would
    count as a level, and a document of short depth could be refused as too deep). By hand: `["[[[["]` is one
    array holding a string; `{"a{": ["}}"]}` an object holding an array (2); in `["\\"[[", []]` the escaped quote
    does not end the string, so its brackets are text, and the array inside the array is level 2."""
    assert json_depth(text) == depth


def test_a_file_that_cannot_be_read_or_is_not_utf8_is_named_with_why(tmp_path):
    """Kills: sim/reader.py:read_document's messages mutated ("cannot read" with the system's reason, "is not UTF-8
    text") and its choice of JSON by the `.json` suffix (`{"a": 1}` is also YAML, but `[1,]` is valid YAML only)."""
    from refsim.sim.reader import read_document
    missing = tmp_path / "missing.yaml"
    (tmp_path / "latin1.yaml").write_bytes(b"a: caf\xe9\n")
    (tmp_path / "r.json").write_text("[1,]")
    (tmp_path / "r.yaml").write_text("[1,]")
    for path, message in [(missing, "cannot read: No such file or directory"),
                          (tmp_path, "cannot read: Is a directory"),
                          (tmp_path / "latin1.yaml", "is not UTF-8 text"),
                          (tmp_path / "r.json", "line 1: not valid JSON: Expecting value")]:
        with pytest.raises(RecordingError) as caught:
            read_document(path)
        assert str(caught.value) == f"{path}: {message}"
    assert read_document(tmp_path / "r.yaml") == [1]


@pytest.mark.parametrize("number", ["9999999999999999999", "+9999999999999999999", "-9999999999999999999"])
def test_a_yaml_whole_number_of_19_digits_is_read_whatever_its_sign(number):
    """Kills: sim/document.py:_scalar's `len(...) > MAX_DIGITS` -> `>=` (19 digits refused), and the sign left in
    the count (`lstrip("+-")` dropped would refuse a signed 19-digit number). 19 digits is MAX_DIGITS."""
    assert parse_text(f"a: {number}\n", "r.yaml") == {"a": int(number)}


def test_a_yaml_whole_number_of_20_digits_is_refused_before_it_is_built():
    """Kills: sim/document.py:_INT_TAG mutated (the digit bound would apply to no number)."""
    assert _refusal("a: 1\nb: -99999999999999999999\n", "r.yaml") == (
        "r.yaml: line 2: not accepted as YAML: the number -99999999999999999999 has more than 19 digits")


def test_the_non_specific_tag_on_a_scalar_is_plain_data():
    """Kills: sim/document.py:_scalar's `tag == "!"` mutated (the non-specific tag `!` would be refused as an
    unknown tag). `!!str` is one of the standard tags and makes text of a number."""
    assert parse_text("a: ! 12\nb: !!str 5\n", "r.yaml") == {"a": 12, "b": "5"}


def test_json_numbers_are_read_as_written_up_to_19_digits():
    """Kills: sim/document.py:_float's `return value` dropped (every JSON fraction would read as null) and _int's
    sign left in the digit count (`lstrip("-")` mutated: a negative 19-digit number would be refused) and its
    message."""
    from refsim.sim.document import load_json
    assert load_json("[1.5, -9999999999999999999, 9999999999999999999]") == [
        1.5, -9999999999999999999, 9999999999999999999]
    assert _refusal("[-99999999999999999999]", "r.json") == (
        "r.json: not accepted as JSON: the number -99999999999999999999 has more than 19 digits")


def test_json_objects_are_read_and_a_repeated_key_is_refused():
    """Kills: sim/document.py:_object's `return value` dropped (every JSON object would read as null), its
    duplicate test (`key in seen` negated or turned into `not in`: the first key would be named, or none), and
    _int's `return int(text)` dropped."""
    from refsim.sim.document import load_json
    assert load_json('{"a": {"b": [1, 2]}, "c": 3}') == {"a": {"b": [1, 2]}, "c": 3}
    assert _refusal('{"a": 1, "b": 2, "b": 3}', "r.json") == "r.json: not accepted as JSON: duplicate key 'b'"


def test_an_explicit_int_tag_on_a_long_text_is_refused_by_its_length_before_it_is_built():
    """Kills: sim/document.py:_scalar's `lstrip("+-")` text mutated (`lstrip("XX+-")` would also strip a leading X,
    so a long `!!int` text starting with X would be built, and refused only afterwards as not an int). The digit
    bound applies to the text of every int-tagged scalar, whatever it holds, before anything is built from it:
    20 characters are over the 19 allowed; the short text is built, and refused as not an int."""
    assert _refusal("a: !!int XXXXXXXXXXXXXXXXXXXX\n", "r.yaml") == (
        "r.yaml: line 1: not accepted as YAML: the number XXXXXXXXXXXXXXXXXXXX has more than 19 digits")
    assert _refusal("a: !!int XX1\n", "r.yaml") == "r.yaml: line 1: not accepted as YAML: 'XX1' is not a valid int"
