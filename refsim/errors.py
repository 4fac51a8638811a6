"""The base of refsim's user-facing errors: a mistake in what refsim was given (an input file, a path, an option),
as opposed to a fault of refsim itself. Each carries the exit status the command line ends with, and a message of
one line that names what is wrong; the command line catches `RefsimError` once (refsim/cli.py) and prints it."""

from __future__ import annotations

__all__ = ["RefsimError"]


class RefsimError(Exception):
    """A user-facing error: its message is one line, shown as `Error: <message>`; `exit_status` ends the command
    (2, like a usage mistake, unless a subclass says otherwise)."""

    exit_status: int = 2
