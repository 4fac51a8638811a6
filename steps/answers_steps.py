"""Steps of the answer features (features/extensions): the JSON trace file read as data."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from pytest_bdd import parsers, then

from steps.drivers import ROOT
from steps.repl_steps import _fill

_VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8")))


def _objects(path: str, tmp_path: Path) -> list[dict]:
    return [json.loads(line) for line in Path(_fill(path, tmp_path)).read_text(encoding="utf-8").splitlines()]


@then(parsers.parse('the JSON trace file "{path}" holds, in order, valid traces of: {decisions}'))
def json_traces_in_order(path: str, decisions: str, tmp_path: Path):
    """`decisions` lists `job@round` for each trace expected, e.g. `102@1, 104@2`."""
    objects = _objects(path, tmp_path)
    for obj in objects:
        errors = [e.message for e in _VALIDATOR.iter_errors(obj)]
        assert not errors, errors[:3]
    got = [f"{o['job']}@{o['round']}" for o in objects]
    assert got == [d.strip() for d in decisions.split(",")]


@then(parsers.parse('in the JSON trace of job {job} in round {round_no:d}, {pointer} is {value}'))
def json_trace_value(job: str, round_no: int, pointer: str, value: str, tmp_path: Path):
    """`pointer` is a path of keys and list indices into the object, e.g. `outcome.reasons.0.code`; `value` is
    JSON. The file is the one named `trace.jsonl` in the scenario's folder."""
    obj, = [o for o in _objects("{tmp}/trace.jsonl", tmp_path) if o["job"] == job and o["round"] == round_no]
    for key in pointer.split("."):
        obj = obj[int(key)] if isinstance(obj, list) else obj[key]
    assert obj == json.loads(value)
