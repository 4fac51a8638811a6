"""Reading a value at a path (refsim.sim.reader.Node), which every recording, output file, live message and sweep
file goes through: each check's boundary and each refusal, word for word."""

import pytest

from refsim.sim.reader import MAX_PROBLEM, Node, RecordingError


def _refusal(read) -> str:
    with pytest.raises(RecordingError) as caught:
        read()
    return str(caught.value)


def test_a_whole_number_is_accepted_on_its_bounds_and_refused_one_outside():
    """Kills: sim/reader.py:Node.integer's `value < low` -> `<=` and `value > high` -> `>=` (a bound itself
    refused), `or` -> `and` between the two tests (nothing refused), and the bounds text mutated ("at least" when
    there is no upper bound, "from .. to" otherwise)."""
    assert Node(1, "f", "p").integer(1) == 1
    assert Node(5, "f", "p").integer(1, 5) == 5
    assert _refusal(lambda: Node(0, "f", "p").integer(1)) == "f: p: 0 is out of range (expected at least 1)"
    assert _refusal(lambda: Node(6, "f", "p").integer(1, 5)) == "f: p: 6 is out of range (expected from 1 to 5)"
    assert _refusal(lambda: Node(0, "f", "p").integer(1, 5)) == "f: p: 0 is out of range (expected from 1 to 5)"
    assert _refusal(lambda: Node(True, "f", "p").integer()) == "f: p: expected a whole number, found a boolean True"


def test_a_number_is_accepted_on_its_bounds_and_refused_just_outside():
    """Kills: sim/reader.py:Node.number's `value < low` -> `<=` and `value > high` -> `>=`, and the below/above
    messages mutated. By default a number is a time: from 0 seconds."""
    assert Node(0, "f", "p").number() == 0
    assert Node(10, "f", "p").number(0, 10) == 10
    assert _refusal(lambda: Node(-0.5, "f", "p").number()) == "f: p: -0.5 is below 0"
    assert _refusal(lambda: Node(10.5, "f", "p").number(0, 10)) == "f: p: 10.5 is above 10"
    assert _refusal(lambda: Node("3", "f", "p").number()) == "f: p: expected a number, found text 3"


@pytest.mark.parametrize("value, kind", [
    ({}, "a mapping"), ([], "a list"), (None, "nothing"), (object(), "object"),
])
def test_text_is_refused_where_the_value_is_another_kind_named_as_such(value, kind):
    """Kills: sim/reader.py:_kind's names mutated (nothing, a mapping, a list, and a type's own name for a value a
    program built)."""
    assert _refusal(lambda: Node(value, "f", "p").text()) == f"f: p: expected text, found {kind}"


def test_a_boolean_and_a_list_are_asked_for_by_name():
    """Kills: sim/reader.py:Node.boolean's and Node.elements' messages mutated, and Node.boolean's value dropped
    (`return self.value` -> None: a host's `gpu: false` and `gpu: true` would read alike)."""
    assert (Node(True, "f", "p").boolean(), Node(False, "f", "p").boolean()) == (True, False)
    assert _refusal(lambda: Node(1, "f", "p").boolean()) == "f: p: expected true or false, found a number 1"
    assert _refusal(lambda: list(Node("x", "f", "p").elements())) == "f: p: expected a list, found text"


@pytest.mark.parametrize("value", ["", "a\x01b", "a b", "a=b", "a,b", "a:b", "a[1]", "a{b}"])
def test_a_name_has_no_space_control_or_separator_character(value):
    """Kills: sim/reader.py:Node.name's tests for an empty name, a control character, a space and the separator
    characters `[]{}=,:` (each would let a name through that breaks a requirement, a scope instance or a path)."""
    assert _refusal(lambda: Node(value, "f", "p").name()) == (
        f"f: p: {value!r} is not a valid name (no spaces, control characters or []{{}}=,: characters)")


