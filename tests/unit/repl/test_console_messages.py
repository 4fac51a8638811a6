"""The console's own lines, word for word as docs/repl.md gives them: what a command prints when it succeeds, and
the `error: ...` line naming what was wrong when it does not (the command then changes nothing)."""

from __future__ import annotations

import os

from tests.support.console import console_lines
from tests.support.recordings import THREE_ALIKE


def test_info_round_says_no_round_has_started_before_the_first_step():
    """Before the first step nothing has run: `info round` says so in one line. Kills:
    console.py:Console._cmd_info_round the `no round has started` line dropped."""
    assert console_lines(THREE_ALIKE, ["info round"]) == ["no round has started"]


def test_info_queue_takes_at_most_one_queue_name():
    """`info queue NAME` shows one queue; a second word is refused, naming it, and nothing else is printed.
    Kills: console.py:Console._cmd_info_queue the bound `len(args) > 1` -> `> 2`."""
    assert console_lines(THREE_ALIKE, ["info queue normal extra"]) == [
        "error: info queue: unexpected argument 'extra'"]


def test_set_continue_takes_exactly_one_of_normal_or_quiet():
    """`set continue` without its word, or with a second word, is refused naming the (first) word given, and the
    setting stays `normal` (`show`'s last line). Kills: console.py:Console._cmd_set_continue `or` -> `and` (a
    missing word would end in an IndexError, a second word would be taken)."""
    assert console_lines(THREE_ALIKE, ["set continue", "set continue quiet now", "show"]) == [
        "error: set continue: '' is not normal or quiet",
        "error: set continue: 'quiet' is not normal or quiet",
        "units auto", "output none", "breakpoints 0", "continue normal"]


def test_set_output_and_snapshot_take_exactly_one_file(tmp_path, monkeypatch):
    """Both write one file: none or two are refused with the command's usage, and nothing is written.
    Kills: console.py:Console._cmd_set_output's and _cmd_snapshot's usage texts mutated."""
    monkeypatch.chdir(tmp_path)
    assert console_lines(THREE_ALIKE, ["set output", "set output a b", "snapshot", "snapshot a b"]) == [
        "error: set output: expected one FILE", "error: set output: expected one FILE",
        "error: snapshot: expected one FILE", "error: snapshot: expected one FILE"]
    assert os.listdir(tmp_path) == []


def test_a_snapshot_into_a_missing_folder_names_the_file_and_the_reason(tmp_path, monkeypatch):
    """A snapshot the file system refuses (its folder does not exist) is one `error:` line naming the path given
    and the system's reason; the console goes on (`show` answers) and no file or folder is made.
    Kills: console.py:Console._cmd_snapshot the message naming `args[1]` instead of the path (an IndexError)."""
    monkeypatch.chdir(tmp_path)
    assert console_lines(THREE_ALIKE, ["snapshot missing/s.yaml", "show"]) == [
        "error: snapshot: cannot write missing/s.yaml: No such file or directory",
        "units auto", "output none", "breakpoints 0", "continue normal"]
    assert os.listdir(tmp_path) == []


def test_trace_off_says_from_when():
    """`trace off` answers in one line that tracing stops from the next session (docs/repl.md, trace commands).
    Kills: console.py:Console._cmd_trace_off its answer dropped."""
    assert console_lines(THREE_ALIKE, ["trace off"]) == ["trace off (from the next session)"]


def test_on_error_stop_ends_the_console_at_the_first_failed_command():
    """With `--on-error stop` the first failed command prints its `error:` line and ends the console: the command
    after it is never carried out; with the default (`continue`) it is. Kills: console.py:Console.__init__ the
    `stop` word mutated (the console would never stop)."""
    commands = ["frob", "info round"]
    assert console_lines(THREE_ALIKE, commands, on_error="stop") == ["error: unknown command 'frob' (try 'help')"]
    assert console_lines(THREE_ALIKE, commands) == ["error: unknown command 'frob' (try 'help')",
                                                    "no round has started"]


def test_info_round_counts_the_decisions_reported_so_far_and_repeats_them():
    """THREE_ALIKE's round 1 (t=0, one slot): job 1 is dispatched, jobs 2 and 3 pend on the slot job 1 holds.
    After one step `info round` counts 1 decision (singular), after three steps 3 decisions, each echo line
    repeated under it with a two-space indent. Kills: console.py:Console._cmd_info_round the plural `s` mutated."""
    echoes = ["round 1 #1 dispatch 1 -> h1*1", "round 1 #2 pend 2: resource-shortfall on 1 host",
              "round 1 #3 pend 3: resource-shortfall on 1 host"]
    assert console_lines(THREE_ALIKE, ["step", "info round", "step 2", "info round"]) == [
        echoes[0],
        "round 1 at t=0, in progress: 1 decision reported", f"  {echoes[0]}",
        *echoes[1:],
        "round 1 at t=0, in progress: 3 decisions reported", *(f"  {e}" for e in echoes)]


