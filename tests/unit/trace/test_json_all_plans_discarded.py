"""A JSON trace notes a requirement whose generated plans were all discarded, as the text trace does."""

from __future__ import annotations

from tests.support.console import json_traces

# Job 1 needs 3 tasks on one host (span[hosts=1]) and each of the two hosts has 2 slots: its one plan, [3] on one
# host, is discarded (no open host has more than 2 slots), so no plan is tried.
TOO_WIDE = {"cluster": {"hosts": [{"name": "h1", "slots": 2}, {"name": "h2", "slots": 2}]},
            "events": [{"time": 0, "submit": {"id": 1, "tasks": 3, "run_time": 5, "resreq": "span[hosts=1]"}}]}


def test_a_requirement_whose_plans_were_all_discarded_says_so_in_its_notes(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._all_discarded its note dropped or its text mutated."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(TOO_WIDE, path, [f"trace on 1 json {path}", "step"])
    requirement, = obj["requirements"]
    assert requirement["notes"] == ["no plan tried: all generated plans were discarded"]
    assert [plan["status"] for plan in requirement["plans"]] == ["discarded"]


def test_a_requirement_with_no_plan_generated_or_no_plan_tried_says_why_in_its_notes(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._no_plan and _plans_skipped their notes dropped or their text
    mutated. Job 1 needs 3 tasks but the two one-slot hosts have 2 slots in all, so no plan is generated. Job 2 asks
    for 2 of the shared lic, whose total is 1: the cluster-wide check fails, so no placement plan is tried."""
    document = {"cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}],
                            "shared": {"lic": 1}},
                "events": [{"time": 0, "submit": {"id": 1, "tasks": 3, "run_time": 5}},
                           {"time": 0, "submit": {"id": 2, "run_time": 5, "resreq": "rusage[lic=2]"}}]}
    path = tmp_path / "t.jsonl"
    first, second = json_traces(document, path, [f"trace on all json {path}", "step 2"])
    assert first["requirements"][0]["notes"] == [
        "no plan generated: needs 3 tasks but the open hosts have 2 slots in all"]
    assert second["requirements"][0]["notes"] == ["no placement plans tried: the cluster-wide check failed"]