def test_amounts_are_named_by_their_own_problem_and_long_text_is_cut():
    """Kills: sim/reader.py:Node.amount's choice between the amount's own message (short text) and the cut one
    (text longer than a message shows), and its bound checks on numbers given as numbers or as text."""
    assert _refusal(lambda: Node("lots", "f", "p").amount(None)) == "f: p: 'lots' is not an amount"
    assert _refusal(lambda: Node("4Q", "f", "p").amount("MB")) == (
        "f: p: '4Q' has a unit suffix 'Q' that this resource does not take")
    assert _refusal(lambda: Node("x" * 50, "f", "p").amount(None)) == f"f: p: '{'x' * 40}...' is not an amount"
    assert Node(10**15, "f", "p").amount(None) == 10**15
    assert _refusal(lambda: Node(10**15 + 1, "f", "p").amount(None)) == (
        "f: p: 1000000000000001 is not an amount from 0 to 1000000000000000")
    assert _refusal(lambda: Node("1000000000000001", "f", "p").amount(None)) == (
        "f: p: 1000000000000001 is not an amount from 0 to 1000000000000000")
    assert _refusal(lambda: Node(-3, "f", "p").amount(None)) == "f: p: '-3' is negative"


def test_a_problem_is_shown_whole_up_to_its_bound_and_cut_after():
    """Kills: sim/reader.py:RecordingError's `len(problem) <= MAX_PROBLEM` -> `<` (a problem of exactly the bound
    would be cut), the bound itself (300 characters: one line of a message stays readable, whatever a recording
    quoted) and the `...` that marks a cut one."""
    assert MAX_PROBLEM == 300
    whole = "x" * 300
    assert str(RecordingError("f", "", whole)) == f"f: {whole}"
    assert str(RecordingError("f", "p", whole + "y")) == f"f: p: {whole}..."


def test_paths_join_keys_with_dots_and_indices_in_brackets():
    """Kills: sim/reader.py:Node.child's path forms (a key at the top has no leading dot), and Node.has' `and` ->
    `or` (a list holding the text "a" would be taken for a mapping with the key a)."""
    root = Node({"a": [{"b": 1}]}, "f")
    assert root.child("a").child(0).child("b").path == "a[0].b"
    assert not Node(["a"], "f").has("a")


@pytest.mark.parametrize("value", ["X86", "node-01.site_a", "ann@lab", "Ünï"])
def test_a_name_of_any_other_printable_characters_is_kept(value):
    """Kills: sim/reader.py:Node.name's separator characters mutated (`"[]{}=,:"` -> `"XX[]{}=,:"` would refuse
    every name holding an X, such as a host type X86)."""
    assert Node(value, "f", "p").name() == value


def test_a_number_beyond_the_amount_bound_is_named_by_the_bound_whatever_its_sign():
    """Kills: sim/reader.py:Node.amount's first bound check weakened (`finite(value) and abs(value) <= MAX_AMOUNT`
    -> `or`): a number far below zero would then be named negative, not out of the amounts' range."""
    assert _refusal(lambda: Node(-10**16, "f", "p").amount(None)) == (
        "f: p: -10000000000000000 is not an amount from 0 to 1000000000000000")


def test_an_integer_too_large_for_a_float_is_refused_with_a_message_not_a_traceback():
    """A document built by a program (YAML and JSON stop at 19 digits) can hand over 10**400, which no float holds:
    it is refused as an amount and as a number, by the message of any other value out of range.
    Kills: bounds.finite calling math.isfinite on every int (an OverflowError traceback)."""
    assert _refusal(lambda: Node(10**400, "f", "p").amount(None)) == (
        "f: p: 1000000000000000000000000000000000000000... is not an amount from 0 to 1000000000000000")
    assert _refusal(lambda: Node(10**400, "f", "p").number()).startswith(
        "f: p: 1000000000000000000000000000000000000000... is above ")
