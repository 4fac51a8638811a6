"""json_depth: how deeply a JSON text's arrays and objects nest, counted before it is parsed (the refusal of a
too-deep document depends on it)."""

import pytest

from refsim.sim.document import json_depth


@pytest.mark.parametrize("text, depth", [
    ("1", 0), ("[]", 1), ("[[],[[]]]", 3), ('[[], {"a": [[]]}]', 4), ("[[[]],[]]", 3), ("[[],[],[],[[]]]", 3),
])
def test_the_depth_is_the_deepest_nesting_not_a_running_count(text, depth):
    """By hand: `[[],[[]]]` opens 1, 2, closes to 1, opens 2, 3: depth 3; `[[], {"a": [[]]}]` reaches 4 inside the
    object (array, object, array, array). Kills: the closing bracket's `-1` ->
    `-2` in json_depth (refsim/sim/document.py): a sibling opened after a closed one would then count too low
    (`[[],[[]]]` gives 2), which a document whose deepest part comes first does not show."""
    assert json_depth(text) == depth


def test_a_yaml_document_nests_at_most_64_levels():
    """Kills: sim/document.py:_build's `len(stack) >= MAX_DOCUMENT_DEPTH` -> `>` (a 65th level would pass).
    `a: ` opens a mapping (level 1); 63 brackets inside it reach level 64, accepted; 64 brackets reach 65."""
    from refsim.sim.document import DocumentError
    from refsim.sim.yamldoc import load_yaml

    value, lists = load_yaml("a: " + "[" * 63 + "]" * 63)["a"], 0
    while isinstance(value, list):
        value, lists = (value[0] if value else None), lists + 1
    assert lists == 63
    with pytest.raises(DocumentError, match="nested more than 64 levels deep"):
        load_yaml("a: " + "[" * 64 + "]" * 64)
