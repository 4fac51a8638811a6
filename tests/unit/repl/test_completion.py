"""Completion in the terminal console: command words first, then the names a command takes."""

from prompt_toolkit.document import Document

from refsim.repl.console import Console
from refsim.repl.terminal import ConsoleCompleter
from refsim.sim.batch import demo_recording


def _complete(text: str) -> list[str]:
    completer = ConsoleCompleter(Console(demo_recording(), lambda line: None))
    return [c.text for c in completer.get_completions(Document(text), None)]


def test_an_empty_line_completes_to_every_first_command_word():
    """Kills: `nested or not words` -> `nested and not words` (an empty line would offer nothing)."""
    assert _complete("") == ["break", "continue", "delete", "help", "history", "info", "quit", "set", "show", "snapshot",
                             "step", "trace", "why"]


def test_a_group_word_completes_to_its_subcommands_and_a_command_to_its_names():
    """Kills: the nested words taken from the wrong position; host names or units not offered."""
    assert _complete("trace ") == ["on", "off", "status"]
    assert _complete("info host host") == ["hostA", "hostB", "hostC", "hostD", "hostE"]
    assert _complete("set units ") == ["raw", "auto", "KB", "MB", "GB", "TB"]


def test_info_job_completes_to_the_jobs_the_replay_knows():
    """Kills: `info job`'s JOB argument dropped from the command table (refsim/repl/commands.py), or
    ConsoleCompleter._words's job branch mutated (no job id would be offered)."""
    console = Console(demo_recording(), lambda line: None)
    console.execute("step")
    completer = ConsoleCompleter(console)
    offered = [c.text for c in completer.get_completions(Document("info job 10"), None)]
    assert offered[:4] == ["100", "101", "102", "103"]


def test_break_completes_to_its_kinds_and_break_job_to_the_jobs_the_replay_knows():
    """`break ` offers the four kinds of breakpoint, in the order help gives them, and `break job ` the job ids,
    like `info job `. Kills: `break`'s BREAKPOINT argument or its JOB argument after ("job",) mutated in the command
    table, or ConsoleCompleter._words's breakpoint branch."""
    console = Console(demo_recording(), lambda line: None)
    console.execute("step")
    completer = ConsoleCompleter(console)
    assert [c.text for c in completer.get_completions(Document("break "), None)] == [
        "round-begin", "round", "job", "time"]
    assert [c.text for c in completer.get_completions(Document("break job 10"), None)][:4] == [
        "100", "101", "102", "103"]


def test_a_command_that_takes_no_names_completes_to_nothing():
    """After `step ` or `show ` there is nothing to offer. Kills: terminal.py:ConsoleCompleter._candidates its
    `[]` for a word with no argument kind -> None (completion would fail)."""
    assert _complete("step ") == [] and _complete("show ") == []
