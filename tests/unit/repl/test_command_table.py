"""The console's command table: every command has its handler, registered once, and only commands of the table
have one."""

import pytest

from refsim.repl.commands import COMMANDS, Command, CommandTable, Kind
from refsim.repl.console import Console


def test_every_command_of_the_table_has_a_console_handler():
    """Dispatch finds each command's handler in the table (Console registers them as its class is made)."""
    assert Console.__name__ and all(callable(COMMANDS.handler(c)) for c in COMMANDS)


def test_a_handler_for_no_command_or_a_second_one_is_refused():
    """Kills: CommandTable.handles' test negated, or its `or` -> `and` (a misspelt name or a second handler would
    be taken silently)."""
    table = CommandTable(Command("step", "step", "s", "Running"))
    table.handles("step")(lambda console, args: None)
    for name in ("step", "stpe"):
        with pytest.raises(LookupError):
            table.handles(name)(lambda console, args: None)


def test_an_argument_kind_is_found_after_the_words_it_follows():
    """`break` takes a kind of breakpoint, and after `job` a job id; nothing after `round`."""
    (breaks,) = (c for c in COMMANDS if c.name == "break")
    assert breaks.argument([]) is Kind.BREAKPOINT and breaks.argument(["job"]) is Kind.JOB
    assert breaks.argument(["round"]) is None
