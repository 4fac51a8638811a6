"""`report --jobs`: the rows of report/jobs.py sorted, cut to the top N, and written as a table, JSON or CSV."""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Callable

from refsim.model.duration import duration_words
from refsim.model.epoch import Epoch
from refsim.model.units import format_number
from refsim.report.jobs import JobRow
from refsim.report.jobsorts import SORTS

FIELDS = tuple(f.name for f in dataclasses.fields(JobRow))
HEADINGS = ("job", "queue", "tasks", "submit", "start", "wait", "waited", "bsld", "sessions", "overtaken",
            "most frequent pend reason")


def sorted_rows(rows: list[JobRow], key: str, top: int | None) -> list[JobRow]:
    """The rows in the order `key` asks (rows come in submission order, and the sort is stable), the first `top`."""
    largest_first = SORTS[key]
    value: Callable[[JobRow], object] = lambda row: getattr(row, key)
    if key == "wait":
        present = sorted((r for r in rows if r.wait is not None), key=value, reverse=True)  # type: ignore[arg-type]
        ordered = [r for r in rows if r.wait is None] + present
    else:
        known = sorted((r for r in rows if value(r) is not None), key=value,  # type: ignore[arg-type]
                       reverse=largest_first)
        ordered = known + [r for r in rows if value(r) is None]
    return ordered if top is None else ordered[:top]


def _cells(row: JobRow) -> list[str]:
    def shown(value: float | int | None) -> str:
        return "-" if value is None else format_number(value)

    return [row.job, row.queue, shown(row.tasks), shown(row.submit), shown(row.start), shown(row.wait),
            "-" if row.wait is None else duration_words(row.wait),
            "-" if row.bsld is None else f"{row.bsld:.2f}", str(row.sessions), str(row.overtaken),
            row.reason or "-"]


def job_lines(rows: list[JobRow], epoch: Epoch | None = None) -> list[str]:
    """A table, one row per job: times and waits in seconds, the wait also in words; with an epoch, the dates of
    submission and start too."""
    headings = list(HEADINGS)
    table = [_cells(row) for row in rows]
    if epoch is not None:
        headings[5:5] = ["submitted at", "started at"]
        for row, cells in zip(rows, table):
            cells[5:5] = [epoch.date(row.submit), "-" if row.start is None else epoch.date(row.start)]
    table.insert(0, headings)
    widths = [max(len(line[i]) for line in table) for i in range(len(headings))]
    text_columns = (0, 1, len(headings) - 1)
    return ["  ".join(cell.ljust(w) if i in text_columns else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(line, widths))).rstrip() for line in table]


def jobs_data(rows: list[JobRow], epoch: Epoch | None = None) -> list[dict[str, object]]:
    """The rows as JSON-ready objects, one key per field (times in seconds, null where the file does not tell);
    with an epoch, `submit_date` and `start_date` too."""
    data = [dataclasses.asdict(row) for row in rows]
    if epoch is not None:
        for row, obj in zip(rows, data):
            obj["submit_date"] = epoch.date(row.submit)
            obj["start_date"] = None if row.start is None else epoch.date(row.start)
    return data


def jobs_csv(rows: list[JobRow]) -> str:
    """The rows as CSV with a header line, empty cells where the file does not tell."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for row in rows:
        writer.writerow(["" if v is None else (format_number(v) if isinstance(v, float) else v)
                         for v in dataclasses.astuple(row)])
    return out.getvalue()
