"""run_console reads a terminal with a prompt and a banner only when both stdin and stdout are terminals; a pipe on
either side gets plain lines, no banner and no prompt, so scripted transcripts stay as they are."""

import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from refsim.repl.console import Console
from refsim.repl.terminal import run_console
from tests.support.recordings import recording


class _Stream(io.StringIO):
    def __init__(self, text: str, tty: bool) -> None:
        super().__init__(text)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("stdin_tty", "stdout_tty"), [(True, False), (False, True), (False, False)])
def test_a_pipe_on_either_side_gets_plain_lines_and_no_banner(stdin_tty: bool, stdout_tty: bool):
    """Kills: terminal.py:run_console `stdin.isatty() and stdout.isatty()` -> `or` (a banner, and the terminal
    reader on a pipe)."""
    lines: list[str] = []
    run_console(Console(recording("events: []\n"), lines.append), _Stream("show\n", stdin_tty),
                _Stream("", stdout_tty))
    assert lines == ["units auto", "output none", "breakpoints 0", "continue normal"]


def test_a_terminal_on_both_sides_opens_with_the_banner_and_reads_typed_lines():
    """Both are terminals: the banner first, then each typed line runs until Ctrl-D. Kills: terminal.py:run_console
    the banner dropped or shown on a pipe, and the terminal reader not chosen for a terminal."""
    lines: list[str] = []
    console = Console(recording("events: []\n"), lines.append)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("show\r\x04")
        run_console(console, _Stream("", True), _Stream("", True))
    assert lines == [console.banner(), "units auto", "output none", "breakpoints 0", "continue normal"]