def test_set_output_into_a_missing_folder_names_the_file_and_the_reason(tmp_path, monkeypatch):
    """An output the file system cannot open (its folder does not exist) is one `error:` line naming the path
    given and the system's reason; the output in effect stays none and nothing is made.
    Kills: console.py:Console._cmd_set_output the message naming `args[1]` instead of the path (an IndexError)."""
    monkeypatch.chdir(tmp_path)
    assert console_lines(THREE_ALIKE, ["set output missing/o.jsonl", "show"]) == [
        "error: set output: cannot open missing/o.jsonl: No such file or directory",
        "units auto", "output none", "breakpoints 0", "continue normal"]
    assert os.listdir(tmp_path) == []


def test_set_units_takes_one_mode_spelled_as_listed_and_show_reports_it():
    """`set units` lists the modes when its word is missing or not one of them (case counts: `gb` is not `GB`);
    a listed mode is answered `units MODE` and `show` reports it, as `set continue quiet` is answered and shown.
    Kills: console.py:Console._cmd_set_units its test negated and its answer's text mutated, and
    _cmd_set_continue reading `args[1]` for the one word given."""
    modes = "raw, auto, KB, MB, GB, TB"
    assert console_lines(THREE_ALIKE, ["set units", "set units gb", "set units GB", "set continue quiet", "show"]) == [
        f"error: set units: '' is not one of {modes}", f"error: set units: 'gb' is not one of {modes}",
        "units GB", "continue quiet",
        "units GB", "output none", "breakpoints 0", "continue quiet"]


def test_info_trace_takes_exactly_one_job():
    """`info trace` recalls one job's traces: no job or two are refused with its usage.
    Kills: console.py:Console._cmd_info_trace its usage text mutated."""
    assert console_lines(THREE_ALIKE, ["info trace", "info trace 1 2"]) == [
        "error: info trace: expected one JOBID", "error: info trace: expected one JOBID"]


def test_nothing_runs_after_the_replay_has_finished():
    """THREE_ALIKE ends after 4 rounds (t=0, 10, 20 and 30, when job 3 finishes): once the closing line is
    printed, `step` and `continue` are refused with `the replay has finished` (docs/repl.md, continue).
    Kills: console.py:Console._end not marking the replay finished (`True` -> `False`)."""
    assert console_lines(THREE_ALIKE, ["continue", "step", "continue"]) == [
        "round 1 t=0: 1 dispatched (1), 2 pended (2-3)",
        "round 2 t=10: 1 dispatched (2), 1 pended (3)",
        "round 3 t=20: 1 dispatched (3), 0 pended",
        "round 4 t=30: 0 dispatched, 0 pended",
        "replay finished after 4 rounds at t=30: 3 dispatched, 3 finished, 0 running, 0 pending",
        "error: the replay has finished", "error: the replay has finished"]


# One slot: job 1 (t=0) runs to t=100; jobs 2 (t=10) and 3 (t=20) pend until it ends, then run 100-110 and
# 110-120. Round 2 (t=10) dispatches nothing, so continue holds its line back as a range may follow.
LATE_ARRIVALS = """
cluster:
  hosts:
    - {name: h1, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 100}}
  - {time: 10, submit: {id: 2, run_time: 10}}
  - {time: 20, submit: {id: 3, run_time: 10}}
"""


def test_a_stop_prints_the_round_lines_held_back_and_a_step_runs_on_to_the_end():
    """`continue` stopping at `break round 3` first prints round 2's line, held back for a range, then the stop;
    `info round` says where execution stands; `step 10` asks for more decisions than the 5 left (round 3 pends 2
    and 3, round 4 dispatches 2 and pends 3, round 5 dispatches 3), so it ends with the closing line.
    Kills: console.py:Console._run the held rounds' flush at a stop skipped (`is not None` -> `is`, which also
    fails a step's stop) and Console._cmd_info_round the `stopped before round` text mutated."""
    assert console_lines(LATE_ARRIVALS, ["break round 3", "continue", "info round", "step 10"]) == [
        "breakpoint 1: round 3",
        "round 1 t=0: 1 dispatched (1), 0 pended",
        "round 2 t=10: 0 dispatched, 1 pended (2)",
        "breakpoint 1 (round 3): stopped before round 3 at t=20",
        "stopped before round 3 at t=20",
        "round 3 #1 pend 2: resource-shortfall on 1 host",
        "round 3 #2 pend 3: resource-shortfall on 1 host",
        "round 4 #1 dispatch 2 -> h1*1",
        "round 4 #2 pend 3: resource-shortfall on 1 host",
        "round 5 #1 dispatch 3 -> h1*1",
        "replay finished after 6 rounds at t=120: 3 dispatched, 3 finished, 0 running, 0 pending"]


