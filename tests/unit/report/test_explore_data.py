"""The explorer's data, read from a run worked by hand (tests/unit/report/conftest.py, SMALL): what the page holds
for each job, its hosts and state, the series, the stories and traces; and the page around it."""

from __future__ import annotations

import json
import re

import pytest

from refsim.report import explore_data
from refsim.report.explore_data import explore, host_order, host_runs
from refsim.report.explore_page import page_text
from refsim.report.runfile import ReportError
from refsim.trace.reader import TraceFormatError
from tests.support.explorer import traced_run
from tests.support.runfiles import write_run
from tests.unit.report.conftest import SMALL


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return traced_run(tmp_path_factory.mktemp("explore"), SMALL, "small")


def test_each_job_as_the_run_went(small):
    """SMALL's story (conftest): job 1 on a and b from 0 to 100; 3 on a and 2 on b from 100 (2 finishes at 105,
    3 at 150); 4 on both from 150 to 170; 5 removed at 60, never started. Hosts a, b are numbers 0, 1, so job
    1's hosts are the run (0, 2) and job 3's (0, 1)."""
    jobs = explore(small[0]).data["jobs"]
    assert jobs["id"] == ["1", "2", "3", "4", "5"]
    assert jobs["start"] == [0, 100, 100, 150, None]
    assert jobs["end"] == [100, 105, 150, 170, 60]
    assert jobs["hosts"] == [[0, 2], [1, 1], [0, 1], [0, 2], []]
    states = explore(small[0]).data["states"]
    assert [states[s] for s in jobs["state"]] == ["finished", "finished", "finished", "finished", "removed"]
    assert jobs["wait"] == [0, 90, 80, 120, None]
    assert jobs["waited"] == ["0s", "1m30s", "1m20s", "2m", None]  # in words, as `report --jobs` writes them


def test_the_series_and_span(small):
    """Pending after each time: 10 one (2), 20 two, 30 three, 40 four, 60 three (5 removed), 100 one (3 and 2
    started), 105 one, 150 none; slots busy 2 until 105, then 1 (job 3) until 150, then 2."""
    data = explore(small[0]).data
    assert data["span"] == {"start": 0, "end": 170, "slots": 2}
    series = data["series"]
    assert series["times"][:4] == [0, 10, 20, 30]
    assert dict(zip(series["times"], series["pending"]))[60] == 3
    assert dict(zip(series["times"], series["busy"]))[105] == 1


def test_stories_and_traces_by_job(small):
    run, trace = small
    found = explore(run, trace)
    assert found.data["stories"]["4"][1].startswith("  submitted t=30, started t=150 on a,b: waited 120 s")
    # job 2 pended in rounds 2 to 6 (the sessions at 10, 20, 30, 40, 60) and started in round 7: a trace each
    assert [t["round"] for t in found.data["traces"]["2"]] == [2, 3, 4, 5, 6, 7]
    assert found.traced == sum(len(v) for v in found.data["traces"].values()) == 19


def test_a_large_run_tells_the_longest_waits_and_the_traced(small, monkeypatch):
    """With room for two stories, the two longest waits are told: 5 (never started counts as longest) and 4
    (120 s), in the order of `report --jobs`."""
    monkeypatch.setattr(explore_data, "STORIES", 2)
    assert list(explore(small[0]).data["stories"]) == ["5", "4"]


def test_host_order_and_runs():
    assert host_order(["n10", "n2", "a", "n2"]) == ["a", "n2", "n10"]  # numbers compare as numbers
    assert host_runs([5, 3, 4, 9]) == [3, 3, 9, 1]
    assert host_runs([]) == []


def test_no_text_in_the_data_can_close_the_script(tmp_path):
    """A queue named `</script>` would end the data's element early; it is written escaped."""
    run = write_run(tmp_path / "r.jsonl", [
        {"kind": "submit", "job": "1", "queue": "</script><b>", "time": 0},
        {"kind": "end", "time": 1, "start": 0, "slots": 1}])
    text = page_text(explore(run).data, "x")
    data = re.search(r'<script type="application/json" id="run-data">(.*?)</script>', text, re.S).group(1)
    assert json.loads(data)["queues"] == ["</script><b>"]


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_a_time_that_is_not_finite_is_named(tmp_path, value):
    path = tmp_path / "r.jsonl"
    path.write_text('{"format": "refsim-sim-output", "version": 2}\n'
                    f'{{"kind": "submit", "job": "7", "queue": "q", "time": {value}}}\n')
    with pytest.raises(ReportError, match=r"line 2: not accepted as JSON: -?(NaN|Infinity) is not a number JSON allows"):
        explore(str(path))


def test_an_end_before_its_start_is_named(tmp_path):
    run = write_run(tmp_path / "r.jsonl", [{"kind": "end", "time": 5, "start": 10, "slots": 1}])
    with pytest.raises(ReportError, match="the end record ends at 5, before its start 10"):
        explore(run)


def test_a_trace_that_is_not_one_is_named(small, tmp_path):
    bad = tmp_path / "t.jsonl"
    bad.write_text('{"format": "refsim-trace"}\n')
    with pytest.raises(TraceFormatError, match=r"^.*t\.jsonl: line 1: "):
        explore(small[0], bad)


def test_the_page_is_the_same_whatever_the_hash_seed(small, tmp_path):
    """Two processes with different hash seeds write byte-identical pages."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    pages = []
    for seed in ("0", "1"):
        page = tmp_path / f"page-{seed}.html"
        subprocess.run([sys.executable, "-m", "refsim", "explore", small[0], "--trace", small[1], "-o", str(page)],
                       check=True, capture_output=True, timeout=60,
                       env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)})
        pages.append(page.read_bytes())
    assert pages[0] == pages[1]
