"""A host entry must be a mapping with a name; the name is asked for first, before any resource."""

import pytest

from refsim.sim.reader import RecordingError
from tests.support.recordings import recording


@pytest.mark.parametrize("host, problem", [
    ("{mem: 1G}", "missing 'name'"),  # no name and no slots: the name is named
    ("{slots: 1}", "missing 'name'"),
    ("h1", "expected a mapping, found text"),
])
def test_a_host_without_a_name_is_refused_by_its_first_problem(host, problem):
    """Kills: the `node.mapping(required=("name",))` call dropped in refsim/sim/load.py's `_host`: a host with
    neither name nor slots would then be refused for its missing slots."""
    with pytest.raises(RecordingError) as caught:
        recording(f"cluster:\n  hosts:\n    - {host}\nevents: []\n")
    assert str(caught.value) == f"test.yaml: cluster.hosts[0]: {problem}"
