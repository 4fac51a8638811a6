"""The explorer's page in a real browser (headless Chromium through Playwright): what a person sees and clicks.
The page is SMALL (tests/unit/report/conftest.py) replayed with a full JSON trace; positions on the timeline are
computed from its jobs, hosts and times: host a is the first row, b the second; the run spans 0 to 170 s."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from refsim.cli import main
from tests.support.browser import Page
from tests.support.explorer import traced_run
from tests.support.runfiles import write_run
from tests.unit.report.conftest import SMALL


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("explore")
    run, trace = traced_run(folder, SMALL, "small")
    result = CliRunner().invoke(main, ["explore", run, "--trace", trace, "--label", "two hosts", "-o",
                                       str(folder / "small.html")])
    assert result.exit_code == 0, result.output
    return str(folder / "small.html")


@pytest.fixture
def page(browser, page_file):
    opened = Page(browser, page_file)
    yield opened
    opened.close()
    assert opened.errors == []  # no console error or uncaught exception, whatever the test did


def _point(page, t: float, row: int) -> tuple[float, float]:
    """Where time `t` on timeline row `row` is drawn, from the page's own geometry (left margin, width, rows)."""
    g = page.page.evaluate("refsimExplorer.geometry()")
    return (g["left"] + (t - g["t0"]) / (g["t1"] - g["t0"]) * g["width"], g["top"] + (row + 0.5) * g["rowHeight"])


def test_the_jobs_table_sorts_and_filters(page):
    rows = page.page.locator("#jobs tbody tr")
    # as `report --jobs`: longest wait first, the never-started job 5 before all: 5, 4 (120 s), 2 (90), 3 (80), 1
    assert [r.get_attribute("data-job") for r in rows.all()] == ["5", "4", "2", "3", "1"]
    page.page.locator("#jobs th[data-key=id]").click()  # a text column sorts ascending first
    assert [r.get_attribute("data-job") for r in rows.all()] == ["1", "2", "3", "4", "5"]
    page.page.select_option("#queue-filter", "high")
    assert [r.get_attribute("data-job") for r in rows.all()] == ["3"]
    page.page.select_option("#queue-filter", "")
    page.page.select_option("#state-filter", "removed")
    assert [r.get_attribute("data-job") for r in rows.all()] == ["5"]
    page.page.select_option("#state-filter", "")
    page.page.fill("#min-wait", "85")  # waits of 90 and 120 s, and job 5 that never started
    assert sorted(r.get_attribute("data-job") for r in rows.all()) == ["2", "4", "5"]
    page.page.fill("#min-wait", "")
    page.page.fill("#search", "3")
    assert page.page.locator("#shown-count").text_content() == "showing 1 of 1 jobs (5 in the run)"


def test_a_job_clicked_in_the_table_shows_its_story(page):
    page.page.locator("#jobs tbody tr[data-job='4']").click()
    assert page.page.locator("#job-title").text_content() == "job 4: finished in queue normal"
    story = page.page.locator("#story").text_content()
    assert "started t=150 on a,b: waited 120 s" in story and "finally waited for: job 3 finished at t=150" in story
    # job 4 was traced in each session it was considered: rounds 4 to 8 pending, 9 dispatched
    assert page.page.locator("details.trace").count() == 6


def test_a_job_clicked_in_the_timeline_opens(page):
    """Job 3 ran on host a (row 0) from 100 to 150; job 2 on host b (row 1) from 100 to 105."""
    page.page.locator("#timeline").click(position=dict(zip("xy", _point(page, 125, 0))))
    assert page.page.locator("#job-title").text_content() == "job 3: finished in queue high"
    page.page.locator("#timeline").click(position=dict(zip("xy", _point(page, 102.5, 1))))
    assert page.page.locator("#job-title").text_content() == "job 2: finished in queue normal"
    assert page.page.locator("#jobs tbody tr.chosen").get_attribute("data-job") == "2"


def test_a_trace_tree_expands_down_to_host_verdicts(page):
    """Job 2's first trace (round 2): its one plan's one position saw hosts a and b both short of slots."""
    page.page.locator("#jobs tbody tr[data-job='2']").click()
    trace = page.page.locator("details.trace").first
    trace.locator("summary").first.click()
    assert trace.locator(":scope > summary").text_content() == "round 2, position 1: decision, pend"
    for key in ("requirements", "1", "plans", "1", "positions", "1", "hosts"):
        trace.locator(f"details[data-key='{key}']:visible > summary").last.click()
    hosts = trace.locator("details[data-key='hosts']")
    verdicts = hosts.locator(":scope > .children > details > summary .brief")
    assert verdicts.all_text_contents() == ["a: resource shortfall", "b: resource shortfall"]
    hosts.locator("input.host-search").fill("b")  # search the host list
    assert hosts.locator(":scope > .children > details:visible > summary .brief").all_text_contents() == \
        ["b: resource shortfall"]


