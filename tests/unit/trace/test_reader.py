"""Reading a JSON trace file back: every line the console writes loads into records that hold all it says, and a
line the schema refuses the reader refuses too, naming the line and where in it."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

import refsim.trace
from refsim.trace import TraceFormatError, TraceRecord
from steps.drivers import InProcessDriver

ROOT = Path(__file__).resolve().parents[3]
VALIDATOR = jsonschema.Draft202012Validator(json.loads((ROOT / "docs" / "trace.schema.json").read_text("utf-8")))
RECORDINGS = [None] + sorted((ROOT / "examples").glob("*.yaml")) \
    + [ROOT / "features" / "recordings" / f"{name}.yaml" for name in
       ("trace-outcomes", "trace-requirements", "trace-plan-faults", "trace-scan-faults", "trace-wide-limits")] \
    + sorted({p for p in (ROOT / "golden" / "trace").glob("backfill-*/*.yaml") if p.name != "case.yaml"})


def _written(recording: Path | None, level: str, tmp_path: Path) -> Path:
    path = tmp_path / "trace.jsonl"
    InProcessDriver().run(recording, [], [f"trace on all level {level} lines 50 json {path}",
                                          "continue", "continue", "continue"])
    return path


def _said(value: object) -> object:
    """What a record or object says: its non-null values, arrays and tuples alike."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: _said(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_said(v) for v in value]
    return value


@pytest.mark.parametrize("level", ["summary", "full"])
@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda p: "demo" if p is None else f"{p.parent.name}/{p.stem}")
def test_every_line_written_loads_into_a_record_saying_the_same(recording, level, tmp_path):
    path = _written(recording, level, tmp_path)
    objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    records = refsim.trace.load(path)
    assert len(records) == len(objects) > 0
    for obj, record in zip(objects, records):
        assert not list(VALIDATOR.iter_errors(obj))
        assert isinstance(record, TraceRecord)
        assert _said(record) == _said(obj)


def test_the_records_cover_every_kind_of_trace_and_section(tmp_path):
    records = [r for recording in RECORDINGS for r in refsim.trace.load(_written(recording, "full", tmp_path))]
    assert {r.kind for r in records} == {"decision", "no-decision", "reconstructed"}
    assert {type(r.outcome).__name__ for r in records} == {"Dispatched", "Pended", "NoDecision"}
    assert any(r.discipline is not None and r.discipline.reservation is not None for r in records)
    assert any(r.truncated is not None for r in records)
    positions = [p for r in records for q in r.requirements for plan in q.plans or () for p in plan.positions or ()]
    assert any(p.hosts for p in positions) and any(p.nearest_misses for p in positions)


def test_the_chosen_alternative_and_the_point_of_failure_are_read_from_the_outcomes(tmp_path):
    """The records say which alternative won and which member failed, as the text trace marks them."""
    transcript = InProcessDriver().run(ROOT / "examples" / "compound-alternatives.yaml", [],
                                       [f"trace on all json {tmp_path / 't.jsonl'}", "continue", "continue"])
    requirements = [q for r in refsim.trace.load(tmp_path / "t.jsonl") for q in r.requirements]
    text = "\n".join(transcript.lines)
    assert sum(q.chosen for q in requirements) == text.count("(chosen)") > 0
    assert sum(q.point_of_failure for q in requirements) == text.count("(point of failure)")


def _a_trace(tmp_path: Path) -> dict:
    path = tmp_path / "t.jsonl"
    InProcessDriver().run(None, [], [f"trace on all level full json {path}", "continue"])
    objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return next(o for o in objects if o["requirements"] and o["requirements"][0].get("plans"))


def _set(obj: dict, where: list, value: object) -> None:
    for key in where[:-1]:
        obj = obj[key]
    if value is _DELETE:
        del obj[where[-1]]
    else:
        obj[where[-1]] = value


_DELETE = object()
BROKEN = {
    "missing key": (["totals"], _DELETE, "missing key 'totals'"),
    "unknown key": (["colour"], "red", "unknown key 'colour'"),
    "wrong code": (["level"], "verbose", "level: \"verbose\" is not one of"),
    "wrong format": (["format"], "other-trace", "format:"),
    "true is not a round": (["round"], True, "round: true is not an integer"),
    "a string amount": (["requirements", 0, "plans", 0, "positions", 0, "tasks"], "4",
                        "requirements[0].plans[0].positions[0].tasks: \"4\" is not an integer"),
    "a verdict kind": (["requirements", 0, "plans", 0, "positions", 0, "hosts", 0, "kinds", 0], "rejected",
                       "requirements[0].plans[0].positions[0].hosts[0].kinds[0]"),
    "an outcome of no kind": (["outcome", "kind"], "run", "outcome"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_line_the_schema_refuses_is_refused_naming_the_line_and_the_place(case, tmp_path):
    where, value, said = BROKEN[case]
    obj = copy.deepcopy(_a_trace(tmp_path))
    _set(obj, where, value)
    assert list(VALIDATOR.iter_errors(obj))
    with pytest.raises(TraceFormatError) as refused:
        list(refsim.trace.read(["", json.dumps(obj)]))
    assert str(refused.value).startswith("line 2: ")
    assert said in str(refused.value)


@pytest.mark.parametrize("line", ["{", "[1, 2]", '{"round": NaN}'])
def test_a_line_that_is_not_a_json_object_is_refused(line):
    with pytest.raises(TraceFormatError, match="^line 1: "):
        list(refsim.trace.read([line]))


def test_blank_lines_are_skipped_and_records_come_in_the_order_written(tmp_path):
    obj = _a_trace(tmp_path)
    later = dict(obj, round=obj["round"] + 1)
    records = list(refsim.trace.read([json.dumps(obj) + "\n", "\n", json.dumps(later) + "\n"]))
    assert [r.round for r in records] == [obj["round"], obj["round"] + 1]
