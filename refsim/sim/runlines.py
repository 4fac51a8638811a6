"""The lines of a --sim-output file (plain, or gzip-compressed when its name ends in `.gz`) parsed one at a time
under the bounds every document refsim reads keeps (refsim/sim/document.py: nesting, digits, no NaN or infinity,
no duplicate keys), and two of its own, so no file can exhaust memory or hold the reader for ever: a line holds
at most MAX_RUN_LINE characters (read in pieces: a 3 GiB line is refused after its first 64 MiB, never built),
and at most MAX_BLANK_LINES lines are blank (refsim writes none; a compressed file of nothing but newlines would
otherwise be read line by line for hours). docs/report.md, "What a run file may contain", lists them."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from refsim.sim.document import DocumentError, load_json
from refsim.sim.reader import RecordingError

MAX_RUN_LINE = 1 << 26  # characters of one line: a dispatch across 100,000 hosts takes about 10 million
MAX_BLANK_LINES = 1000
DAMAGED = "is damaged (not UTF-8 text, or a broken .gz file)"


def open_run(path: str | Path) -> TextIO:
    """The file as text: decompressed when its name ends in `.gz`."""
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")  # noqa: SIM115 (closed by the caller's with)


def run_lines(path: str | Path) -> Iterator[tuple[int, object]]:
    """(line number, parsed value) for every line that is not blank, from line 1 on. Every problem, the file's
    own included (missing, a folder, cut short, not UTF-8), is one RecordingError naming the file and line."""
    name = str(path)
    with _reading(name), open_run(path) as stream:
        yield from _parsed(stream, name)


def first_line(path: str | Path) -> str | None:
    """The first line as text (a --sim-output file's header), read with the same bound; None when it is longer
    than MAX_RUN_LINE characters, so not a header refsim wrote."""
    with _reading(str(path)), open_run(path) as stream:
        line = stream.readline(MAX_RUN_LINE + 1)
    return None if len(line) > MAX_RUN_LINE else line


@contextmanager
def _reading(name: str) -> Iterator[None]:
    """The file's own problems as one RecordingError: damaged (cut short, not gzip, not UTF-8) or unreadable."""
    try:
        yield
    except (EOFError, zlib.error, UnicodeDecodeError, gzip.BadGzipFile):
        raise RecordingError(name, "", DAMAGED) from None
    except OSError as exc:
        raise RecordingError(name, "", f"cannot read: {exc.strerror or exc}") from None


def _parsed(stream: TextIO, name: str) -> Iterator[tuple[int, object]]:
    blank = 0
    number = 0
    while line := stream.readline(MAX_RUN_LINE + 1):
        number += 1
        if len(line) > MAX_RUN_LINE:
            raise RecordingError(name, f"line {number}", f"longer than {MAX_RUN_LINE} characters")
        if not line.strip():
            blank += 1
            if blank > MAX_BLANK_LINES:
                raise RecordingError(name, f"line {number}", f"more than {MAX_BLANK_LINES} blank lines")
            continue
        yield number, parse_line(line, name, number)


def parse_line(line: str, name: str, number: int) -> object:
    """One line's JSON value under the document bounds; a problem is one RecordingError naming the line."""
    try:
        return load_json(line)
    except DocumentError as exc:
        raise RecordingError(name, f"line {number}", f"not accepted as JSON: {exc.problem}") from None
    except json.JSONDecodeError as exc:
        raise RecordingError(name, f"line {number}", f"not valid JSON: {exc.msg}") from None
