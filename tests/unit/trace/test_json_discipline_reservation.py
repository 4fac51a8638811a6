"""The JSON trace's discipline object for a job holding a backfill reservation, compared whole on a case small
enough to work out by hand."""

from __future__ import annotations

from tests.support.console import json_traces

# Two one-slot hosts under easy. Job 1 takes h1 until its run limit ends at t=100. Job 2 needs 2 slots: it does not
# fit at t=0, so it reserves h1 and h2 from t=100 (job 1's release) until t=110 (its own run limit of 10).
RECORDING = {
    "scheduling": {"discipline": "easy"},
    "cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
    "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
               {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 10, "run_limit": 10}}],
}


def test_the_reservation_names_its_release_its_window_and_its_hosts(tmp_path):
    """Kills: the `job` key of a release mutated (`str->XX`) in refsim/trace/jsontrace.py's discipline object; the
    schema test never meets a reservation with releases, so every key here is compared."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on 2 json {path}", "step 2"])
    discipline = obj["discipline"]
    assert (discipline["name"], discipline["now"], discipline["run_limit"], discipline["fits"],
            discipline["started"]) == ("easy", 0, 10, False, False)
    assert discipline["reservation"] == {
        "planned_start": 100, "end": 110,
        "allocation": {"hosts": [{"host": "h1", "resources": {"slots": 1}, "limit_charges": []},
                                 {"host": "h2", "resources": {"slots": 1}, "limit_charges": []}],
                       "shared": {}, "limit_charges": []},
        "releases": [{"job": "1", "end": 100}], "around": [], "placed_again": []}  # easy never moves one
