"""CSV outputs (the schedule and resource-timeline files): times as DR_EVT writes them, and one way to write a
table whole."""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path


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


def write_whole(path: str | Path, text: str) -> None:
    """Write to a unique temporary file beside the target and rename it over the target only once complete, so a
    failed or interrupted run leaves the old file as it was and no temporary file behind."""
    target = os.path.realpath(path)
    directory, name = os.path.split(target)
    fd, temporary = tempfile.mkstemp(prefix=f".{name[:100]}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
