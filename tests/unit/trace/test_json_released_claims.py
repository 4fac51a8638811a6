"""A JSON trace names the claims a failed plan released, as the text trace does (docs/trace.md)."""

from __future__ import annotations

from tests.support.console import json_traces

# Job 2's plan 1 fills position 1 on h1, then its allocation build fails (the fault seam, docs/faults.md): the claim
# on h1 is released before the plan ends in the internal error, so the requirement's notes say so.
RELEASED = {"cluster": {"hosts": [{"name": "h1", "slots": 2}]},
            "events": [{"time": 0, "submit": {"id": 1, "run_time": 5}},
                       {"time": 0, "submit": {"id": 2, "run_time": 5}}],
            "test": {"faults": [{"point": "allocation-build", "job": 2, "plan": 1}]}}


def test_the_claims_a_failed_plan_released_are_a_note_of_its_requirement(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._released its note dropped or its text mutated (`str->XX`)."""
    path = tmp_path / "t.jsonl"
    traces = json_traces(RELEASED, path, [f"trace on 2 level full json {path}", "step 2"])
    requirement, = traces[0]["requirements"]
    assert requirement["notes"] == ["released the claims of plan 1 on h1"]
    assert requirement["plans"][0]["result"] == "internal error"
