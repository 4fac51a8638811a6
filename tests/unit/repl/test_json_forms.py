"""`info job JOBID json` and `why JOBID [level L] json`: the console's JSON forms (docs/repl.md), on EASY
(tests/unit/report/test_story.py) stopped before the session at t=90: job 1 runs on a until its run limit ends at
t=100, job 3 (4 slots) pends with its reservation of a and b from t=100, and b is free (job 4 ended at t=90)."""

from __future__ import annotations

import json

import pytest

from refsim.trace import parse
from tests.support.console import console_lines
from tests.unit.report.test_story import EASY


def _objects(*commands: str) -> list[dict]:
    lines = console_lines(EASY, ["break time 60", "continue", *commands])
    return [json.loads(line) for line in lines if line.startswith("{")]


def test_info_job_json_has_the_facts_of_the_text_form():
    pending, running = _objects("info job 3 json", "info job 1 json")
    assert (pending["job"], pending["state"], pending["queued"], pending["run_limit"]) == ("3", "pending", 1, 10)
    assert pending["tasks"] == {"min": 4, "max": 4} and pending["allocation"] is None
    assert pending["latest_decision"]["kind"] == "pend" and pending["latest_decision"]["round"] == 4
    assert [r["code"] for r in pending["latest_decision"]["reasons"]] == ["backfill-reservation",
                                                                         "resource-shortfall"]
    assert pending["planned_start"]["time"] == 100
    assert [h["host"] for h in pending["planned_start"]["allocation"]["hosts"]] == ["a", "b"]
    assert (running["state"], running["start"], running["planned_start"]) == ("running", 0, None)
    assert running["allocation"]["hosts"] == [{"host": "a", "resources": {"slots": 2}, "limit_charges": []}]


def test_why_json_carries_the_answer_and_a_trace_the_reader_accepts():
    (found,) = _objects("why 3 json")
    assert found["answer"] == ("needs 4 slots; 2 of 4 free now; what it needs comes free at t=100, when job 1 ends "
                               "(start 0 + run limit 100)")
    assert (found["where"], found["position"], found["pending"]) == ("before round 5 (t=90)", 1, 1)
    record = parse(found["trace"])
    assert record.job == "3" and record.level == "summary" and record.outcome.kind == "pend"
    assert record.discipline is not None and record.discipline.reservation is not None
    (full,) = _objects("why 3 level full json")
    assert parse(full["trace"]).level == "full"


def test_a_job_that_is_not_pending_or_unknown_has_its_state_and_no_trace():
    assert _objects("why 1 json", "why 99 json", "info job 99 json") == [
        {"job": "1", "state": "running", "answer": None, "trace": None},
        {"job": "99", "state": "unknown", "answer": None, "trace": None},
        {"job": "99", "state": "unknown"}]


@pytest.mark.parametrize(("command", "error"), [
    ("why 3 json x", "error: why: expected JOBID [level summary|full] [json]"),
    ("why json", "error: why: malformed job id 'json'"),
    ("info job 3 jsn", "error: info job: expected one JOBID")])
def test_misspelt_json_forms_are_refused(command, error):
    lines = console_lines(EASY, [command])
    assert error in lines
