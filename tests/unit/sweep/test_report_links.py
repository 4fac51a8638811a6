"""The sweep report's tables sort by a click on a heading (HTML, in a real browser), and a replay whose --sim-output
file was kept links to it (HTML and Markdown), the link relative to wherever the report is written."""

from __future__ import annotations

from pathlib import Path

from refsim.sweep.report import html_text, markdown_text, run_links, write_report
from refsim.sweep.table import read_results
from tests.support.browser import Page

# Three replays of the discipline axis; replays 1 and 3 kept their --sim-output files in runs/.
RESULTS = """\
replay,recording,discipline,status,wait_mean,utilisation,sim_output
r1,a.yaml,greedy,ok,30.0,0.5,runs/r1.jsonl.gz
r2,a.yaml,strict,ok,5.0,0.25,
r3,a.yaml,easy,ok,100.0,0.75,runs/r3 x.jsonl.gz
"""


def _report(tmp_path: Path, name: str) -> str:
    """The report (no plots: they are not what is checked here) written in reports/, the results in results/."""
    (tmp_path / "results").mkdir()
    results = tmp_path / "results" / "results.csv"
    results.write_text(RESULTS)
    (tmp_path / "reports").mkdir()
    report = tmp_path / "reports" / name
    table = read_results(results)
    links = run_links(table, results, report)
    report.write_text(markdown_text(table, {}, links) if name.endswith(".md") else html_text(table, {}, links))
    return str(report)


def test_replays_link_to_their_kept_runs(tmp_path: Path):
    """The report is in reports/, the runs in results/runs/: the links go up one folder and down, a space
    written %20; replay r2 kept nothing and links nowhere. Written by write_report, as sweep-report -o does."""
    _report(tmp_path, "r.html")
    results = tmp_path / "results" / "results.csv"
    write_report(read_results(results), tmp_path / "reports" / "r.html", results)
    text = (tmp_path / "reports" / "r.html").read_text()
    assert '<td><a href="../results/runs/r1.jsonl.gz">r1</a></td>' in text
    assert '<td><a href="../results/runs/r3%20x.jsonl.gz">r3</a></td>' in text
    assert "<td>r2</td>" in text


def test_markdown_rows_link_too(tmp_path: Path):
    text = Path(_report(tmp_path, "r.md")).read_text()
    assert "| [r1](../results/runs/r1.jsonl.gz) | greedy |" in text and "| r2 | strict |" in text


def test_a_click_on_a_heading_sorts_the_table(browser, tmp_path: Path):
    """The every-replay table, by wait mean: 5 (r2), 30 (r1), 100 (r3) ascending; a second click reverses it.
    Numbers sort as numbers: as text, "100.0" would come before "30.0"."""
    page = Page(browser, _report(tmp_path, "r.html"))
    table = page.page.locator("table.sortable").last

    def replays() -> list[str]:
        return [row.locator("td").first.text_content() for row in table.locator("tbody tr").all()]

    assert replays() == ["r1", "r2", "r3"]
    heading = table.locator("th", has_text="wait mean")
    heading.click()
    assert replays() == ["r2", "r1", "r3"] and heading.get_attribute("aria-sort") == "ascending"
    heading.click()
    assert replays() == ["r3", "r1", "r2"]
    assert page.errors == []
    page.close()
