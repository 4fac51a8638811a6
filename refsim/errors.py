"""The base of refsim's user-facing errors: a mistake in what refsim was given (an input file, a path, an option),
as opposed to a fault of refsim itself. Each carries the exit status the command line ends with, and a message of
one line that names what is wrong; the command line catches `RefsimError` once (refsim/cli.py) and prints it."""

from __future__ import annotations

__all__ = ["RefsimError", "printable"]


def printable(text: str) -> str:
    """`text` with every character that is not printable (a newline, a tab, a NUL, a right-to-left override)
    written as its escape (`\\n`, `\\u202e`), so a value quoted in a message keeps it on one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class RefsimError(Exception):
    """A user-facing error: its message is one line, shown as `Error: <message>`; `exit_status` ends the command
    (2, like a usage mistake, unless a subclass says otherwise). Whatever a message quotes (a file name, a key, a
    cell), characters that are not printable are shown as escapes, so the message stays one line."""

    exit_status: int = 2

    def __str__(self) -> str:
        return printable(super().__str__())
