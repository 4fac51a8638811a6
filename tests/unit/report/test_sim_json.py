"""`refsim sim RECORDING --json`: the batch summary as JSON, the same figures as the text summary."""

from __future__ import annotations

import json

from tests.support.cli import run
from tests.unit.report.test_jobs import OVERTAKE


def test_the_summary_as_json_carries_the_hand_worked_figures(tmp_path):
    """OVERTAKE (tests/unit/report/test_jobs.py): 5 jobs submitted, 4 started and finished, job 5 still pending at
    t=110. Slot-seconds used: job 1 1 x 100, job 2 2 x 10, job 3 1 x 30, job 4 1 x 5 = 155, over 2 slots x 110 s:
    0.7045...; waits 0, 95, 0, 0: mean 23.75, max 95."""
    recording = tmp_path / "overtake.yaml"
    recording.write_text(OVERTAKE)
    result = run("sim", str(recording), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["source"] == str(recording) and summary["time"] == 110
    assert summary["jobs"] == {"submitted": 5, "dispatched": 4, "finished": 4, "running": 0, "pending": 1,
                               "removed": 0}
    assert summary["utilisation"] == 155 / 220 and summary["metrics"]["all"]["utilisation"] == 155 / 220
    assert (summary["metrics"]["all"]["wait_mean"], summary["metrics"]["all"]["wait_max"]) == (23.75, 95)
    assert summary["warnings"] == [] and summary["verify"] is None
    text = run("sim", str(recording)).output.splitlines()
    assert text[0] == f"replay of {recording}: {summary['rounds']} rounds, simulated time 110"


def test_verification_is_summarised_with_its_count(tmp_path):
    recording = tmp_path / "overtake.yaml"
    recording.write_text(OVERTAKE)
    assert run("sim", str(recording), "--sim-output", str(tmp_path / "a.jsonl")).exit_code == 0
    result = run("sim", str(recording), "--sim-verify", str(tmp_path / "a.jsonl"), "--json")
    assert result.exit_code == 0
    verify = json.loads(result.output)["verify"]
    assert verify["mismatches"] == 0 and verify["first"] == [] and verify["compared"] > 0
