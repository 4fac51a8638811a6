"""`why JOBID [level summary|full]`: one job id, optionally followed by exactly `level` and a level word."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.repl.console import Console
from refsim.sim.batch import demo_recording
from refsim.sim.load import load_recording
from tests.support.console import console_lines

USAGE = "error: why: expected JOBID [level summary|full] [json]"


def _why(*commands: str) -> list[str]:
    """The lines printed for `commands` before round 7 of the demo, where job 104 is the first pending job."""
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    for command in ("break round 7", "continue"):
        console.execute(command)
    lines.clear()
    for command in commands:
        console.execute(command)
    return lines


def test_why_with_a_level_names_that_level_in_the_dry_run():
    """`why 104 level full` and `why 104 level summary` are read (the dry run line names the level), and
    `why 104` is the summary level. Kills: console.py:Console._why the three-word form refused (the count 3
    mutated, or `args[1] != "level"` -> `==`)."""
    summary, full, default = (_why(command) for command in ("why 104 level summary", "why 104 level full", "why 104"))
    head = "  dry run of 104 against the state before round 7 (t=100), position 1 of 3 pending, level"
    assert summary[2] == f"{head} summary" and full[2] == f"{head} full"
    assert default == summary and len(full) > len(summary)  # full lists every host's verdict


@pytest.mark.parametrize("command", ["why", "why 104 level", "why 104 lvl full", "why 104 full", "why 104 json json",
                                     "why 104 level full extra", "why 104 level json", "why 104 full json"])
def test_why_with_any_other_word_count_or_a_second_word_other_than_level_is_refused(command: str):
    """No job id, `level` without a level, a second word other than `level`, or a fourth word: the usage line.
    Kills: console.py:Console._why each part of the argument check dropped or its count mutated."""
    assert _why(command) == [USAGE]


def test_why_with_a_level_other_than_summary_or_full_names_the_word():
    """`why 104 level verbose`: the usage is right but the level is not one of the two, so the error names the word.
    Kills: console.py:Console._why its level message text mutated."""
    assert _why("why 104 level verbose") == ["error: why: level 'verbose' is not summary or full"]


def test_why_of_a_malformed_job_id_names_the_command_and_the_text():
    """Kills: console.py:Console._why the command's name passed to _job_id mutated."""
    assert _why("why abc") == ["error: why: malformed job id 'abc'"]


def test_why_after_the_last_round_explains_against_the_next_round():
    """Job 2 asks 9 tasks of 8 slots, so it never starts: round 1 (t=0) dispatches job 1 and pends 2, round 2
    (t=10, job 1's end) pends 2 again, and the replay ends with job 2 pending. No session is in progress then, so
    `why 2` describes the state after round 2 and numbers its dry run as round 3, the round that would come next;
    `info round` calls round 2 completed. Kills: console.py:Console._where the `after round` text mutated or
    `self.sim.round + 1` -> `- 1`, and Console._info_round its `completed` text mutated."""
    text = ("events:\n  - {time: 0, submit: {id: 1, tasks: 8, run_time: 10}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 9, run_time: 10}}\n")
    lines = console_lines(text, ["continue", "why 2", "info round"])
    # job 1 has ended: all 8 slots are free, and job 2 asks 9
    assert lines[3] == "why 2: needs 9 slots; 8 of 8 free now; it does not fit even once every running job has ended"
    assert lines[5:7] == [
        "  dry run of 2 against the state after round 2 (t=10), position 1 of 1 pending, level summary",
        "  selection: round 3, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0"]
    assert lines[-2:] == ["round 2 at t=10, completed: 1 decision reported",
                          "  round 2 #1 pend 2: no-plan: needs 9 tasks but the open hosts have 8 slots in all"]


def test_why_before_the_first_round_knows_no_job():
    """Submissions are applied as their round starts, so before round 1 every job id is unknown to `why`."""
    assert console_lines("events:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n", ["why 1"]) == [
        "why 1: the job is unknown"]


def test_why_under_a_discipline_runs_the_session_up_to_a_job_behind_the_first():
    """examples/six-jobs.yaml under easy, stopped after job 2's decision: job 3 (10 tasks) is next and holds the
    backfill reservation; job 4 (6 tasks, with 4 of the 20 slots free after jobs 1 and 2) is second. Its dry run is
    position 2 of the 4 pending jobs and must see the session reach it past job 3, whose reservation it names.
    Kills: why.py:_dry_run `result.job == job` -> `!=` (the run would stop at job 3, before job 4 is evaluated)."""
    lines: list[str] = []
    console = Console(load_recording(Path("examples/six-jobs.yaml")), lines.append)
    for command in ["break job 2", "continue", "why 4"]:
        console.execute(command)
    console.close()
    why = lines[lines.index(
        "why 4: a dry run of the scheduler's evaluation on a copy of the current state; nothing is changed, stored or "
        "written"):]
    assert why[1] == "  dry run of 4 against the state during round 1 (t=0), position 2 of 4 pending, level summary"
    assert "    verdict: not started: does not fit now; only job 3, the first job that did not fit, holds a backfill " \
           "reservation" in why
    assert why[-2:] == ["  outcome: pended, 1 pend reason", "    resource-shortfall slots on 1 host: n"]


def test_why_of_an_array_explains_each_pending_element_after_naming_a_running_one():
    """The demo stopped after 107[1]'s dispatch in round 3: `why 107` names 107[1] as running, then explains 107[2],
    107[3] and 107[4], each at its own position among the 5 pending jobs. Kills: why.py:why_lines `continue` ->
    `break` after a job that is not pending (the pending elements after it would not be explained)."""
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    for command in ["break job 107", "continue"]:
        console.execute(command)
    lines.clear()
    console.execute("why 107")
    console.close()
    assert lines[0] == ("why 107[1]: the job is running on hostA; only a pending job can be explained (info trace "
                        "shows a stored trace)")
    assert [line for line in lines if line.startswith("  dry run of ")] == [
        f"  dry run of 107[{i}] against the state during round 3 (t=20), position {i + 1} of 5 pending, level summary"
        for i in (2, 3, 4)]


def test_why_under_greedy_explains_the_job_against_the_current_state_without_the_jobs_ahead_of_it():
    """Three 4-task jobs on the two 4-slot hosts: round 1 dispatches job 1 to a and stops there (break job 1).
    Under the greedy discipline `why 3` evaluates job 3 alone against the current state, where b's 4 slots are
    free, so its dry run dispatches it to b; job 2, still pending ahead of it, is not placed first (a session run
    up to job 3 would give b to job 2 and pend job 3). Kills: why.py:_dry_run the `greedy` name mutated, so
    greedy runs the session path."""
    text = ("events:\n  - {time: 0, submit: {id: 1, tasks: 4, run_time: 10}}\n"
            "  - {time: 0, submit: {id: 2, tasks: 4, run_time: 10}}\n"
            "  - {time: 0, submit: {id: 3, tasks: 4, run_time: 10}}\n")
    lines = console_lines(text, ["break job 1", "continue", "why 3"])
    assert lines[3] == "why 3: needs 4 slots; 4 of 8 free now; it fits them now: the next session decides whether it starts"
    assert lines[5] == "  dry run of 3 against the state during round 1 (t=0), position 2 of 2 pending, level summary"
    assert lines[-4:-2] == ["  outcome: dispatched to 1 host", "    b: slots 4"]
