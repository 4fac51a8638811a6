"""The terminal line reader in this process, on prompt_toolkit's pipe input (test_terminal.py drives the same
through a pseudo-terminal in a child process, which the mutation tool's coverage map does not see)."""

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from refsim.repl.console import Console
from refsim.repl.terminal import _terminal_lines
from tests.support.recordings import recording


def test_the_terminal_reader_gives_each_typed_line_until_end_of_input():
    """Kills: refsim/repl/terminal.py:_terminal_lines `while True` negated (no line would ever be read). Two
    lines are typed, then Ctrl-D (end of input) ends the reader."""
    console = Console(recording("events: []\n"), lambda line: None)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("show\rinfo round\r\x04")
        assert list(_terminal_lines(console)) == ["show", "info round"]
    console.close()


def test_ctrl_c_cancels_the_line_being_typed_and_reading_goes_on():
    """Kills: refsim/repl/terminal.py:_terminal_lines `continue` -> `break` after a Ctrl-C (the session would end).
    `inf` is typed and cancelled by Ctrl-C; the next line is read whole."""
    console = Console(recording("events: []\n"), lambda line: None)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("inf\x03show\r\x04")
        assert list(_terminal_lines(console)) == ["show"]
    console.close()
