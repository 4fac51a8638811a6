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


# Job 1's compound: member 1 (4 tasks on X86) is placed on h1 and h2 (2 slots each), then member 2 (1 task on
# SPARC) finds no host, so the compound fails and releases member 1's claims on both; the note belongs to the
# compound, not to a plan.
EARLIER_MEMBERS = {"cluster": {"hosts": [{"name": "h1", "slots": 2, "type": "X86"},
                                         {"name": "h2", "slots": 2, "type": "X86"}]},
                   "events": [{"time": 0, "submit": {"id": 1, "run_time": 5,
                                                     "resreq": "4*{select[type==X86]} + 1*{select[type==SPARC]}"}}]}


def test_a_failed_compound_notes_the_claims_of_its_earlier_members_it_released(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._released its `if ev.plan` test negated or the words
    `the earlier members` or the `, ` between the hosts mutated."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(EARLIER_MEMBERS, path, [f"trace on 1 json {path}", "step"])
    compound = obj["requirements"][0]
    assert (compound["kind"], compound["outcome"]) == ("compound", "not satisfied")
    assert compound["notes"] == ["released the claims of the earlier members on h1, h2"]


# Two one-slot hosts; job 1 takes h1, job 2 needs 2 tasks: plan 1 ([2] on one host) is discarded, plan 2 ([1,1])
# fills position 1 on h2 and fails at position 2 (h1 is full, h2 already claimed): 1 position filled, 1 of its 2
# tasks unplaced, and the claim on h2 released.
PARTLY_FILLED = {"cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
                 "events": [{"time": 0, "submit": {"id": 1, "run_time": 5}},
                            {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 5}}]}


def test_a_plan_failed_after_filling_a_position_says_what_it_placed_and_released(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._plan_failed `positions_filled=ev.position - 1` -> `+ 1`,
    its tasks counts mutated; _discarded the discarded plan's reason dropped or its count."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(PARTLY_FILLED, path, [f"trace on 2 json {path}", "step 2"])
    requirement, = obj["requirements"]
    assert requirement["notes"] == ["released the claims of plan 2 on h2", "no plan could be placed"]
    discarded, failed = requirement["plans"]
    assert discarded == {"number": 1, "tasks": [2], "status": "discarded",
                         "reason": "a position needs 2 slots but no open host has more than 1"}
    assert {k: failed[k] for k in ("number", "tasks", "result", "failed_position", "positions_filled",
                                   "tasks_unplaced", "tasks_total")} == {
        "number": 2, "tasks": [1, 1], "result": "failed", "failed_position": 2, "positions_filled": 1,
        "tasks_unplaced": 1, "tasks_total": 2}
    assert [(p["position"], p["filled_by"], p["rejected"]) for p in failed["positions"]] == [
        (1, "h2", {"resource shortfall": 1}), (2, None, {"resource shortfall": 1, "already claimed": 1})]
    assert obj["totals"]["plans_discarded"] == 1 and obj["totals"]["plans_tried"] == 1
