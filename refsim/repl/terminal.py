"""Reading commands: prompt_toolkit on a terminal (history, completion, Ctrl-C cancels the line, Ctrl-D quits);
plain lines from a pipe or a file, with no prompt, so scripts and tests drive the console."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from refsim.model.bounds import MAX_LINE
from refsim.model.jobid import format_job_ids
from refsim.model.units import UnitsMode
from refsim.repl.breakpoints import BreakKind
from refsim.repl.commands import COMMANDS, Kind, find
from refsim.repl.console import Console

PROMPT = "(refsim) "


class ConsoleCompleter(Completer):
    """Completes command words, then the words of the arguments the command table gives a kind (job ids, host
    names, units, kinds of breakpoint)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def _candidates(self, words: list[str]) -> Iterable[str]:
        typed = " ".join(words)
        names = [c.name for c in COMMANDS]
        nested = [n.split()[len(words)] for n in names if n.startswith(typed + " ")]  # so n has a word more
        if nested or not words:
            return nested or sorted({n.split()[0] for n in names})
        found = find(words)
        kind = found[0].argument(found[1]) if found is not None else None
        return [] if kind is None else self._words(kind)

    def _words(self, kind: Kind) -> list[str]:
        """The words completion offers for an argument of that kind."""
        if kind is Kind.JOB:
            return [format_job_ids([j]) for j in self.console.sim.jobs.records]
        if kind is Kind.HOST:
            return [h.name for h in self.console.sim.state.cluster.hosts]
        if kind is Kind.UNITS:
            return [m.value for m in UnitsMode]
        return [k.value for k in BreakKind]

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        words = text.split()
        current = "" if text.endswith(" ") or not words else words.pop()
        for candidate in dict.fromkeys(self._candidates(words)):
            if candidate.startswith(current):
                yield Completion(candidate, start_position=-len(current))


def _terminal_lines(console: Console) -> Iterator[str]:
    session: PromptSession[str] = PromptSession(history=InMemoryHistory(), completer=ConsoleCompleter(console))
    while True:
        try:
            yield session.prompt(PROMPT)
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            return


def _read_line(source: BinaryIO, limit: int, report: Callable[[str], None]) -> bytes:
    while True:
        try:
            return source.readline(limit)
        except KeyboardInterrupt:  # Ctrl-C while waiting for input does not end the session
            report("interrupted")


def _plain_lines(stdin: TextIO, report: Callable[[str], None]) -> Iterator[str]:
    """Lines from a pipe or a file, read as bytes, so a line that is not UTF-8 (or is longer than the console's bound)
    is reported and skipped instead of ending the session."""
    source = getattr(stdin, "buffer", None)
    if source is None:  # a text stream handed in by a test or a driver
        return (line.rstrip("\r\n") for line in stdin)
    return _ByteLines(source, report)


class _ByteLines(Iterator[str]):
    """An iterator, not a generator: a Ctrl-C landing anywhere in `__next__` would end a generator for good (and the
    session with it), while this object reads on at the next call (`__iter__` comes from Iterator)."""

    def __init__(self, source: BinaryIO, report: Callable[[str], None]) -> None:
        self.source, self.report = source, report
        self.limit = MAX_LINE * 4 + 2  # UTF-8 takes at most 4 bytes a character, plus CR LF
        self.number = 0

    def __next__(self) -> str:
        while raw := _read_line(self.source, self.limit, self.report):
            self.number += 1
            if len(raw) == self.limit and not raw.endswith(b"\n"):
                while (rest := _read_line(self.source, self.limit, self.report)) and not rest.endswith(b"\n"):
                    pass  # the rest of an over-long line is read and dropped, a piece at a time
                self.report(f"error: line {self.number} is longer than {MAX_LINE} characters; skipped")
                continue
            try:
                return raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as exc:
                self.report(f"error: line {self.number} is not UTF-8 text (byte {exc.start + 1}); skipped")
        raise StopIteration


def run_console(console: Console, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Read and carry out commands until `quit` or the end of input, then finish every output file. Nothing
    else ends the session: Ctrl-C outside a run is reported and the console reads on."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout  # looked up now: tests and click swap them
    interactive = stdin.isatty() and stdout.isatty()
    if interactive:  # never on a pipe, so scripted transcripts stay as they are
        console.write(console.banner())
    lines = _terminal_lines(console) if interactive else _plain_lines(stdin, console.write)
    try:
        while True:
            try:
                line = next(lines, None)
                if line is None or not console.execute(line):
                    break
            except KeyboardInterrupt:
                console.write("interrupted")
    finally:
        console.close()
