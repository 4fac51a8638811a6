"""The resources every cluster has without declaring them: slots, mem (MB), and the string resources type and
model, which hosts may set and requirements may select on."""

from __future__ import annotations

import pytest

from refsim.model.resources import BUILTIN_RESOURCES, ResourceKind
from refsim.sim.reader import RecordingError
from tests.support.recordings import recording


def test_the_builtin_resources_by_name_kind_and_unit():
    assert [(r.name, r.kind, r.unit) for r in BUILTIN_RESOURCES] == [
        ("slots", ResourceKind.NUMERIC, None), ("mem", ResourceKind.NUMERIC, "MB"),
        ("type", ResourceKind.STRING, None), ("model", ResourceKind.STRING, None)]


def test_a_host_sets_model_without_declaring_it_and_a_second_declaration_is_refused():
    """A host's `model` is read as the built-in string resource; declaring `model` again is refused like `mem`.
    Kills: model/resources.py BUILTIN_RESOURCES's "model" renamed (a host's model would be an unknown resource)."""
    host = recording("cluster:\n  hosts:\n    - {name: a, slots: 1, model: m5}\n").cluster.hosts[0]
    assert host.attributes == {"model": "m5"}
    with pytest.raises(RecordingError) as caught:
        recording("cluster:\n  resources: [{name: model, kind: string}]\n  hosts:\n    - {name: a, slots: 1}\n")
    assert str(caught.value) == "test.yaml: cluster.resources[0].name: resource 'model' is already defined"
