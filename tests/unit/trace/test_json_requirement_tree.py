"""A JSON trace lists the requirements flat in evaluation order, each with its path (role, index, count per level),
so nesting is read from the path (docs/trace.md, "JSON trace"); a compound or alternatives object gives its
member count, a skipped or not-tried one only its path and status (spec 3; docs/trace.md, "Requirements")."""

from __future__ import annotations

from tests.support.console import json_traces

# h1 is X86 and h2 ARM, 2 slots each. Job 1's four alternatives:
# 1. a compound whose member 1 asks a SPARC host: both hosts are a selection mismatch, so its one plan fails at
#    position 1 with nothing placed, and member 2 is not tried (its point of failure comes first);
# 2. `{}`: skipped, no content;
# 3. a compound of 2 tasks on X86 (h1 fills it) + 1 task on ARM (h1 is a mismatch, h2 fills it): satisfied, so
# 4. is not tried.
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 2, "type": "X86"},
                                   {"name": "h2", "slots": 2, "type": "ARM"}]},
             "events": [{"time": 0, "submit": {"id": 1, "run_time": 10, "resreq":
                 "{1*{select[type==SPARC]} + 1*{select[type==ARM]}} || {}"
                 " || {2*{select[type==X86]} + 1*{select[type==ARM]}} || {select[type==ARM]}"}}]}


def _alternative(index: int, *member: int) -> list[dict]:
    return [{"role": "alternative", "index": index, "count": 4}] \
        + [{"role": "member", "index": m, "count": 2} for m in member]


def _single(path: list[dict], outcome: str, tasks: int, select: str, notes: list[str], plan: dict) -> dict:
    return {"path": path, "status": "tried", "kind": "single", "outcome": outcome, "notes": notes,
            "min_tasks": tasks, "max_tasks": tasks, "requests": {}, "select": select, "span": None, "checks": [],
            "plans": [{"number": 1, "tasks": [tasks], "status": "tried", **plan}]}


def test_nested_alternatives_and_compounds_are_listed_flat_with_their_paths(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._skipped and _not_tried their requirement never listed (or
    its status text mutated); JsonCollector._entered a compound's `members` dropped; _path's role, index or count
    mutated; _plan_failed's counts of what was placed before the failed position mutated."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on all json {path}", "step"])
    compound = {"status": "tried", "kind": "compound", "members": 2}
    assert obj["requirements"] == [
        {"path": [], "status": "tried", "kind": "alternatives", "outcome": "satisfied", "notes": [], "members": 4},
        {"path": _alternative(1), **compound, "outcome": "not satisfied", "notes": []},
        _single(_alternative(1, 1), "not satisfied", 1, "type==SPARC", ["no plan could be placed"],
                {"result": "failed", "failed_position": 1, "positions_filled": 0, "tasks_unplaced": 1,
                 "tasks_total": 1,
                 "positions": [{"position": 1, "tasks": 1, "filled_by": None, "error": None,
                                "rejected": {"selection mismatch": 2}, "nearest_misses": []}]}),
        {"path": _alternative(1, 2), "status": "not tried"},
        {"path": _alternative(2), "status": "skipped"},
        {"path": _alternative(3), **compound, "outcome": "satisfied", "notes": []},
        _single(_alternative(3, 1), "satisfied", 2, "type==X86", [],
                {"result": "committed",
                 "positions": [{"position": 1, "tasks": 2, "filled_by": "h1", "error": None, "rejected": {}}]}),
        _single(_alternative(3, 2), "satisfied", 1, "type==ARM", [],
                {"result": "committed",
                 "positions": [{"position": 1, "tasks": 1, "filled_by": "h2", "error": None,
                                "rejected": {"selection mismatch": 1}}]}),
        {"path": _alternative(4), "status": "not tried"},
    ]
    assert obj["totals"] == {"plans_tried": 3, "plans_discarded": 0, "host_evaluations": {
        "accepted": 2, "selection mismatch": 3, "resource shortfall": 0, "limit exceeded": 0, "already claimed": 0,
        "not evaluated": 0}}
