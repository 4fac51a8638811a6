"""Recording errors name the place and what was wrong: the rarer checks, each decided by a case."""

import pytest

from refsim.model.units import AmountError, parse_amount
from refsim.sim.reader import RecordingError
from tests.support.recordings import recording


def _error(text: str) -> str:
    with pytest.raises(RecordingError) as caught:
        recording(text)
    return str(caught.value)


def test_a_resource_kind_that_is_not_one_of_the_three_is_named():
    """Kills: the message of an unknown resource kind mutated."""
    message = _error("""
cluster:
  resources:
    - {name: gpu, kind: colour}
  hosts:
    - {name: a, slots: 1}
events: []
""")
    assert message == "test.yaml: cluster.resources[0].kind: 'colour' is not numeric, string or boolean"


def test_an_empty_consumer_list_is_refused():
    """Kills: the message of an empty consumer list mutated (`per_user: []` means nobody, surely a mistake)."""
    message = _error("""
cluster:
  hosts:
    - {name: a, slots: 1}
  limits:
    - {name: L, per_user: [], resources: {slots: 1}}
events: []
""")
    assert message == "test.yaml: cluster.limits[0].per_user: expected 'all' or a non-empty list"


@pytest.mark.parametrize("path, accepted", [("1", True), ("2.1", True), ("", True), ("0", False), ("1.0", False)])
def test_a_fault_requirement_path_is_dotted_1_based_indices(path, accepted):
    """Kills: `int(p) >= 1` -> `int(p) >= 2` (requirement 1, the first member, would be refused) or `>= 0`
    (0 would be accepted)."""
    text = f"""
events:
  - {{time: 0, submit: {{id: 1, run_time: 5}}}}
test:
  faults:
    - {{point: plan-attempt, job: 1, requirement: "{path}"}}
"""
    if accepted:
        assert recording(text).faults
    else:
        assert _error(text) == (f"test.yaml: test.faults[0].requirement: '{path}' is not dotted 1-based indices "
                                "like 2.1")


def test_a_negative_amount_is_named_negative():
    """Kills: the message of a negative number amount mutated."""
    with pytest.raises(AmountError) as caught:
        parse_amount(-1, None)
    assert str(caught.value) == "'-1' is negative"