def test_the_timeline_is_drawn_where_jobs_run(page):
    """Pixels of the screenshot: job 1 (queue normal, orange #f28e2b) fills host a at t=50; host b from 110 to
    150 is idle (job 2 ended at 105, job 4 starts at 150), so it is white."""
    canvas = page.page.locator("#timeline")
    image = _pixels(canvas.screenshot())
    busy_x, busy_y = _point(page, 50, 0)
    idle_x, idle_y = _point(page, 130, 1)
    assert _near(image[int(busy_y)][int(busy_x)], (0xF2, 0x8E, 0x2B))
    assert _near(image[int(idle_y)][int(idle_x)], (255, 255, 255))
    page.page.select_option("#colour", "wait")  # job 1 waited 0 s: green
    image = _pixels(canvas.screenshot())
    red, green, _ = image[int(busy_y)][int(busy_x)]
    assert green > 100 and red < 100


def test_the_timeline_zooms(page):
    page.page.click("#zoom-in")
    g = page.page.evaluate("refsimExplorer.geometry()")
    assert (g["t0"], g["t1"]) == (42.5, 127.5)  # half of 0..170 around its middle, 85
    assert page.page.locator("#range").text_content().startswith("zoomed: ")
    page.page.click("#zoom-reset")
    assert page.page.evaluate("refsimExplorer.geometry()")["t1"] == 170


def test_a_larger_run_is_drawn_within_seconds(browser, tmp_path):
    """2,000 jobs on 64 hosts: the page is made, opened and its timeline drawn within 5 s (the page marks the
    canvas once drawn)."""
    records: list[dict[str, object]] = []
    for n in range(2000):
        host, start = n % 64, (n // 64) * 10
        records += [{"kind": "submit", "job": str(n), "queue": "q", "time": start},
                    {"kind": "dispatch", "job": str(n), "round": n + 1, "position": 1, "time": start,
                     "allocation": {"hosts": [{"host": f"h{host}", "resources": {"slots": 1}}]}},
                    {"kind": "finish", "job": str(n), "time": start + 10}]
    run = write_run(tmp_path / "big.jsonl", [*records, {"kind": "end", "time": 320, "start": 0, "slots": 64}])
    assert CliRunner().invoke(main, ["explore", run, "-o", str(tmp_path / "big.html")]).exit_code == 0
    began = time.monotonic()
    opened = Page(browser, str(tmp_path / "big.html"))
    opened.page.wait_for_selector("#timeline[data-drawn]", timeout=5000)
    assert time.monotonic() - began < 5
    assert opened.page.locator("#shown-count").text_content() == "showing 200 of 2000 jobs (2000 in the run)"
    opened.page.locator("#jobs th[data-key=id]").click()  # ids sort with their numbers as numbers: not 0, 1, 10
    rows = opened.page.locator("#jobs tbody tr")
    assert [rows.nth(i).get_attribute("data-job") for i in range(3)] == ["0", "1", "2"]
    # Made without --trace. Every job waited 0 s, so the 500 longest waits are the first 500 submitted (ties keep
    # submission order): job 1999's story is not held.
    opened.page.fill("#search", "1999")
    rows.first.click()
    assert opened.page.locator("#traces h3").text_content() == \
        "no traced decision of this job (the page was made without --trace)"
    assert opened.page.locator("#story").text_content().startswith("Story not held in this page")
    assert opened.errors == []
    opened.close()


def _pixels(png: bytes):
    import io

    from matplotlib.image import imread

    return (imread(io.BytesIO(png), format="png")[:, :, :3] * 255).round().astype(int).tolist()


def _near(pixel, colour, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def test_a_run_without_jobs_opens_without_an_error(browser, tmp_path):
    """Nothing to draw or list: an empty timeline and table, no script error."""
    run = write_run(tmp_path / "empty.jsonl", [{"kind": "end", "time": 0, "start": 0, "slots": 4}])
    assert CliRunner().invoke(main, ["explore", run, "-o", str(tmp_path / "empty.html")]).exit_code == 0
    opened = Page(browser, str(tmp_path / "empty.html"))
    assert opened.page.locator("#shown-count").text_content() == "showing 0 of 0 jobs (0 in the run)"
    assert opened.errors == []
    opened.close()
