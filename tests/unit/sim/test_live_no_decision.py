"""Live mode answers a selection that ends in no decision with its own reply, never a decision."""

import json
from pathlib import Path

from refsim.sim.live import serve
from refsim.sim.load import load_recording

ROOT = Path(__file__).resolve().parents[3]


def test_a_job_without_a_scheduling_object_gets_a_no_decision_reply():
    """Kills: the no-decision reply's type or fields mutated in the live session (a controller reads `type`)."""
    cluster = load_recording(ROOT / "examples/live/cluster.yaml").cluster
    messages = [json.dumps({"type": "submit", "job": {"id": 1, "resreq": "select["}, "time": 0}),
                json.dumps({"type": "schedule"})]
    replies = [json.loads(line) for line in serve(cluster, messages, protocol=1)]
    assert {"type": "no-decision", "round": 1, "position": 1, "job": "1", "kind": "no-sched-object"} in replies
    assert not any(r["type"] == "decision" for r in replies)
