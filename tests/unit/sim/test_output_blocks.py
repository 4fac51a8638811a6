"""The --sim-output writer: lines gathered and written in blocks, pend lines encoded straight from the decision,
and a failed close that leaves nothing behind."""

from __future__ import annotations

import errno
import gzip
import json
import os

import pytest

from refsim.sim.batch import demo_recording, run_batch
from refsim.sim.output import SimOutput, dumps


@pytest.mark.parametrize("name", ["out.jsonl", "out.jsonl.gz"])
def test_lines_written_in_blocks_all_arrive_in_order(tmp_path, monkeypatch, name):
    """Blocks of 3 lines: the header and records 1-2 make the first block, 3-5 the second, and 6-7 are still
    gathered when close() is called, which must write them too. Every line arrives once, in order."""
    monkeypatch.setattr(SimOutput, "BLOCK", 3)
    out = SimOutput(tmp_path / name, "r.yaml")
    for n in range(1, 8):
        out.write({"kind": "submit", "job": str(n), "time": float(n)})
    out.close()
    path = tmp_path / name
    text = gzip.open(path, "rt").read() if name.endswith(".gz") else path.read_text()
    lines = text.split("\n")
    assert lines[-1] == ""  # the last line ends with a newline too
    assert json.loads(lines[0])["format"] == "refsim-sim-output"
    assert [json.loads(line)["job"] for line in lines[1:-1]] == [str(n) for n in range(1, 8)]


def test_a_close_that_fails_to_write_leaves_no_file(tmp_path, monkeypatch):
    """The gathered lines are written at close(); when that fails (a full disk), the temporary file is removed
    and the target does not appear, as with any failed output."""
    out = SimOutput(tmp_path / "out.jsonl.gz", "r.yaml")
    out.write({"kind": "submit", "job": "1", "time": 0.0})

    def full_disk() -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(out, "_flush", full_disk)
    with pytest.raises(OSError):
        out.close()
    assert os.listdir(tmp_path) == []


def test_the_file_holds_what_the_records_say(tmp_path):
    """Decision lines are encoded from the decision, not from the record the sink sees; both must agree byte for
    byte on every line of a whole replay (the demo has dispatches and pends, job records and the end)."""
    out = tmp_path / "out.jsonl"
    records: list[dict] = []
    result = run_batch(demo_recording(), output=out, sink=records.append)
    lines = out.read_text().splitlines()[1:]
    assert lines == [dumps(r) for r in records]
    kinds = {r["kind"] for r in records}
    assert {"pend", "dispatch", "submit", "end"} <= kinds
    assert sum(r["kind"] in ("pend", "dispatch") for r in records) == result.decisions


def test_the_header_names_format_version_recording_and_the_time_written(tmp_path):
    """The header is the first line, with its keys sorted as dumps() writes them, and the time given to the opener
    at whole seconds. Kills: sim/output.py:SimOutput.__init__ its header keys mutated (e.g. `recording`)."""
    import datetime as dt

    out = SimOutput(tmp_path / "out.jsonl", "r.yaml", now=dt.datetime(2026, 1, 2, 3, 4, 5, 678, tzinfo=dt.timezone.utc))
    out.close()
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8") == (
        '{"format":"refsim-sim-output","recording":"r.yaml","version":2,"written":"2026-01-02T03:04:05+00:00"}\n')
