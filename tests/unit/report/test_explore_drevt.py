"""The explorer on a DR_EVT trace replayed under each dispatching discipline: every job is on the page with the
nodes it was given, and the page knows the run's epoch (a DR_EVT trace's times are Unix seconds), so it shows
dates; under easy, the page opens in a browser without an error."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from refsim.importers.drevt import drevt_recording
from refsim.report.explore_data import explore
from refsim.report.explore_page import page_text
from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from
from tests.support.browser import Page
from tests.support.drevt import write_trace

# Four nodes from 2024-01-01 00:00 UTC (1704067200): a 3-node job, then a 4-node one that must wait for it, then
# small jobs that backfilling disciplines may start in the gap.
TRACE = ("job_submit_time,num_nodes,queue,time_limit,actual_run_time\n"
         "1704067200,3,pbatch,100,100\n1704067210,4,pbatch,50,50\n1704067220,1,pbatch,30,30\n"
         "1704067230,1,pbatch,500,500\n1704067240,2,pbatch,20,20\n")
NODES = (3, 4, 1, 1, 2)


def _run(tmp_path, discipline: str) -> str:
    document, _ = drevt_recording(write_trace(tmp_path, TRACE), 4)
    output = tmp_path / f"{discipline}.jsonl"
    run_batch(replace(recording_from(document, "trace"), discipline=discipline), output=output)
    return str(output)


@pytest.mark.parametrize("discipline", list(DISCIPLINES))
def test_every_job_with_its_nodes_and_dates(tmp_path, discipline):
    data = explore(_run(tmp_path, discipline)).data
    jobs = data["jobs"]
    assert len(jobs["id"]) == 5 and None not in jobs["start"]  # every job ran by the end
    assert [sum(runs[1::2]) for runs in jobs["hosts"]] == list(NODES)  # (first, count) pairs
    assert data["epoch"] == {"unix": 0, "timezone": "UTC"}
    assert jobs["submitDate"][0].startswith("2024-01-01 00:00:00")


def test_the_easy_page_opens_without_an_error(browser, tmp_path):
    run = _run(tmp_path, "easy")
    page_file = tmp_path / "easy.html"
    page_file.write_text(page_text(explore(run).data, "easy"))
    data = json.loads(re.search(r'id="run-data">(.*?)</script>', page_file.read_text(), re.S).group(1))
    page = Page(browser, str(page_file))
    assert page.page.locator("#jobs tbody tr").count() == 5
    # the time axis is labelled with dates: the run starts at 2024-01-01 00:00 UTC
    assert page.page.locator("#range").text_content().startswith(data["jobs"]["submitDate"][0][:16])
    assert page.errors == []
    page.close()
