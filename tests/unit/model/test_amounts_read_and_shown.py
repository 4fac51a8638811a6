"""Amounts as users write them and as refsim shows them (model/units.py): the exact refusals, the edge of
negative, and the units each display mode picks."""

import pytest

from refsim.model.units import AmountError, UnitsMode, format_amount, format_number, parse_amount


@pytest.mark.parametrize("value, expected", [(0, 0), (0.0, 0), (0.5, 0.5), (3.0, 3)])
def test_zero_and_fractions_below_one_are_amounts(value, expected):
    """Kills: parse_amount's `text < 0` -> `<= 0` (0 slots would be refused as negative) or `< 1` (half a license
    would be), and its normalising of an integral float (3.0 is the int 3)."""
    amount = parse_amount(value, None)
    assert amount == expected and type(amount) is type(expected)


@pytest.mark.parametrize("text, unit, message", [
    (True, None, "'True' is not an amount"),
    (-1, None, "'-1' is negative"),
    (-0.5, "MB", "'-0.5' is negative"),
    ("abc", "MB", "'abc' is not an amount"),
    ("-1", "MB", "'-1' is not an amount"),
    ("4G", None, "'4G' has a unit suffix 'G' that this resource does not take"),
    ("4x", "MB", "'4x' has a unit suffix 'x' that this resource does not take"),   # quoted as written
])
def test_a_refused_amount_is_named_with_the_reason(text, unit, message):
    """Kills: each of parse_amount's messages (their text: what the user sees after the field's name)."""
    with pytest.raises(AmountError) as caught:
        parse_amount(text, unit)
    assert str(caught.value) == message


def test_terabytes_are_1024_gigabytes_when_shown():
    """Kills: _STEPS' TB size `1024 * 1024` changed (either factor -> 1025): 1 TB of memory is 1048576 MB, shown
    as 1TB in auto and TB modes, and 1.5 TB as 1.5TB."""
    assert format_amount(1048576, "MB", UnitsMode.AUTO) == "1TB"
    assert format_amount(1572864, "MB", UnitsMode.TB) == "1.5TB"
    assert format_amount(1048575, "MB", UnitsMode.AUTO) == "1023.999GB"


def test_less_than_one_megabyte_is_shown_in_megabytes_in_auto_mode():
    """Kills: format_amount's auto fallback `("MB", 1)` -> `("MB", 2)`: below 1 MB no step fits, and the amount is
    shown in MB as it is (half a megabyte is 0.5MB)."""
    assert format_amount(0.5, "MB", UnitsMode.AUTO) == "0.5MB"
    assert format_amount(1, "MB", UnitsMode.AUTO) == "1MB"


@pytest.mark.parametrize("value, shown", [(-0.0, "0"), (2**53 + 1, "9007199254740993"), (7, "7")])
def test_a_whole_number_is_shown_as_a_whole_number_exactly(value, shown):
    """Kills: format_number's float test negated: an int is shown digit for digit (not through a float, which
    would make 2**53 + 1 end in 2), and a negative zero float is the whole number 0, not '-0'."""
    assert format_number(value) == shown
