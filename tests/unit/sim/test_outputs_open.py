"""ReplayOutputs.open: a log may not be the --sim-output file, and by default the decision records are kept (the
console compares them with the expected decisions)."""

import json
import os

import pytest

from refsim.sim.outputs import ReplayOutputs
from refsim.sim.paths import OutputPathError
from refsim.sim.replay import Simulator
from tests.support.recordings import recording


def test_a_log_may_not_be_the_sim_output_file(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.open's name of the --sim-output file in the log's path check mutated, or
    the check's `output is not None` inverted. Nothing is opened when the log is refused."""
    path = tmp_path / "out.jsonl"
    with pytest.raises(OutputPathError) as caught:
        ReplayOutputs.open("r.yaml", output=path, log=path)
    assert str(caught.value) == (f"--log {path}: is the same file as the --sim-output file {path}; refused so that "
                                 "nothing is overwritten")
    assert os.listdir(tmp_path) == []


def test_the_decision_records_are_kept_by_default_as_the_file_has_them(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs._take's `self.records.append(record)` dropped. Job 1 is dispatched at
    t=0 and ends at t=10; the kept records are the --sim-output file's decision records (the job and end records
    are not decisions)."""
    sim = Simulator(recording("events:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n"))
    outputs = ReplayOutputs.open("r.yaml", output=tmp_path / "out.jsonl")
    outputs.attach(sim)
    for report in sim.reports():
        outputs.report(report, sim.time)
    outputs.close()
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()[1:]]
    assert [r["kind"] for r in lines] == ["submit", "dispatch", "finish", "end"]
    assert outputs.records == [lines[1]] and outputs.decisions == 1


def test_a_reconstructed_dispatch_is_written_with_no_position(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.report's `_decided(...)` for a reconstructed dispatch dropped. Job 1's
    recorded dispatch onto b is re-applied at the start of round 1: it is written as a dispatch with position
    null (it was not decided at a position of the session), and counted as a decision."""
    from refsim.sim.batch import run_batch

    out = tmp_path / "out.jsonl"
    result = run_batch(recording("events:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n"
                                 "  - {time: 0, dispatch: {job: 1, hosts: {b: {slots: 1}}}}\n"), output=out)
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    assert records[1] == {"kind": "dispatch", "job": "1", "round": 1, "position": None, "time": 0, "allocation": {
        "hosts": [{"host": "b", "limit_charges": [], "resources": {"slots": 1}}], "limit_charges": [], "shared": {}}}
    assert result.decisions == 1
