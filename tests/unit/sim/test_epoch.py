"""A recording's epoch (format version 2, docs/recording.md "Epoch"): where it comes from, the run output's header
that carries it (version 3), and the dates shown with it. Dates worked by hand: the NASA log's header says
UnixStartTime 749458803, 1993-10-01 00:00:03 PDT (US/Pacific, UTC-7 in October), so t=12787 (3 h 33 min 7 s
later) is 1993-10-01 03:33:10 PDT."""

from __future__ import annotations

import json

import pytest

from refsim.importers.swf import swf_recording
from refsim.model.epoch import Epoch, EpochError, offset_name, time_zone
from tests.support.cli import run
from tests.support.console import console_lines

HEADER = "; UnixStartTime: 749458803\n; TimeZone: -28800\n; TimeZoneString: US/Pacific\n; MaxNodes: 2\n"
JOBS = ("1 0 -1 100 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
        "2 12787 -1 10 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n")


def test_dates_in_the_zone_or_at_the_offset():
    assert Epoch(749458803, "US/Pacific").date(12787) == "1993-10-01 03:33:10 PDT"
    assert Epoch(749458803, "UTC-08:00").date(0) == "1993-09-30 23:00:03 UTC-08:00"
    assert Epoch(0, "UTC").date(1.6e9) == "2020-09-13 12:26:40 UTC"
    assert Epoch(0, "UTC").date(float("inf")) == "never"
    assert offset_name(-28800) == "UTC-08:00" and offset_name(19800) == "UTC+05:30"


@pytest.mark.parametrize("zone", ["Mars/Olympus", "UTC+24:00", "utc+01:00", ""])
def test_a_zone_that_is_none_of_the_three_forms_is_refused(zone):
    with pytest.raises(EpochError):
        time_zone(zone)


@pytest.mark.parametrize(("header", "epoch"), [
    (HEADER, {"unix": 749458803, "timezone": "US/Pacific"}),
    (HEADER.replace("US/Pacific", "Pacific Standard"), {"unix": 749458803, "timezone": "UTC-08:00"}),
    ("; UnixStartTime: 5\n; MaxNodes: 2\n", {"unix": 5, "timezone": "UTC"}),
    ("; MaxNodes: 2\n", None)])
def test_an_swf_headers_start_time_and_zone_become_the_epoch(tmp_path, header, epoch):
    """TimeZoneString when it names a zone, else TimeZone's offset, else UTC; no UnixStartTime, no epoch (and the
    recording stays format version 1)."""
    log = tmp_path / "log.swf"
    log.write_text(header + JOBS)
    document = swf_recording(log)
    assert document.get("epoch") == epoch and document["refsim"] == (1 if epoch is None else 2)
    assert "epoch" not in swf_recording(log, time_scale=0.5)  # scaled submit times fall on no real dates


@pytest.fixture()
def run_with_epoch(tmp_path) -> str:
    log, recording, output = tmp_path / "log.swf", tmp_path / "log.json", tmp_path / "log.jsonl"
    log.write_text(HEADER + JOBS)
    assert run("import", "swf", str(log), "-o", str(recording)).exit_code == 0
    assert run("sim", str(recording), "--sim-output", str(output)).exit_code == 0
    return str(output)


def test_the_run_output_header_carries_the_epoch_as_version_3_and_verifies(run_with_epoch, tmp_path):
    with open(run_with_epoch, encoding="utf-8") as file:
        header = json.loads(file.readline())
    assert header["version"] == 3 and header["epoch"] == {"unix": 749458803, "timezone": "US/Pacific"}
    result = run("sim", str(tmp_path / "log.json"), "--sim-verify", run_with_epoch)
    assert result.exit_code == 0 and result.output.endswith("no mismatch\n")


def test_the_story_and_the_job_list_show_dates(run_with_epoch):
    """Job 2 (submitted at t=12787) starts at once: job 1 ended at t=100."""
    story = run("report", run_with_epoch, "--job", "2").output.splitlines()
    assert story[2] == "  submitted 1993-10-01 03:33:10 PDT, started 1993-10-01 03:33:10 PDT"
    rows = json.loads(run("report", run_with_epoch, "--jobs", "--sort", "submit", "--json").output)
    assert [(r["submit_date"], r["start_date"]) for r in rows] == [
        ("1993-10-01 00:00:03 PDT", "1993-10-01 00:00:03 PDT"),
        ("1993-10-01 03:33:10 PDT", "1993-10-01 03:33:10 PDT")]
    table = run("report", run_with_epoch, "--jobs").output.splitlines()
    assert "submitted at" in table[0] and "1993-10-01 03:33:10 PDT" in table[1] + table[2]


def test_why_dates_the_time_what_it_needs_comes_free():
    """Job 1 holds both slots of h until its run limit ends at t=100; job 2 needs one."""
    text = ("refsim: 2\nepoch: {unix: 749458803, timezone: US/Pacific}\ncluster:\n  hosts:\n    - {name: h, slots: 2}\n"
            "events:\n  - {time: 0, submit: {id: 1, tasks: 2, run_time: 100, run_limit: 100}}\n"
            "  - {time: 1, submit: {id: 2, tasks: 1, run_time: 10, run_limit: 10}}\n")
    lines = console_lines(text, ["break job 2", "continue", "why 2"])
    assert ("why 2: needs 1 slot; 0 of 2 free now; what it needs comes free at t=100 (1993-10-01 00:01:43 PDT), "
            "when job 1 ends (start 0 + run limit 100)") in lines
