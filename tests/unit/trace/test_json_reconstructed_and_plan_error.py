"""A JSON trace of a reconstructed dispatch, and of a plan whose attempt ended in an internal error."""

from __future__ import annotations

from tests.support.console import json_traces

# Job 1 was already running when the recording starts (its recorded dispatch on h1): the replay reconstructs it.
RECONSTRUCTED = {"cluster": {"hosts": [{"name": "h1", "slots": 2, "mem": "4G"}]},
                 "events": [{"time": 0, "submit": {"id": 1, "run_time": 10, "resreq": "rusage[mem=1G]"}},
                            {"time": 0, "dispatch": {"job": 1, "hosts": {"h1": {"slots": 1, "mem": "1G"}}}}]}

# One job whose first plan's attempt fails (the fault seam, docs/faults.md): the requirement ends in internal error.
PLAN_ATTEMPT_FAULT = {"cluster": {"hosts": [{"name": "h1", "slots": 2}]},
                      "events": [{"time": 0, "submit": {"id": 1, "run_time": 10}}],
                      "test": {"faults": [{"point": "plan-attempt", "job": 1, "plan": 1}]}}


def test_a_reconstructed_dispatch_is_its_allocation_and_zero_totals(tmp_path):
    """Kills: refsim/trace/jsontrace.py:reconstructed_object any of its fixed values changed (e.g. `plans_tried` 0
    -> 1, a verdict count 0 -> 1, the kind or format text). No plan was tried and no host evaluated, since the
    dispatch was read from the recording, not decided (docs/trace.md: no selection, requirement, plan or host
    sections); the allocation is the recorded one, memory in MB."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECONSTRUCTED, path, [f"trace on all level full json {path}", "step"])
    assert obj == {
        "format": "refsim-trace", "version": 1, "job": "1", "kind": "reconstructed", "round": 1, "position": None,
        "level": "full", "selection": None, "requirements": [],
        "outcome": {"kind": "dispatch", "allocation": {
            "hosts": [{"host": "h1", "resources": {"slots": 1, "mem": 1024}, "limit_charges": []}],
            "shared": {}, "limit_charges": []}},
        "totals": {"plans_tried": 0, "plans_discarded": 0, "host_evaluations": {
            "accepted": 0, "selection mismatch": 0, "resource shortfall": 0, "limit exceeded": 0,
            "already claimed": 0, "not evaluated": 0}},
        "truncated": None}


def test_a_plan_whose_attempt_failed_reads_internal_error_with_the_error(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._plan_error dropping its `_end_plan("internal error", ...)`
    (the plan would stay at its opening result, null, with no error), or the result text changed. The fault is
    raised at the start of plan 1's attempt, before any position is scanned, so the plan has no positions."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(PLAN_ATTEMPT_FAULT, path, [f"trace on all json {path}", "step"])
    requirement, = obj["requirements"]
    assert requirement["outcome"] == "internal error"
    assert requirement["plans"] == [{"number": 1, "tasks": [1], "status": "tried", "result": "internal error",
                                     "positions": [], "error": "injected fault at plan-attempt"}]
    assert obj["outcome"]["reason"] == "internal-error"
