"""Console rules that only a boundary case decides."""

import io

from refsim.repl.console import Console
from refsim.repl.terminal import run_console
from refsim.sim.batch import demo_recording
from tests.support.console import console_lines


def test_break_time_0_is_a_time():
    """Kills: `not value >= 0` -> `not value > 0` in Console._number (0 s is the earliest time, not an error)."""
    assert console_lines("events: []\n", ["break time 0", "break time -1"]) == [
        "breakpoint 1: time 0", "error: break time: '-1' is not a time (a number of seconds, 0 or more)"]


def test_a_blank_line_is_skipped_and_the_console_goes_on():
    """Kills: `return True` -> `return None` for an empty line in Console.execute (the console would end)."""
    lines: list[str] = []
    run_console(Console(demo_recording(), lines.append), io.StringIO("\n   \nstep\n"), io.StringIO())
    assert lines == ["round 1 dispatch 100 -> hostB*4 (reconstructed)"]


def test_a_traced_round_is_never_joined_to_a_collapsed_range():
    """Kills: `self._round_traced = True` -> False in Console._print_trace (rounds 9-12 of the demo, alike and
    each tracing 108, would be joined into one range line)."""
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    console.execute("trace on 108")
    console.execute("continue")
    assert not any(line.startswith("rounds ") for line in lines)
    assert [line for line in lines if line.startswith(("round 9 t", "round 1"))][-4:] == [
        "round 9 t=150: 0 dispatched, 1 pended (108), 1 no decision (109)",
        "round 10 t=170: 0 dispatched, 1 pended (108), 1 no decision (109)",
        "round 11 t=200: 0 dispatched, 1 pended (108), 1 no decision (109)",
        "round 12 t=300: 0 dispatched, 1 pended (108), 1 no decision (109)"]
