"""The snapshot lists running jobs sorted as text, so two runs compare equal whatever order they started in."""

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
