"""A bad --time-scale factor is refused with one whole line that names the factor as given."""

import math

import pytest

from refsim.importers.swf import SwfError, check_time_scale


@pytest.mark.parametrize("factor, shown", [(0.0, "0"), (-1.0, "-1"), (math.inf, "inf"), (math.nan, "nan")])
def test_the_refusal_is_one_exact_line(factor, shown):
    """Kills: the message's text mutated (`str->XX`) in refsim/importers/swf.py check_time_scale; the command-line
    test only looks for a part of it."""
    with pytest.raises(SwfError) as caught:
        check_time_scale(factor)
    assert str(caught.value) == f"--time-scale must be a finite number above 0, not {shown}"


def test_a_finite_positive_factor_is_returned_as_is():
    assert check_time_scale(0.25) == 0.25
