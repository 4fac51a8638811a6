"""The comparison report of a sweep (`refsim sweep-report`): a table per axis and, in a file report, a plot per
axis (wait and utilisation against the axis, one line per discipline). In the HTML report every table sorts by a
click on its heading, and in both file reports a replay whose --sim-output file was kept links to it.

A table per axis groups the successful replays by the axis's value (and by discipline, when the discipline is
another axis) and gives the mean of each figure over the group: the other axes averaged out. Failed replays are
counted, never averaged."""

from __future__ import annotations

import base64
import html
import os
import re
from urllib.parse import quote
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refsim.report.summary import HEADINGS, figure
from refsim.sim.paths import Named, atomic_write, guarded_output
from refsim.sweep.table import DISCIPLINE, ResultsTable, mean, shown

FIGURES = ("wait_mean", "wait_median", "wait_p95", "wait_max", "bsld_mean", "utilisation", "makespan")


@dataclass(frozen=True)
class AxisTable:
    axis: str
    by_discipline: bool  # rows split by discipline too
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def axis_table(table: ResultsTable, axis: str) -> AxisTable:
    split = axis != DISCIPLINE and DISCIPLINE in table.axes
    disciplines = table.values(DISCIPLINE) if split else [None]
    header = (axis, *((DISCIPLINE,) if split else ()), "replays", *(HEADINGS[f] for f in FIGURES))
    rows = []
    for value in table.values(axis):
        for discipline in disciplines:
            group = [r for r in table.ok if r.get(axis) == value and (not split or r.get(DISCIPLINE) == discipline)]
            means = [mean(group, f) for f in FIGURES]
            rows.append((shown(value), *((shown(discipline),) if split else ()), str(len(group)),
                         *(figure(f, m) for f, m in zip(FIGURES, means))))
    return AxisTable(axis, split, header, tuple(rows))


def tables(table: ResultsTable) -> list[AxisTable]:
    return [axis_table(table, axis) for axis in table.axes]


def headline(table: ResultsTable) -> str:
    failed = len(table.rows) - len(table.ok)
    axes = ", ".join(f"{a} ({len(table.values(a))} values)" for a in table.axes) or "none"
    return (f"{table.name}: {len(table.rows)} replays, {failed} failed{' (left out)' if failed else ''}; "
            f"axes: {axes}")


