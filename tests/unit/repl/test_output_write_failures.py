"""A --sim-output file whose writing fails while the console replays (a full disk) is named in one `error:` line and
dropped; the replay and the session go on, and nothing of the file is left. A write fails for a decision record
(written when the console handles the report) or for a job record (written inside the replay's step)."""

from __future__ import annotations

import os

import pytest

from tests.support.console import console_lines
from tests.support.full_disk import FULL, failing_on
from tests.support.recordings import THREE_ALIKE

# THREE_ALIKE: round 1 dispatches job 1 and pends 2 and 3; one job starts in each of rounds 2 (t=10) and 3 (t=20);
# round 4 (t=30) sees the last finish.
REST = ["round 1 #1 dispatch 1 -> h1*1",
        "round 1 #2 pend 2: resource-shortfall on 1 host",
        "round 1 t=0: 1 dispatched (1), 2 pended (2-3)",
        "round 2 t=10: 1 dispatched (2), 1 pended (3)",
        "round 3 t=20: 1 dispatched (3), 0 pended",
        "round 4 t=30: 0 dispatched, 0 pended",
        "replay finished after 4 rounds at t=30: 3 dispatched, 3 finished, 0 running, 0 pending"]


def test_a_decision_record_that_cannot_be_written_is_named_and_the_replay_goes_on(tmp_path, monkeypatch):
    """Job 2's pend record fails: the error comes right after job 1's echo, where job 2's decision is handled (its
    echo follows), and the rest of the replay is as without an output. Kills: console.py:Console._handle its
    `error: ` line mutated or dropped."""
    failing_on(monkeypatch, '"job":"2","kind":"pend"', "write_line")
    out = tmp_path / "out.jsonl"
    lines = console_lines(THREE_ALIKE, ["step", "step", "continue"], output=str(out))
    assert lines == REST[:1] + [f"error: --sim-output {out}: cannot write: {FULL}; it was not written"] + REST[1:]
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("fragment", ["'kind': 'submit'", "'kind': 'finish'"])
def test_a_job_record_that_cannot_be_written_is_named_and_the_replay_goes_on(tmp_path, monkeypatch, fragment):
    """A submit record (written as round 1 starts, before any decision) or a finish record (job 1's, as round 2
    starts) fails: one error line, then the same replay. This once ended the console with a traceback, because the
    record is written inside the replay's step, where nothing caught the failure (fixed in
    ReplayOutputs._job_changed, which leaves the failure to be named by the next report). Kills:
    outputs.py:ReplayOutputs._job_changed raising from inside the replay's step."""
    failing_on(monkeypatch, fragment, "write")
    out = tmp_path / "out.jsonl"
    lines = console_lines(THREE_ALIKE, ["step", "step", "continue"], output=str(out))
    error = f"error: --sim-output {out}: cannot write: {FULL}; it was not written"
    at = 0 if "submit" in fragment else 3
    assert lines == REST[:at] + [error] + REST[at:]
    assert os.listdir(tmp_path) == []
