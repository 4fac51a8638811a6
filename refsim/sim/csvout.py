"""CSV outputs (the schedule and resource-timeline files): times as DR_EVT writes them, and the table text."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal


def format_time(seconds: float) -> str:
    """Whole seconds without a fraction (`200`), other times as the shortest decimal that reads back as the same
    number (`20.5`, `0.1`, never `1e-05`)."""
    if seconds == int(seconds):
        return str(int(seconds))
    return format(Decimal(repr(seconds)), "f")


def table_text(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """CSV with `\\n` line ends; a cell holding a comma is quoted (`"0,2"`), nothing else is."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
