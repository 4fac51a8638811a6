"""Reading a --sim-output file as a stream of records, one line at a time (plain or gzip-compressed)."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from refsim.model.epoch import Epoch, EpochError, time_zone
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


def run_epoch(path: str | Path) -> Epoch | None:
    """The recording's epoch a --sim-output file's header carries (version 3), if any. Call after read_run has
    read the file: its header was checked then."""
    with _open(path) as lines:
        header = json.loads(next(lines, "{}"))
    epoch = header.get("epoch") if isinstance(header, dict) else None
    if not isinstance(epoch, dict):
        return None
    unix, zone = epoch.get("unix"), epoch.get("timezone")
    if isinstance(unix, bool) or not isinstance(unix, (int, float)) or not isinstance(zone, str):
        raise ReportError(str(path), "line 1", "the header's epoch needs a number `unix` and a text `timezone`")
    try:
        time_zone(zone)
    except EpochError as exc:
        raise ReportError(str(path), "line 1", f"the header's epoch: {exc}") from None
    return Epoch(unix, zone)


def _open(path: str | Path) -> TextIO:
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")  # noqa: SIM115 (closed by the caller's with)


def _json(line: str, name: str, number: int) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise ReportError(name, f"line {number}", f"not valid JSON: {exc.msg}") from None
