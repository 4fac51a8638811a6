"""Breakpoint rules that only a boundary decides, on examples/backlog.yaml: its sessions come every 10 s from
t=10 (round 1 at t=10, round 2 at 20, round 3 at 30, ...) and nothing changes between rounds 2 and 4 (job 1 holds
the only host until 45), so every round from 2 on is reported."""

from pathlib import Path

from refsim.sim.load import load_recording
from tests.support.console import recording_lines


def _lines(commands: list[str]) -> list[str]:
    return recording_lines(load_recording(Path("examples/backlog.yaml")), commands)


def _stops(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("breakpoint ") and "stopped" in line]


def test_a_time_breakpoint_stops_before_the_round_at_exactly_that_time_and_only_once():
    """`break time 30`: round 3 begins at t=30, the first round at or after 30, so it stops there; the next
    `continue` runs to the end, because round 4 (t=40) follows a round already at or after 30.
    Kills: breakpoints.py:Breakpoints.at_round_start `time >= p.time` -> `>` (it would stop before round 4 first)
    and `previous_time < p.time` -> `<=` (it would stop again before round 4)."""
    lines = _lines(["break time 30", "continue", "continue", "info break"])
    assert _stops(lines) == ["breakpoint 1 (time 30): stopped before round 3 at t=30"]
    assert lines[-1] == "1: time 30 (hit 1 time)"
    assert any(line.startswith("replay finished after ") for line in lines)


def test_a_time_breakpoint_already_passed_never_stops():
    """`break time 5` set after round 1 (t=10) has begun: every later round follows one at or after 5, so the
    run goes to the end. Kills: breakpoints.py:Breakpoints.at_round_start the `previous_time is None or` test
    negated or its `or` made `and`."""
    lines = _lines(["step", "break time 5", "continue", "info break"])
    assert _stops(lines) == []
    assert lines[-1] == "1: time 5 (hit 0 times)"


def test_a_time_breakpoint_before_the_first_round_stops_before_round_1():
    """`break time 0` before anything ran: round 1 (t=10) is the first round at or after 0, with no round
    before it. Kills: breakpoints.py:Breakpoints.at_round_start `previous_time is None` -> `is not None`."""
    assert _stops(_lines(["break time 0", "continue"])) == [
        "breakpoint 1 (time 0): stopped before round 1 at t=10"]


def test_deleting_one_breakpoint_keeps_the_others_and_their_numbers():
    """`delete 1` removes only breakpoint 1; a new breakpoint takes the next number (3), never a freed one, and a
    deleted number is then unknown. Kills: breakpoints.py:Breakpoints.delete `p.number != number` -> `==` and
    `len(self.points) < before` -> `<=`; Breakpoints.add `self._next += 1` -> `-= 1`."""
    lines = _lines(["break round 2", "break round 3", "delete 1", "break round 4", "delete 1", "info break"])
    assert lines == [
        "breakpoint 1: round 2",
        "breakpoint 2: round 3",
        "deleted breakpoint 1",
        "breakpoint 3: round 4",
        "error: delete: no breakpoint 1",
        "2: round 3 (hit 0 times)",
        "3: round 4 (hit 0 times)",
    ]


def test_round_breakpoints_stop_only_before_their_own_round_and_count_their_hits():
    """`break round 3` and `break round 4`: each stops once, before its round; the hit counts say `1 time`.
    Kills: breakpoints.py:Breakpoints.at_round_start `p.round == round_no` -> `!=`; Breakpoints._hit
    `+= 1` -> `-= 1`."""
    lines = _lines(["break round 3", "break round 4", "continue", "continue", "continue", "info break"])
    assert _stops(lines) == ["breakpoint 1 (round 3): stopped before round 3 at t=30",
                             "breakpoint 2 (round 4): stopped before round 4 at t=40"]
    assert lines[-2:] == ["1: round 3 (hit 1 time)", "2: round 4 (hit 1 time)"]


def test_a_breakpoint_with_a_missing_or_an_extra_word_is_refused_and_nothing_is_set():
    """`break round`, `break job` and `break time` need their one word; `break round 2 3` has one too many; each is
    refused with the usage and no breakpoint is set. Kills: console.py:Console._cmd_break `len(args) > 2` dropped
    or made `>= 2`, and `(kind is ROUND_BEGIN) != (len(args) == 1)` -> `==`."""
    usage = "error: break: expected round-begin, round N, job JOBID or time T"
    assert _lines(["break round", "break job", "break time", "break round 2 3", "break time 5 6", "info break"]) == [
        usage, usage, usage, usage, usage, "no breakpoints"]


def test_job_and_round_begin_breakpoints_are_named_alike_when_set_when_hit_and_in_info_break():
    """`break job 2` and `break round-begin`: round-begin stops before round 1 (t=10); the next `continue` echoes
    only the decision a breakpoint stops at (continue mode prints round lines, not decisions), so it prints job 2's
    pend, the second decision of round 1, and stops. Each breakpoint is named `job 2` and
    `round-begin` in its set line, its stop line and `info break`. Kills: breakpoints.py:Breakpoint.__str__ the
    `job ` text mutated."""
    lines = _lines(["break job 2", "break round-begin", "continue", "continue", "info break"])
    assert lines == ["breakpoint 1: job 2",
                     "breakpoint 2: round-begin",
                     "breakpoint 2 (round-begin): stopped before round 1 at t=10",
                     "round 1 #2 pend 2: resource-shortfall on 1 host",
                     "breakpoint 1 (job 2): stopped after the decision for 2",
                     "1: job 2 (hit 1 time)",
                     "2: round-begin (hit 1 time)"]


def test_delete_without_a_number_deletes_every_breakpoint_and_says_so():
    """`delete` alone after two breakpoints: it prints `deleted all breakpoints` (not an error), `info break` then
    lists none, and `continue` runs through round 2 and job 3's decisions to the end without stopping.
    Kills: breakpoints.py:Breakpoints.delete the `return True` of deleting all -> `False`/`None` (the console
    would answer `no breakpoint None`)."""
    lines = _lines(["break round 2", "break job 3", "delete", "info break", "continue"])
    assert lines[2:4] == ["deleted all breakpoints", "no breakpoints"]
    assert _stops(lines) == []
    assert lines[-1].startswith("replay finished after 6 rounds")
