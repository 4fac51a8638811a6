"""A replay that fails is reported with its parameters and error, does not stop the others, is filed as failed,
runs again when the sweep is run again, and makes the exit status 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run

# Host b holds a recorded dispatch of job 1. The hosts axis keeps a (the template) and removes hosts from the end:
# with 1 host, b is gone and the dispatch names a host that does not exist, so that replay cannot load. With 2
# hosts the recording is as it is (job 1 re-applied on b, job 2 on a, nobody waits); with 3 a clone a-1 is added.
RECORDED = """
cluster:
  hosts: [{name: a, slots: 1}, {name: b, slots: 1}]
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, dispatch: {job: 1, hosts: {b: {slots: 1}}}}
  - {time: 0, submit: {id: 2, run_time: 10}}
"""
SWEEP = "recordings: [two.yaml]\nhost_template: a\naxes: {hosts: [1, 2, 3]}\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_failed_replay_does_not_stop_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.yaml").write_text(RECORDED)
    (tmp_path / "s.yaml").write_text(SWEEP)
    result = run("sweep", "s.yaml", "-o", "out", "-j", jobs)
    assert result.exit_code == 1
    assert result.stderr == "replay 1 (two.yaml, hosts=1) failed: two.yaml: events[1].dispatch.hosts.b: unknown " \
                            "host 'b'\n"
    assert result.stdout.splitlines()[0] == "sweep s.yaml: 3 replays: 3 run, 0 skipped (results exist), 1 failed"
    rows = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert [(r["hosts"], r["status"], r["jobs"], r["wait_mean"]) for r in rows] == [
        (1, "failed", None, None), (2, "ok", 2, 0.0), (3, "ok", 2, 0.0)]
    assert rows[0]["error"] == "two.yaml: events[1].dispatch.hosts.b: unknown host 'b'"
    csv_lines = (tmp_path / "out" / "results.csv").read_text().splitlines()
    assert csv_lines[1].startswith("1,two.yaml,1,failed,,,,")
    again = run("sweep", "s.yaml", "-o", "out", "-j", jobs)
    assert again.exit_code == 1 and "3 replays: 1 run, 2 skipped (results exist), 1 failed" in again.stdout
