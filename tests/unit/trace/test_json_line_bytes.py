"""The bytes of a JSON trace line: compact separators, keys in a fixed order, whole amounts as integers and
fractional ones as they are, and text as UTF-8 (docs/trace.md, "JSON trace": amounts as numbers in base units;
the same replay writes the same bytes)."""

from __future__ import annotations

from tests.support.console import json_traces

# Job 1 (queue büro, priority 1) asks 2 tasks with 0.25 ngpus each on h1 (2 slots, 1 ngpus) and 0.5 of the shared
# tokens (2.5 in all, per job). The cluster-wide check: tokens total 2.5, used 0, reserved 0, requested 0.5:
# passed. Its one plan [2] is filled by h1, which gets slots 2 and ngpus 2 x 0.25 = 0.5.
RECORDING = {"cluster": {"resources": [{"name": "ngpus"}], "hosts": [{"name": "h1", "slots": 2, "ngpus": 1}],
                         "queues": [{"name": "büro", "priority": 1}], "shared": {"tokens": 2.5}},
             "events": [{"time": 0, "submit": {"id": 1, "tasks": 2, "run_time": 10,
                                               "resreq": "rusage[ngpus=0.25:tokens=0.5]"}}]}

LINE = (
    '{"format":"refsim-trace","version":1,"job":"1","kind":"decision","round":1,"position":1,"level":"summary",'
    '"selection":{"policy":"fcfs","keys":{"queue":"büro","queue priority":"1","job priority":"0","queue time":"0"},'
    '"cluster_limits":[]},'
    '"requirements":[{"path":[],"status":"tried","kind":"single","outcome":"satisfied","notes":[],"min_tasks":2,'
    '"max_tasks":2,"requests":{"ngpus":0.25,"tokens":0.5},"select":null,"span":null,'
    '"checks":[{"kind":"shared","name":"tokens","scope":null,"resource":"tokens","total":2.5,"used":0,"reserved":0,'
    '"requested":0.5,"passed":true}],'
    '"plans":[{"number":1,"tasks":[2],"status":"tried","result":"committed","positions":[{"position":1,"tasks":2,'
    '"filled_by":"h1","error":null,"rejected":{}}]}]}],'
    '"outcome":{"kind":"dispatch","allocation":{"hosts":[{"host":"h1","resources":{"slots":2,"ngpus":0.5},'
    '"limit_charges":[]}],"shared":{"tokens":0.5},"limit_charges":[]}},'
    '"totals":{"plans_tried":1,"plans_discarded":0,"host_evaluations":{"accepted":1,"selection mismatch":0,'
    '"resource shortfall":0,"limit exceeded":0,"already claimed":0,"not evaluated":0}},"truncated":null}\n')


def test_a_trace_line_is_compact_utf8_with_whole_amounts_as_integers(tmp_path):
    """Kills: refsim/trace/jsontrace.py:_number its `is_integer()` test negated (0 would read 0.0, 0.5 would read
    0) or its result dropped; json_line its separators or `ensure_ascii=False` mutated (büro would read
    b\\u00fcro)."""
    path = tmp_path / "t.jsonl"
    json_traces(RECORDING, path, [f"trace on all json {path}", "step"])
    assert path.read_bytes() == LINE.encode("utf-8")
