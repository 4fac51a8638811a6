"""A declared resource's unit: MB is the only unit, and only a numeric resource takes one. Each half of that rule
has its own case, so either half alone decides."""

import pytest

from refsim.model.resources import ResourceDef, ResourceKind
from refsim.sim.reader import RecordingError
from tests.support.recordings import recording

UNIT_ERROR = "test.yaml: cluster.resources[0].unit: the only unit is MB, for numeric resources"


def _declare(resource: str):
    return recording(f"""
cluster:
  resources:
    - {resource}
  hosts:
    - {{name: a, slots: 1}}
events: []
""")


@pytest.mark.parametrize("resource", ["{name: gpu, unit: GB}", "{name: tag, kind: string, unit: MB}",
                                      "{name: ok, kind: boolean, unit: MB}"])
def test_a_unit_other_than_mb_or_on_a_non_numeric_resource_is_refused(resource):
    """Kills: `unit not in (None, "MB") or (unit and kind is not NUMERIC)` with `or` -> `and` (refsim/sim/load.py):
    GB on a numeric resource fails only the first half, MB on a string or boolean only the second."""
    with pytest.raises(RecordingError) as caught:
        _declare(resource)
    assert str(caught.value) == UNIT_ERROR


def test_mb_on_a_numeric_resource_and_no_unit_on_a_string_are_accepted():
    declared = {d.name: d for d in _declare("{name: gpu, unit: MB}").cluster.resources}
    assert declared["gpu"] == ResourceDef("gpu", ResourceKind.NUMERIC, "MB")
    declared = {d.name: d for d in _declare("{name: tag, kind: string}").cluster.resources}
    assert declared["tag"] == ResourceDef("tag", ResourceKind.STRING, None)