def text_lines(table: ResultsTable) -> list[str]:
    """The tables as aligned text, for the terminal."""
    lines = [headline(table)]
    for found in tables(table):
        lines += ["", f"by {found.axis} (means over the other axes; times in seconds)"]
        rows = [found.header, *found.rows]
        widths = [max(len(r[i]) for r in rows) for i in range(len(found.header))]
        keys = 2 if found.by_discipline else 1
        lines += ["  ".join(c.ljust(w) if i < keys else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                  .rstrip() for r in rows]
    return lines


def slug(axis: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", axis).strip("-") or "axis"


def image_paths(report: Path, table: ResultsTable) -> dict[str, Path]:
    """Where a Markdown report's plots go: beside it, named after it and the axis."""
    return {axis: report.with_name(f"{report.stem}-{slug(axis)}.png") for axis in table.axes}


def write_report(table: ResultsTable, report: str | Path, results: str | Path) -> list[Path]:
    """Write the report (.md with PNGs beside it, or .html with the plots embedded); the files written."""
    from refsim.sweep.plots import axis_png

    report = Path(report)
    inputs: list[Named] = [("the results table", results)]
    guarded_output(report, inputs, role="sweep-report -o")
    markdown = report.suffix.lower() == ".md"
    images = image_paths(report, table) if markdown else {}
    for axis, path in images.items():
        others = [("the report", report)] + [("another plot", p) for a, p in images.items() if a != axis]
        guarded_output(path, inputs, others, role="sweep-report plot")
    pngs = {axis: axis_png(table, axis) for axis in table.axes}
    for axis, path in images.items():
        with atomic_write(path, binary=True) as file:
            file.write(pngs[axis])
    links = run_links(table, results, report)
    text = markdown_text(table, images, links) if markdown else html_text(table, pngs, links)
    with atomic_write(report) as file:
        file.write(text)
    return [report, *images.values()]


def run_links(table: ResultsTable, results: str | Path, report: Path) -> dict[str, str]:
    """Each replay's kept --sim-output file (results.csv's `sim_output`, relative to its folder) as a link from
    the report's folder; replays without one are left out."""
    folder, base = Path(results).parent, report.parent
    return {str(r["replay"]): quote(Path(os.path.relpath(folder / str(r["sim_output"]), base)).as_posix())
            for r in table.rows if r.get("sim_output")}


def _md_row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def markdown_text(table: ResultsTable, images: dict[str, Path], links: dict[str, str] | None = None) -> str:
    lines = [f"# Sweep report: {Path(table.name).name}", "", headline(table)]
    for found in tables(table):
        lines += ["", f"## By {found.axis}", "", "Means over the other axes; times in seconds.", "",
                  _md_row(found.header), _md_row(tuple("---" for _ in found.header))]
        lines += [_md_row(r) for r in found.rows]
        if found.axis in images:
            lines += ["", f"![wait and utilisation against {found.axis}]({images[found.axis].name})"]
    lines += ["", "## Every replay", "", *_md_all(table, links or {})]
    return "\n".join(lines) + "\n"


def _all_rows(table: ResultsTable) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    header = ("replay", *table.axes, "status", *(HEADINGS[f] for f in FIGURES), "decisions", "cpu s")
    rows = [(str(r["replay"]), *(shown(r.get(a)) for a in table.axes), str(r.get("status")),
             *(figure(f, r.get(f)) for f in FIGURES), shown(r.get("decisions")),
             "-" if r.get("cpu_seconds") is None else f"{r['cpu_seconds']:.2f}") for r in table.rows]
    return header, rows


def _md_all(table: ResultsTable, links: dict[str, str]) -> list[str]:
    header, rows = _all_rows(table)
    rows = [(f"[{r[0]}]({links[r[0]]})" if r[0] in links else r[0], *r[1:]) for r in rows]
    return [_md_row(header), _md_row(tuple("---" for _ in header)), *(_md_row(r) for r in rows)]


def _html_table(header: tuple[str, ...], rows: list[tuple[str, ...]] | tuple[tuple[str, ...], ...],
                links: dict[str, str] | None = None) -> str:
    """A table whose headings sort it (SORTING); with `links`, a first cell named there links to its file."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in header)

    def first(cell: str) -> str:
        shown = html.escape(cell)
        return f"<a href=\"{html.escape(links[cell])}\">{shown}</a>" if links and cell in links else shown

    body = "".join("<tr>" + "".join(f"<td>{first(c) if i == 0 else html.escape(c)}</td>" for i, c in enumerate(r))
                   + "</tr>" for r in rows)
    return f"<table class=\"sortable\">\n<thead><tr>{head}</tr></thead>\n<tbody>{body}</tbody>\n</table>"


STYLE = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
         "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}th{background:#eee;cursor:pointer}"
         "th[aria-sort=ascending]::after{content:' \\25B2'}th[aria-sort=descending]::after{content:' \\25BC'}")
# Hand-written: a click on a heading sorts its table by that column, numbers as numbers (a `%` after them is
# ignored), `-` (nothing to measure) always last; a second click reverses the order.
SORTING = """
for (const table of document.querySelectorAll("table.sortable")) {
  const heads = table.tHead.rows[0].cells;
  for (let c = 0; c < heads.length; c++) {
    heads[c].addEventListener("click", () => {
      const up = heads[c].getAttribute("aria-sort") !== "ascending";
      for (const h of heads) h.removeAttribute("aria-sort");
      heads[c].setAttribute("aria-sort", up ? "ascending" : "descending");
      const value = (row) => {
        const text = row.cells[c].textContent.trim(), n = Number(text.replace(/%$/, ""));
        return text === "-" ? null : text !== "" && !Number.isNaN(n) ? n : text;
      };
      const rows = Array.from(table.tBodies[0].rows);
      rows.sort((a, b) => {
        const x = value(a), y = value(b);
        if (x === null || y === null) return (x === null) - (y === null);
        const order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
        return up ? order : -order;
      });
      table.tBodies[0].append(...rows);
    });
  }
}
"""


def html_text(table: ResultsTable, pngs: dict[str, bytes], links: dict[str, str] | None = None) -> str:
    title = html.escape(f"Sweep report: {Path(table.name).name}")
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>"
             f"<style>{STYLE}</style></head><body>", f"<h1>{title}</h1>", f"<p>{html.escape(headline(table))}</p>"]
    for found in tables(table):
        parts += [f"<h2>By {html.escape(found.axis)}</h2>", "<p>Means over the other axes; times in seconds.</p>",
                  _html_table(found.header, found.rows)]
        if found.axis in pngs:
            data = base64.b64encode(pngs[found.axis]).decode("ascii")
            parts.append(f"<img alt=\"wait and utilisation against {html.escape(found.axis)}\" "
                         f"src=\"data:image/png;base64,{data}\">")
    header, rows = _all_rows(table)
    parts += ["<h2>Every replay</h2>", _html_table(header, rows, links), f"<script>{SORTING}</script>",
              "</body></html>"]
    return "\n".join(parts) + "\n"