def test_break_without_a_kind_or_with_an_unknown_one_shows_its_usage():
    """`break` alone and `break hour 3` are refused with the usage line, and no breakpoint is set.
    Kills: console.py:Console._cmd_break `not args or args[0] not in ...` with `or` -> `and`."""
    usage = "error: break: expected round-begin, round N, job JOBID or time T"
    assert console_lines(LATE_ARRIVALS, ["break", "break hour 3", "info break"]) == [usage, usage, "no breakpoints"]


def test_set_continue_normal_after_quiet_goes_back_to_round_lines():
    """`set continue normal` is taken back after `quiet`: answered `continue normal` and shown so.
    Kills: console.py:Console._cmd_set_continue the word `normal` mutated in the accepted words."""
    assert console_lines(THREE_ALIKE, ["set continue quiet", "set continue normal", "show"])[1:] == [
        "continue normal", "units auto", "output none", "breakpoints 0", "continue normal"]


def test_step_takes_a_count_from_1():
    """`step 1` reports one decision (round 1 dispatches job 1); `step 0` is refused with the range.
    Kills: console.py:Console._cmd_step the count's lower bound 1 -> 2."""
    assert console_lines(THREE_ALIKE, ["step 0", "step 1"]) == [
        "error: step: '0' is not a whole number from 1 to 1000000", "round 1 #1 dispatch 1 -> h1*1"]


def test_verify_at_the_end_of_the_replay_shows_each_mismatch_and_their_count(tmp_path, monkeypatch):
    """The expected file is this replay's own --sim-output with one change: job 3's pend in round 2 is said to be
    at position 3, while the replay puts it at 2 (job 2, dispatched first, holds position 1). The closing line is
    followed by that one mismatch and the count; the unchanged file gives `verify: no mismatch`.
    Kills: console.py:Console._end the mismatch lines not written."""
    monkeypatch.chdir(tmp_path)
    closing = ["round 1 t=0: 1 dispatched (1), 2 pended (2-3)", "round 2 t=10: 1 dispatched (2), 1 pended (3)",
               "round 3 t=20: 1 dispatched (3), 0 pended", "round 4 t=30: 0 dispatched, 0 pended",
               "replay finished after 4 rounds at t=30: 3 dispatched, 3 finished, 0 running, 0 pending"]
    assert console_lines(THREE_ALIKE, ["continue"], output="same.jsonl") == closing
    text = (tmp_path / "same.jsonl").read_text()
    pend = '"job":"3","kind":"pend","position":2,'
    assert text.count(pend) == 1  # round 1 has job 3 at position 3, round 2 at 2
    (tmp_path / "changed.jsonl").write_text(text.replace(pend, pend.replace("2", "3")))
    assert console_lines(THREE_ALIKE, ["continue"], verify="same.jsonl") == [*closing, "verify: no mismatch"]
    assert console_lines(THREE_ALIKE, ["continue"], verify="changed.jsonl") == [
        *closing,
        "mismatch: round 2 job 3: expected pend at position 3 (1 reasons: resource-shortfall x1); "
        "got pend at position 2 (1 reasons: resource-shortfall x1)",
        "verify: 1 mismatches"]


def test_a_traced_job_without_a_decision_prints_the_held_round_lines_before_its_trace():
    """LATE_ARRIVALS with a fault that hides job 3 from the allocator (docs/faults.md, `job-lookup`): in round 3
    (t=20) job 2 pends and job 3 gets no decision. With job 3 traced, `continue` prints round 2's line, held back
    for a range, before job 3's trace block, so the lines stay in time order; the breakpoint stops before round 4
    (t=100, when job 1 ends). Kills: console.py:Console._print_trace the held rounds not flushed first."""
    faulty = LATE_ARRIVALS + "test:\n  faults:\n    - {point: job-lookup, job: 3}\n"
    assert console_lines(faulty, ["trace on 3", "break round 4", "continue"])[2:] == [
        "round 1 t=0: 1 dispatched (1), 0 pended",
        "round 2 t=10: 0 dispatched, 1 pended (2)",
        "  trace of 3: round 3, position 2, level summary",
        "  selection: round 3, position 2, job 3; ordering keys and limits unavailable",
        "  outcome: no decision: the job could not be found by the allocator",
        "round 3 t=20: 0 dispatched, 1 pended (2), 1 no decision (3)",
        "breakpoint 1 (round 4): stopped before round 4 at t=100"]
