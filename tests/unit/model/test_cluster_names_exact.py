"""A cluster refuses a name used twice, and the message is the whole line a user sees: `duplicate <kind> '<name>'`."""

import pytest

from refsim.model.cluster import Cluster, Host, Queue, SharedResource
from refsim.model.limits import Limit
from refsim.model.resources import BUILTIN_RESOURCES, ResourceDef


def _message(**parts) -> str:
    with pytest.raises(ValueError) as caught:
        Cluster(**{"hosts": (Host("a"),), **parts})
    return str(caught.value)


def test_each_kind_of_duplicate_is_named_exactly():
    """Kills: the constant text of the f-string in Cluster.__post_init__ mutated (`duplicate ` -> `XXduplicate `),
    which the older `match=` test let through because it searches, not compares. Each kind's word comes from the
    tuple in __post_init__, so every kind is checked."""
    assert _message(hosts=(Host("a"), Host("a"))) == "duplicate host 'a'"
    assert _message(queues=(Queue("q"), Queue("q"))) == "duplicate queue 'q'"
    assert _message(shared=(SharedResource("lic", 1), SharedResource("lic", 2))) == "duplicate shared resource 'lic'"
    assert _message(limits=(Limit("L", (), ()), Limit("L", (), ()))) == "duplicate limit 'L'"
    assert _message(resources=BUILTIN_RESOURCES + (ResourceDef("mem"),)) == "duplicate resource 'mem'"
