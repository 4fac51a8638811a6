"""Reading a sweep's results.csv back for the report: its axes (the parameter columns, and the recording when a
sweep has several) and its rows, with numbers as numbers. Errors are one line naming the file. Also what the report's
tables and plots both read from it: the discipline axis, a figure's mean over a group of rows, a value as shown."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refsim.sim.reader import RecordingError
from refsim.sweep.results import FIXED

REQUIRED = ("replay", "recording", "status", "wait_mean", "utilisation")
DISCIPLINE = "discipline"


@dataclass(frozen=True)
class ResultsTable:
    name: str
    axes: tuple[str, ...]  # in column order; `recording` first when it varies
    rows: tuple[dict[str, Any], ...]  # every replay, failed ones included

    @property
    def ok(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r.get("status") == "ok"]

    def values(self, axis: str) -> list[Any]:
        """An axis's values: ascending for numbers, else in the order they first appear."""
        found: list[Any] = []
        for row in self.rows:
            if row.get(axis) not in found:
                found.append(row.get(axis))
        if all(_is_number(v) for v in found):
            return sorted(found)
        return found


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def shown(value: Any) -> str:
    return "-" if value is None else str(value)


def mean(rows: list[dict[str, Any]], name: str) -> float | None:
    values = [r[name] for r in rows if isinstance(r.get(name), (int, float))]
    return math.fsum(values) / len(values) if values else None


def parsed(text: str) -> Any:
    """A cell's value: a whole number, a number, true/false, nothing for an empty cell, else the text."""
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_results(path: str | Path) -> ResultsTable:
    name = str(path)
    try:
        with open(path, encoding="utf-8", newline="") as file:
            reader = csv.reader(file)
            header = next(reader, [])
            lines = list(reader)
    except OSError as exc:
        raise RecordingError(name, "", f"cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, csv.Error) as exc:
        raise RecordingError(name, "", f"is not a readable CSV file ({exc})") from None
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise RecordingError(name, "line 1", f"not a sweep results table (no column {', '.join(missing)})")
    rows = []
    for number, line in enumerate(lines, start=2):
        if len(line) != len(header):
            raise RecordingError(name, f"line {number}", f"has {len(line)} cells; the header has {len(header)}")
        rows.append({column: parsed(text) for column, text in zip(header, line)})
    axes = [c for c in header if c not in FIXED]
    if len({r["recording"] for r in rows}) > 1:
        axes.insert(0, "recording")
    return ResultsTable(name, tuple(axes), tuple(rows))
