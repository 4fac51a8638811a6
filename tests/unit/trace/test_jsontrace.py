"""The JSON trace: every line valid against docs/trace.schema.json, one object per trace printed, in the same order,
and each outcome equal to the decision an untraced replay makes (amounts raw, whatever `set units` says)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import SessionResult
from refsim.sim.batch import open_recording
from refsim.sim.replay import Reconstructed, Simulator
from refsim.trace.jsontrace import allocation_object, reasons_object
from steps.drivers import InProcessDriver

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
RECORDINGS = [None] + sorted((ROOT / "features" / "recordings").glob("*.yaml")) \
    + sorted({p for p in (ROOT / "golden" / "trace").glob("*/*.yaml") if p.name != "case.yaml"}) \
    + sorted((ROOT / "examples").glob("*.yaml"))


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


ROUND = jsonschema.Draft202012Validator(SCHEMA["properties"]["round"])


def _schema_errors(obj: dict, validated: set[str]) -> list[str]:
    """The schema's complaints about one trace object. A long replay traces a pending job alike in many rounds
    (quiet-continue.yaml: 1,304 objects, 5 distinct but for their round), and validating each in full took most of
    this test's time. The schema names `round` only in `required` and in its own property, so an object equal but
    for its round to one validated already is valid exactly when its round is: only the round is checked then."""
    rest = json.dumps({key: value for key, value in obj.items() if key != "round"}, sort_keys=True)
    if rest in validated and "round" in obj:
        return [f"['round']: {e.message}" for e in ROUND.iter_errors(obj["round"])]
    validated.add(rest)
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(obj)]


def test_the_round_shortcut_holds_for_this_schema_and_still_checks_the_round():
    # _schema_errors is sound only while nothing else in the schema looks at `round` (no condition, no reference).
    assert (ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8").count('"round"') == 2
    assert "round" in SCHEMA["required"] and SCHEMA["additionalProperties"] is False
    validated: set[str] = set()
    first = {"round": 1, "job": "x"}  # invalid in full (most fields missing): reported when first seen
    assert _schema_errors(first, validated) != []
    assert _schema_errors({**first, "round": 2}, validated) == []  # only the round is checked: a valid round
    assert _schema_errors({**first, "round": 0}, validated) == ["['round']: 0 is less than the minimum of 1"]


def _untraced(recording: Path | None) -> dict:
    """(round, job) -> outcome, from a replay with no observer at all."""
    outcomes = {}
    for report in Simulator(open_recording(str(recording) if recording else None)).reports():
        if isinstance(report, SessionResult):
            outcomes[(report.round, str(report.job))] = report.outcome
        elif isinstance(report, Reconstructed):
            outcomes[(report.round, str(report.job))] = Dispatch(report.job, report.allocation)
    return outcomes


def _expected_outcome(outcome) -> dict:
    if isinstance(outcome, Dispatch):
        return {"kind": "dispatch", "allocation": allocation_object(outcome.allocation)}
    if isinstance(outcome, Pend):
        return {"kind": "pend", "reasons": reasons_object(outcome.reasons)}
    assert isinstance(outcome, NoDecision)
    return {"kind": "no-decision", "reason": outcome.kind.name.lower().replace("_", "-"), "detail": outcome.detail or None}


@pytest.mark.parametrize("level", ["summary", "full"])
@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda p: "demo" if p is None else f"{p.parent.name}/{p.stem}")
def test_json_lines_follow_the_schema_and_the_decisions(recording, level, tmp_path):
    path = tmp_path / "trace.jsonl"
    transcript = InProcessDriver().run(recording, [], ["set units GB", f"trace on all level {level} lines 50 json {path}",
                                                       "continue", "continue", "continue"])
    objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    validated: set[str] = set()
    for obj in objects:
        errors = _schema_errors(obj, validated)
        assert not errors, errors[:3]
    headers = [line.strip() for line in transcript.lines if line.startswith("  trace of ")]
    assert len(objects) == len(headers) > 0
    untraced = _untraced(recording)
    for obj, header in zip(objects, headers):
        assert header.startswith(f"trace of {obj['job']}: round {obj['round']}, ")
        assert obj["level"] == level
        assert obj["outcome"] == _expected_outcome(untraced[(obj["round"], obj["job"])])


def test_amounts_are_raw_base_units_whatever_the_units_mode(tmp_path):
    """The demo's job 101 asks mem 4GB per task on hostA (4 tasks): the JSON says 16384 (MB) under `set units GB`,
    where the text trace says 16GB."""
    path = tmp_path / "t.jsonl"
    transcript = InProcessDriver().run(None, [], ["set units GB", f"trace on 101 json {path}", "step 3"])
    obj, = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert obj["outcome"]["allocation"]["hosts"][0]["resources"] == {"slots": 4, "mem": 16384}
    assert "    hostA: slots 4, mem 16GB" in transcript.lines


PLACED_AGAIN = """scheduling: {discipline: conservative}
cluster:
  hosts:
    - {name: n1, slots: 1}
    - {name: n2, slots: 1}
    - {name: n3, slots: 1}
    - {name: n4, slots: 1}
    - {name: n5, slots: 1}
    - {name: n6, slots: 1}
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 2, run_limit: 2}}
  - {time: 0, submit: {id: 2, tasks: 3, run_time: 3, run_limit: 3}}
  - {time: 0, submit: {id: 3, tasks: 4, run_time: 1, run_limit: 1}}
  - {time: 0, submit: {id: 4, tasks: 2, run_time: 2, run_limit: 2}}
  - {time: 0, submit: {id: 5, tasks: 1, run_time: 3, run_limit: 3}}
"""


def test_reservations_placed_again_are_in_the_json_trace(tmp_path):
    """The scenario "Conservative places earlier reservations again on other hosts to make room" (derived in
    tests/unit/sched/disciplines/test_backfill_scenarios.py): job 5 starts on n6 once job 4's reservation [2, 4)
    moves to n1 n2 and job 3's [3, 4) to n3-n6. The JSON says what the text trace says, in raw numbers."""
    recording, path = tmp_path / "rec.yaml", tmp_path / "t.jsonl"
    recording.write_text(PLACED_AGAIN)
    InProcessDriver().run(recording, [], [f"trace on 5 json {path}", "continue"])
    obj, = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert not list(VALIDATOR.iter_errors(obj))
    hosts = [[h["host"] for h in r["allocation"]["hosts"]] for r in obj["discipline"]["reservation"]["placed_again"]]
    times = [(r["job"], r["planned_start"], r["end"]) for r in obj["discipline"]["reservation"]["placed_again"]]
    assert times == [("4", 2, 4), ("3", 3, 4)]
    assert hosts == [["n1", "n2"], ["n3", "n4", "n5", "n6"]]
    assert obj["outcome"]["allocation"]["hosts"][0]["host"] == "n6"
