"""`history JOBID`: a job's story in the run so far (docs/repl.md), the story `report --job` tells of a finished
run (tests/unit/report/test_story.py, where EASY is worked by hand)."""

from __future__ import annotations

import pytest

from tests.support.cli import run
from tests.support.console import console_lines
from tests.unit.report.test_story import EASY


def test_in_the_middle_of_the_run_a_pending_job_is_pending_so_far():
    """Stopped before the session at t=90: job 3 has pended at t=1, 2 and 50, and job 4 took b at t=50."""
    lines = console_lines(EASY, ["break time 60", "continue", "history 3"])
    assert lines[lines.index("job 3: queue normal"):] == [
        "job 3: queue normal",
        "  submitted t=1, never started: still pending at t=90, the run so far, after 89 s (1m29s), pending in 3 "
        "sessions",
        "  pend reasons, by run of sessions:",
        "    t=1 to t=2, 2 sessions: backfill-reservation; resource-shortfall: slots on a,b (2 hosts)",
        "    t=50, 1 session: backfill-reservation; resource-shortfall: slots on a",
        "  took resources it needed while it waited: 1 job (0 ahead of it in order, 1 backfilled)",
        "    job 4 at t=50 on b: backfilled (submitted after it)",
        "  overtaken by 1 later job: job 4 (started t=50)",
        "  planned starts: 3 backfill reservations held; first t=100, last t=100 (drift 0 s)"]


@pytest.mark.parametrize("job", ["1", "3", "4", "7"])
def test_at_the_end_it_is_the_story_report_tells_from_the_output(tmp_path, job):
    recording = tmp_path / "easy.yaml"
    recording.write_text(EASY)
    assert run("sim", str(recording), "--sim-output", str(tmp_path / "easy.jsonl")).exit_code == 0
    told = run("report", str(tmp_path / "easy.jsonl"), "--job", job).output.splitlines()
    lines = console_lines(EASY, ["continue", f"history {job}"])
    assert lines[lines.index(told[0]):] == told


@pytest.mark.parametrize(("command", "line"), [
    ("history 9", "history 9: the job is unknown (not submitted so far)"),
    ("history", "error: history: expected one JOBID"), ("history 1 2", "error: history: expected one JOBID"),
    ("history x!", "error: history: malformed job id 'x!'")])
def test_an_unknown_job_or_bad_arguments(command, line):
    assert line in console_lines(EASY, [command])
