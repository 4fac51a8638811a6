"""A site's recorded schedule as a run output: its records worked out by hand, and read by report and diff."""

from __future__ import annotations

import json

from click.testing import CliRunner

from refsim.cli import main
from refsim.model.epoch import Epoch
from refsim.model.history import RecordedJob
from refsim.sim.output import FORMAT
from refsim.sim.recorded import recorded_records, write_recorded

# Job 1 arrives at 0 and runs 5..15 on h1 (2 slots); job 2 arrives at 5 and runs 15..15 (0 s) on h2; job 3 arrives
# at 5 and is removed at 20 without running.
JOBS = (RecordedJob("1", "normal", 0.0, 5.0, 15.0, (("h1", 2),)),
        RecordedJob("2", "normal", 5.0, 15.0, 15.0, (("h2", 1),)),
        RecordedJob("3", "night", 5.0, None, 20.0))


def _dispatch(job: str, time: float, round_no: int, host: str, slots: int) -> dict[str, object]:
    return {"kind": "dispatch", "job": job, "time": time, "round": round_no, "position": 1,
            "allocation": {"hosts": [{"host": host, "resources": {"slots": slots}, "limit_charges": []}],
                           "shared": {}, "limit_charges": []}}


def test_records_in_time_order_with_rounds_by_start_time():
    # at 15: job 1 finishes (it began before), then job 2 starts (round 2) and finishes at once after its start
    assert recorded_records(JOBS, 3) == [
        {"kind": "submit", "job": "1", "time": 0.0, "queue": "normal"},
        {"kind": "submit", "job": "2", "time": 5.0, "queue": "normal"},
        {"kind": "submit", "job": "3", "time": 5.0, "queue": "night"},
        _dispatch("1", 5.0, 1, "h1", 2),
        {"kind": "finish", "job": "1", "time": 15.0},
        _dispatch("2", 15.0, 2, "h2", 1),
        {"kind": "finish", "job": "2", "time": 15.0},
        {"kind": "remove", "job": "3", "time": 20.0},
        {"kind": "end", "time": 20.0, "start": 0.0, "slots": 3}]


def test_the_file_reads_as_a_run_output(tmp_path):
    path = tmp_path / "recorded.jsonl"
    write_recorded(path, "rec.json", Epoch(1000.0, "UTC"), JOBS, 3)
    header = json.loads(path.read_text().splitlines()[0])
    assert (header["format"], header["epoch"]) == (FORMAT, {"unix": 1000.0, "timezone": "UTC"})
    result = CliRunner().invoke(main, ["report", str(path), "--json"])
    assert result.exit_code == 0, result.output
    # waits: job 1 5 s, job 2 10 s (job 3 never started); only the two started jobs finish
    figures = json.loads(result.output)["all"]
    assert (figures["jobs"], figures["started"], figures["finished"], figures["wait_mean"]) == (3, 2, 2, 7.5)


def test_diff_of_the_site_against_itself_has_every_start_within_a_minute(tmp_path):
    path = tmp_path / "recorded.jsonl"
    write_recorded(path, "rec.json", None, JOBS, 3)
    result = CliRunner().invoke(main, ["diff", str(path), str(path)])
    assert "starts of jobs started in both (2): 100.0% within a minute; |B - A| mean 0.0, p95 0.0" in result.output
    starts = CliRunner().invoke(main, ["diff", str(path), str(path), "--starts"])
    assert starts.output.splitlines() == ["job,start_a,start_b,difference", "1,5,5,0", "2,15,15,0"]
