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
