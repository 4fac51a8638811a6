"""The JSON trace of a conservative backfill reservation fitted around an earlier one."""

from __future__ import annotations

from tests.support.console import json_traces

# conservative on two one-slot hosts. Job 1 takes h1 until its run limit ends at 100. Job 2 (both hosts, limit 10)
# reserves them for [100, 110). Job 3 (both hosts, limit 10) is fitted around it: released job 1 at 100, but both
# hosts are reserved until 110, so its reservation is [110, 120) on h1 and h2.
RECORDING = {"scheduling": {"discipline": "conservative"},
             "cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
             "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
                        {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 10, "run_limit": 10}},
                        {"time": 0, "submit": {"id": 3, "tasks": 2, "run_time": 10, "run_limit": 10}}]}


def test_a_reservation_fitted_around_an_earlier_one_gives_that_one_s_times(tmp_path):
    """Kills: refsim/trace/jsontrace.py the keys of the reservation object mutated (`str->XX`, e.g. the `end` of
    an `around` entry, which no other test reads)."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on 3 json {path}", "step 3"])
    slot = {"resources": {"slots": 1}, "limit_charges": []}
    assert obj["discipline"]["reservation"] == {
        "planned_start": 110, "end": 120,
        "allocation": {"hosts": [{"host": "h1", **slot}, {"host": "h2", **slot}], "shared": {}, "limit_charges": []},
        "releases": [{"job": "1", "end": 100}],
        "around": [{"job": "2", "planned_start": 100, "end": 110}],
        "placed_again": []}
