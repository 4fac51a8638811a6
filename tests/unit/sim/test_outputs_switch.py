"""`set output` (ReplayOutputs.switch_output): the new path is checked against the run's inputs and every file it
writes now before anything is opened."""

import pytest

from refsim.sim.outputs import ReplayOutputs
from refsim.sim.paths import OutputPathError


def test_a_new_output_may_be_no_input_and_no_file_the_run_writes(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.switch_output's path check dropped or its role mutated, and claims()'s
    name of the current --sim-output file mutated or its `output is not None` inverted. The recording, the current
    --sim-output file and the log are each refused by name; a new path is taken, and the previous output is
    finished and put in place."""
    recording = tmp_path / "r.yaml"
    recording.write_text("events: []\n")
    one, log = tmp_path / "one.jsonl", tmp_path / "s.log"
    outputs = ReplayOutputs.open(str(recording), inputs=[("the recording", recording)], output=one, log=log)
    for path, what in ((recording, "the recording"), (one, "the simulation output"), (log, "the --log file")):
        with pytest.raises(OutputPathError) as caught:
            outputs.switch_output(path)
        assert str(caught.value) == (f"set output {path}: is the same file as {what} {path}; refused so that nothing "
                                     "is overwritten")
    outputs.switch_output(tmp_path / "two.jsonl")
    outputs.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "r.yaml", "s.log", "two.jsonl"]
