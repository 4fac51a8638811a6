"""An array's `run_times`: each element's own run time, one per index from 1 (docs/recording.md)."""

import pytest

from refsim.sim.load import recording_from
from refsim.sim.reader import RecordingError
from refsim.sim.recording import Submit

CLUSTER = {"hosts": [{"name": "h", "slots": 2}], "queues": [{"name": "normal"}]}


def _load(submit: dict[str, object]):
    return recording_from({"cluster": CLUSTER, "events": [{"time": 0, "submit": submit}]}, "r")


def test_each_element_runs_its_own_time():
    recording = _load({"id": 5, "array": 3, "run_times": [10, 0, 30]})
    jobs = {str(e.action.job.id): e.action.job.run_time for e in recording.events if isinstance(e.action, Submit)}
    assert jobs == {"5[1]": 10, "5[2]": 0, "5[3]": 30}


@pytest.mark.parametrize("submit, problem", [
    ({"id": 5, "run_times": [1]}, "run_times goes with array, instead of run_time"),
    ({"id": 5, "array": 2, "run_time": 3, "run_times": [1, 2]}, "run_times goes with array, instead of run_time"),
    ({"id": 5, "array": 2, "run_times": [1]}, "run_times lists 1 run times for an array of 2"),
])
def test_run_times_must_match_the_array(submit, problem):
    with pytest.raises(RecordingError, match=problem):
        _load(submit)
