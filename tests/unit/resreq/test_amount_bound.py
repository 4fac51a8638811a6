"""A requested amount may be at most MAX_AMOUNT (10**15): exactly that is accepted, one more is refused, and the
message names the bound."""

import pytest

from refsim.resreq.parser import ResreqError, parse_requirement


def test_the_amount_bound_is_ten_to_the_fifteen():
    """Kills: `MAX_AMOUNT = 10**15` -> `11**15` in refsim/model/bounds.py (one more than 10**15 would pass)."""
    assert str(parse_requirement("rusage[lic=1000000000000000]")) == "rusage[lic=1000000000000000]"
    with pytest.raises(ResreqError) as caught:
        parse_requirement("rusage[lic=1000000000000001]")
    assert str(caught.value) == ("at position 8: rusage: 'lic' is above 1000000000000000 in "
                                 "'rusage[lic=1000000000000001]'")
