"""How a value is quoted in an error message, and what counts as a whole number or a finite number when refsim reads
users' input (model/bounds.py: short, whole_number, finite)."""

import math

import pytest

from refsim.model.bounds import finite, short, whole_number


def test_a_quoted_value_keeps_40_characters_then_an_ellipsis():
    """Kills: bounds.short's `len(text) <= limit` -> `<` (a 40-character value would be cut), its return dropped,
    and QUOTE `40` -> `41` (docs/recording.md: messages quote at most the first 40 characters)."""
    assert short("x" * 40) == "x" * 40
    assert short("y" * 41) == "y" * 40 + "..."
    assert short("z" * 10, limit=5) == "zzzzz..."


def test_a_value_that_is_not_text_is_quoted_as_python_writes_it():
    """Kills: bounds.short's `isinstance(value, str)` test negated: text is quoted as it is (no quotes added), any
    other value by its repr."""
    assert short("a b") == "a b"
    assert short(None) == "None" and short(["a"]) == "['a']" and short(1.5) == "1.5"


@pytest.mark.parametrize("text, low, high, expected", [
    ("7", 0, 9, 7),
    ("0", 0, 9, 0),            # both ends of the range are inside it
    ("9", 0, 9, 9),
    ("10", 0, 9, None),        # above the range
    ("5", 6, 9, None),         # below it
    ("9" * 19, 0, 10**19, 10**19 - 1),   # 19 digits: the longest whole number read
    ("0" * 19 + "1", 0, 9, None),        # 20 digits are refused before int() sees them, even for the value 1
    ("٣", 0, 9, None),         # an Arabic-Indic digit three is not an ASCII digit
    ("+1", 0, 9, None), (" 1", 0, 9, None), ("1.0", 0, 9, None), ("", 0, 9, None),
])
def test_a_whole_number_is_ascii_digits_of_at_most_19_within_its_range(text, low, high, expected):
    """Kills: bounds.whole_number's `len(text) > MAX_DIGITS` -> `>=` (19 digits refused), `low <= value`
    and `value <= high` made strict, its condition negated, its returns dropped, and MAX_DIGITS `19` -> `20`."""
    assert whole_number(text, low, high) == expected


def test_a_whole_number_must_be_text():
    """Kills: bounds.whole_number's `not isinstance(text, str)` dropped: a YAML integer or None handed over where text
    is expected is not a number, not a crash."""
    assert whole_number(7, 0, 9) is None  # type: ignore[arg-type]
    assert whole_number(None, 0, 9) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("value, expected", [
    (1, True), (0, True), (-2.5, True), (1e308, True),
    (10 ** 400, True), (-(10 ** 400), True),  # too large for a float, and finite all the same
    (math.nan, False), (math.inf, False), (-math.inf, False),
    (True, False),   # a boolean is not a number, though Python counts it as an int
    ("1", False), (None, False),
])
def test_a_finite_number_is_an_int_or_float_that_is_neither_nan_nor_infinite_nor_a_boolean(value, expected):
    """Kills: bounds.finite's return dropped, its `and`s turned to `or`, and `not isinstance(value, bool)` dropped."""
    assert finite(value) is expected


def test_an_integer_too_long_to_print_is_quoted_by_its_size():
    """Python refuses to print an int of more than 4300 digits; an error message quoting one names its size.
    Kills: bounds.short's size check dropped (a ValueError traceback instead of the message)."""
    assert short(2 ** 20_000) == "an integer of 20001 bits"
    assert short(10 ** 400) == ("1" + "0" * 39) + "..."


def test_an_integer_is_quoted_by_its_digits_up_to_14000_bits_and_by_its_size_past_them():
    """repr() refuses integers past 4,300 digits, so a huge one is named by its bit count; 14,000 bits (4,215
    digits) is still quoted as digits. Kills: model/bounds.py:short `bit_length() > _QUOTABLE_BITS` -> `>=`."""
    at_bound = 2 ** 13_999  # exactly 14,000 bits
    assert short(at_bound) == str(at_bound)[:40] + "..."
    assert short(2 ** 14_000) == "an integer of 14001 bits"
