"""The bounds docs/recording.md states, checked at their documented numbers (not through the constants that hold
them, so a changed constant is noticed)."""

import pytest

from refsim.resreq import ResreqError, parse_requirement


@pytest.mark.parametrize("nest", [lambda d: "{" * d + "select[type]" + "}" * d,
                                  lambda d: "select[" + "(" * d + "type" + ")" * d + "]",
                                  lambda d: "select[" + "!" * d + "type]"],
                         ids=["braces", "parentheses", "negations"])
def test_a_requirement_nests_at_most_100_deep(nest):
    """Kills: model/bounds.py's MAX_REQUIREMENT_DEPTH changed from 100 (docs/recording.md: braces, and select
    parentheses and negations, nest at most 100 deep; a deeper requirement does not parse)."""
    assert parse_requirement(nest(100)) is not None
    with pytest.raises(ResreqError, match="nested more than 100 deep"):
        parse_requirement(nest(101))
