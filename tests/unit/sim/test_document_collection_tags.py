"""A recording's YAML takes no explicit tag on a mapping or a list either, as on a scalar: a tag could make the
loader build something other than plain data."""

import pytest

from refsim.sim.document import DocumentError
from refsim.sim.yamldoc import load_yaml


@pytest.mark.parametrize("text, tag", [
    ("a: !custom {b: 1}\n", "!custom"),
    ("a: !!set {b: 1}\n", "tag:yaml.org,2002:set"),
    ("- !!seq [1]\n", "tag:yaml.org,2002:seq"),
    ("a:\n  b: !!omap\n    - c: 1\n", "tag:yaml.org,2002:omap"),
])
def test_a_tag_on_a_collection_is_refused(text, tag):
    """Kills: the `_explicit_tag(event, line)` call dropped for collection starts in refsim/sim/document.py, which
    would accept these as plain mappings and lists."""
    with pytest.raises(DocumentError) as caught:
        load_yaml(text)
    assert str(caught.value) == f"the tag {tag} is not accepted"


def test_the_non_specific_tag_is_plain_data():
    assert load_yaml("a: ! {b: 1}\n") == {"a": {"b": 1}}
