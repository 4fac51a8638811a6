"""Reading a --sim-output file as a stream of records, one line at a time (plain or gzip-compressed)."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from refsim.sim.output import FORMAT, Record
from refsim.sim.reader import RecordingError

ReportError = RecordingError  # one line naming the file, where in it, and what is wrong


def read_run(path: str | Path) -> Iterator[Record]:
    """The records of a --sim-output file after its header, in the order written."""
    name = str(path)
    try:
        with _open(path) as lines:
            try:
                header = json.loads(next(lines, ""))
            except json.JSONDecodeError:
                header = None
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise ReportError(name, "line 1", f"not a --sim-output file (no '{FORMAT}' header)")
            for number, line in enumerate(lines, start=2):
                if line.strip():
                    record = _json(line, name, number)
                    if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
                        raise ReportError(name, f"line {number}", "a record needs a 'kind'")
                    yield record
    except OSError as exc:
        raise ReportError(name, "", f"cannot read: {exc.strerror or exc}") from None
    except (EOFError, zlib.error, UnicodeDecodeError):
        raise ReportError(name, "", "is damaged (not UTF-8 text, or a broken .gz file)") from None


def _open(path: str | Path) -> TextIO:
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")  # noqa: SIM115 (closed by the caller's with)


def _json(line: str, name: str, number: int) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise ReportError(name, f"line {number}", f"not valid JSON: {exc.msg}") from None
