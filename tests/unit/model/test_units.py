import pytest

from refsim.model.units import AmountError, UnitsMode, format_amount, parse_amount


@pytest.mark.parametrize("text, unit, expected", [
    ("4G", "MB", 4096), ("512", "MB", 512), ("1T", "MB", 1048576), ("1.5G", "MB", 1536), ("2048K", "MB", 2),
    (3, None, 3), ("2.5", None, 2.5)])
def test_parse_amount(text, unit, expected):
    assert parse_amount(text, unit) == expected


@pytest.mark.parametrize("text, unit", [("abc", "MB"), ("4G", None), ("-1", "MB"), (-1, None), ("4X", "MB"),
                                        (True, None)])
def test_bad_amounts(text, unit):
    with pytest.raises(AmountError):
        parse_amount(text, unit)


@pytest.mark.parametrize("mode, expected", [(UnitsMode.RAW, "4096"), (UnitsMode.AUTO, "4GB"),
                                            (UnitsMode.MB, "4096MB"), (UnitsMode.GB, "4GB"),
                                            (UnitsMode.KB, "4194304KB"), (UnitsMode.TB, "0.004TB")])
def test_format_memory_in_each_mode(mode, expected):
    assert format_amount(4096, "MB", mode) == expected


def test_auto_picks_the_largest_whole_unit_and_unitless_amounts_stay_plain():
    assert format_amount(512, "MB", UnitsMode.AUTO) == "512MB"
    assert format_amount(0, "MB", UnitsMode.AUTO) == "0MB"
    assert format_amount(1536, "MB", UnitsMode.AUTO) == "1.5GB"
    assert format_amount(4, None, UnitsMode.GB) == "4"
    assert format_amount(2.5, None) == "2.5"


@pytest.mark.parametrize("value, shown", [(2.0004, "2"), (0.0004, "0"), (2.0005, "2.001"), (2.5, "2.5"),
                                          (3.0, "3")])
def test_a_number_rounding_to_a_whole_at_three_decimals_has_no_trailing_point(value, shown):
    """format_number (model/units.py) shows at most three decimals: 2.0004 rounds to 2.000, whose zeros go, and
    then the point goes too ('2', not '2.'). 2.0005 is stored a little above 2.0005, so it rounds up to 2.001.
    (The mutant turning `.rstrip(".")` into `.rstrip("XX.")` is equivalent: rstrip takes a set of characters, and a
    formatted number holds no X.)"""
    from refsim.model.units import format_number

    assert format_number(value) == shown
