"""A JSON trace's committed plan says so."""

from __future__ import annotations

from tests.support.console import json_traces

# One free one-slot host and one one-task job: its first plan places it there and is committed.
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 1}]},
             "events": [{"time": 0, "submit": {"id": 1, "run_time": 10}}]}


def test_the_plan_that_started_the_job_reads_committed(tmp_path):
    """Kills: refsim/trace/jsontrace.py:219 (`self._end_plan("committed")` dropped in `_committed`), which leaves
    the plan's result at its opening value, None."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on 1 json {path}", "step"])
    plan, = obj["requirements"][0]["plans"]
    assert plan["result"] == "committed"
