"""At level full a JSON host verdict carries each reason's numbers (total, used, reserved, requested, in base
units), except a selection mismatch, which has none: checked whole on two hosts."""

from __future__ import annotations

from tests.support.console import json_traces

# h1 is X86 with 1GB of mem: job 1 asks 2GB, so h1 is short of mem in the pre-filter (total 1024 MB, nothing used
# or reserved, 2048 MB requested). h2 has the mem but is ARM: a selection mismatch, with no numbers.
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 1, "mem": "1G", "type": "X86"},
                                   {"name": "h2", "slots": 1, "mem": "4G", "type": "ARM"}]},
             "events": [{"time": 0, "submit": {"id": 1, "resreq": "select[type==X86] rusage[mem=2G]",
                                               "run_time": 10}}]}


def test_a_shortfall_reason_has_its_numbers_and_a_mismatch_has_none(tmp_path):
    """Kills: the `obj.update(scope=..., total=..., ...)` call dropped in refsim/trace/jsontrace.py's `_reason`,
    which the schema allows (the numbers are optional there) and no other test compared."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on 1 level full json {path}", "step"])
    position, = obj["requirements"][0]["plans"][0]["positions"]
    assert position["hosts"] == [
        {"host": "h1", "kinds": ["resource shortfall"],
         "reasons": [{"kind": "resource shortfall", "stage": "pre-filter", "subject": "mem", "scope": None,
                      "resource": "mem", "total": 1024, "used": 0, "reserved": 0, "requested": 2048}],
         "not_performed": ["host check"], "error": None},
        {"host": "h2", "kinds": ["selection mismatch"],
         "reasons": [{"kind": "selection mismatch", "stage": "pre-filter", "subject": "type==X86"}],
         "not_performed": ["host check"], "error": None},
    ]
