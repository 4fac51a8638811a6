"""A JSON trace's single requirement carries its cluster-wide checks (shared resources, then cluster-wide limits,
each with its numbers and whether it passed) and its select and span as written (spec 4.1, 4.2, 4.8; docs/trace.md,
"JSON trace"): two whole trace objects, derived by hand. The text trace of the same decisions says
`shared lic: total 3, used 1, reserved 0, requested 1: passed` and
`limit user_slots[user=ann] slots: value 4, usage 2, reserved 0, requested 3: failed: limit rejection`."""

from __future__ import annotations

from tests.support.console import json_traces

# Two jobs of ann in one round, each asking 1 of the shared lic (total 3, per job) under the cluster-wide limit
# user_slots (4 slots per user). Job 1 (2 tasks, select[type==X86], span[hosts=1]): lic total 3, used 0, requested 1
# passes; user_slots[user=ann] value 4, usage 0, requested 2 passes; its one plan [2] on one host is filled by h1
# (X86, 4 slots, first in scan order). Job 2 (3 tasks, no select, no span) comes next in the same round: lic used 1
# (job 1's) + 1 <= 3 passes, but user_slots usage 2 (job 1's slots) + 3 > 4 fails, so no placement plan is tried
# and it pends on the limit. Nothing is reserved by earlier parts of either job's evaluation (one requirement each).
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 4, "type": "X86"},
                                   {"name": "h2", "slots": 4, "type": "ARM"}],
                         "shared": {"lic": 3},
                         "limits": [{"name": "user_slots", "per_user": "all", "resources": {"slots": 4}}]},
             "events": [{"time": 0, "submit": {"id": 1, "user": "ann", "tasks": 2, "run_time": 10,
                                               "resreq": "select[type==X86] rusage[lic=1] span[hosts=1]"}},
                        {"time": 0, "submit": {"id": 2, "user": "ann", "tasks": 3, "run_time": 10,
                                               "resreq": "rusage[lic=1]"}}]}


NONE = {"accepted": 0, "selection mismatch": 0, "resource shortfall": 0, "limit exceeded": 0, "already claimed": 0,
        "not evaluated": 0}


def _header(job: str, position: int, usage: int) -> dict:
    """The fields before the requirements: the selection with fcfs's keys and the one cluster-wide limit matched."""
    return {"format": "refsim-trace", "version": 1, "job": job, "kind": "decision", "round": 1, "position": position,
            "level": "summary",
            "selection": {"policy": "fcfs", "keys": {"queue": "normal", "queue priority": "0", "job priority": "0",
                                                     "queue time": "0"},
                          "cluster_limits": [{"limit": "user_slots", "scope": "user=ann", "resource": "slots",
                                              "value": 4, "usage": usage}]}}


def _lic(used: int) -> dict:
    return {"kind": "shared", "name": "lic", "scope": None, "resource": "lic", "total": 3, "used": used,
            "reserved": 0, "requested": 1, "passed": True}


def test_the_cluster_wide_checks_select_and_span_are_in_the_requirement_object(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._check a cluster-wide check never appended to `checks`;
    JsonCollector._entered `select=ev.select or None` -> `and` (the select written would be null, or "" when the
    requirement has none) and the same for `span`."""
    path = tmp_path / "t.jsonl"
    first, second = json_traces(RECORDING, path, [f"trace on all json {path}", "step 2"])
    assert first == {**_header("1", 1, 0), "requirements": [
        {"path": [], "status": "tried", "kind": "single", "outcome": "satisfied", "notes": [],
         "min_tasks": 2, "max_tasks": 2, "requests": {"lic": 1}, "select": "type==X86", "span": "span[hosts=1]",
         "checks": [_lic(0),
                    {"kind": "limit", "name": "user_slots", "scope": "user=ann", "resource": "slots", "total": 4,
                     "used": 0, "reserved": 0, "requested": 2, "passed": True}],
         "plans": [{"number": 1, "tasks": [2], "status": "tried", "result": "committed",
                    "positions": [{"position": 1, "tasks": 2, "filled_by": "h1", "error": None, "rejected": {}}]}]}],
        "outcome": {"kind": "dispatch", "allocation": {
            "hosts": [{"host": "h1", "resources": {"slots": 2}, "limit_charges": []}], "shared": {"lic": 1},
            "limit_charges": [{"limit": "user_slots", "scope": "user=ann", "resource": "slots", "amount": 2}]}},
        "totals": {"plans_tried": 1, "plans_discarded": 0, "host_evaluations": {**NONE, "accepted": 1}},
        "truncated": None}
    assert second == {**_header("2", 2, 2), "requirements": [
        {"path": [], "status": "tried", "kind": "single", "outcome": "not satisfied",
         "notes": ["no placement plans tried: the cluster-wide check failed"],
         "min_tasks": 3, "max_tasks": 3, "requests": {"lic": 1}, "select": None, "span": None,
         "checks": [_lic(1),
                    {"kind": "limit", "name": "user_slots", "scope": "user=ann", "resource": "slots", "total": 4,
                     "used": 2, "reserved": 0, "requested": 3, "passed": False}],
         "plans": []}],
        "outcome": {"kind": "pend", "reasons": [
            {"code": "cluster-limit", "host": None, "detail": "user_slots[user=ann] slots"}]},
        "totals": {"plans_tried": 0, "plans_discarded": 0, "host_evaluations": NONE},
        "truncated": None}
