"""The snapshot: the whole state at a point (time, round, hosts, usage, every job), with running jobs sorted as
text so two runs compare equal whatever order they started in."""

import datetime as dt

import yaml

from refsim.repl.console import Console
from refsim.repl.snapshot import snapshot_document
from tests.support.recordings import recording


def test_running_jobs_are_listed_sorted_not_in_start_order():
    """Kills: `sorted(...)` -> `list(...)` for Usage.snapshot's running jobs (start order 9, 10 would be kept)."""
    # 9 is submitted first and starts first, then 10; sorted as text "10" comes before "9".
    console = Console(recording("""
events:
  - {time: 0, submit: {id: 9, run_time: 50}}
  - {time: 1, submit: {id: 10, run_time: 50}}
"""), lambda line: None)
    console.execute("step 2")
    assert snapshot_document(console.sim)["usage"]["running"] == ["10", "9"]


def test_the_snapshot_names_its_recording_and_lists_every_job():
    """Kills: the snapshot's `recording` or `jobs` key renamed."""
    console = Console(recording("events:\n  - {time: 0, submit: {id: 1, run_time: 5}}\n"), lambda line: None)
    console.execute("continue")
    document = snapshot_document(console.sim)
    assert document["recording"] == "test.yaml"
    assert [(j["id"], j["state"]) for j in document["jobs"]] == [("1", "finished")]


def test_a_snapshot_file_holds_the_whole_state_at_that_point(tmp_path):
    """On hosts a and b (4 slots each): job 1 (2 tasks, 5 s) starts on a at t=0; job 2 (8 tasks) pends in round 1,
    since a has 2 slots left; job 3 (9 tasks) can never start. Round 2 comes at t=5, when job 1 ends: job 2 takes
    a*4 b*4 and job 3 pends again. After those four decisions the snapshot file holds time 5, round 2, both hosts
    open, the usage of job 2 alone, and each job with its state, times and allocation (none for the pending job 3).
    Kills: snapshot.py:snapshot_document any key or the format name mutated, and `r.allocation is not None`
    negated."""
    console = Console(recording("""
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 5}}
  - {time: 0, submit: {id: 2, tasks: 8, run_time: 10}}
  - {time: 0, submit: {id: 3, tasks: 9, run_time: 10}}
"""), lambda line: None)
    console.execute("step 5")
    path = tmp_path / "state.yaml"
    console.execute(f"snapshot {path}")
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    written = dt.datetime.fromisoformat(document.pop("written"))
    assert written.utcoffset() == dt.timedelta(0) and written.microsecond == 0
    one_host = {"hosts": [{"host": "a", "resources": {"slots": 2}, "limit_charges": []}], "shared": {},
                "limit_charges": []}
    two_hosts = {"hosts": [{"host": "a", "resources": {"slots": 4}, "limit_charges": []},
                           {"host": "b", "resources": {"slots": 4}, "limit_charges": []}],
                 "shared": {}, "limit_charges": []}
    assert document == {
        "format": "refsim-snapshot", "recording": "test.yaml", "time": 5, "round": 2,
        "hosts": [{"name": "a", "status": "open"}, {"name": "b", "status": "open"}],
        "usage": {"hosts": {"a": {"slots": 4}, "b": {"slots": 4}}, "shared": {}, "limits": {}, "running": ["2"]},
        "jobs": [{"id": "1", "state": "finished", "start_time": 0, "end_time": 5, "allocation": one_host},
                 {"id": "2", "state": "running", "start_time": 5, "end_time": None, "allocation": two_hosts},
                 {"id": "3", "state": "pending", "start_time": None, "end_time": None, "allocation": None}]}


def test_the_snapshot_says_when_it_was_written_to_the_second():
    """Kills: snapshot.py:snapshot_document the given time ignored or its `timespec` mutated."""
    console = Console(recording("events: []\n"), lambda line: None)
    now = dt.datetime(2026, 1, 2, 3, 4, 5, 678, tzinfo=dt.timezone.utc)
    assert snapshot_document(console.sim, now)["written"] == "2026-01-02T03:04:05+00:00"
