"""`refsim report RUN --jobs`: every job's row from the run output alone (docs/report.md, "Jobs").

OVERTAKE, worked by hand (greedy, one host h of 2 slots; sessions at every submit and finish):
- t=0 job 1 (1 task, runs 100) starts: wait 0, bsld max(1, 100 / 100) = 1.00.
- t=5 job 2 (2 tasks, runs 10) pends: 1 slot free (resource-shortfall: slots). t=7 job 5 (3 tasks) pends: 2 slots
  is all h has, so no plan can be made for it (no-plan) and it never starts. t=10 job 3 (1 task, runs 30) takes
  the free slot at once: it overtakes jobs 2 and 5.
- Job 2 pends at t=5, 7, 10, 40 (job 3 ends; job 1 still holds a slot), 50, 55 and starts at t=100 when job 1
  ends: 6 sessions, wait 95 (1m35s), bsld max(1, (95 + 10) / max(10, 10)) = 10.50; overtaken by jobs 3 and 4.
- t=50 job 4 (1 task, runs 5) starts at once (overtaking jobs 2 and 5) and ends at 55.
- Job 5 pends in every session from t=7 on: 7, 10, 40, 50, 55, 100, 110 (7 sessions), never starts, and is
  overtaken by jobs 3 and 4 (submitted after it, started)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from refsim.report.jobs import overtaken_counts
from tests.support.cli import run

OVERTAKE = """\
cluster:
  hosts:
    - {name: h, slots: 2}
events:
  - {time: 0, submit: {id: 1, tasks: 1, run_time: 100}}
  - {time: 5, submit: {id: 2, tasks: 2, run_time: 10}}
  - {time: 7, submit: {id: 5, tasks: 3, run_time: 10}}
  - {time: 10, submit: {id: 3, tasks: 1, run_time: 30}}
  - {time: 50, submit: {id: 4, tasks: 1, run_time: 5}}
"""

# Sorted by wait: job 5 (never started, still waiting) first, then job 2 (95), then the jobs that did not wait
# in submission order (1, 3, 4).
TABLE = """\
job  queue   tasks  submit  start  wait  waited   bsld  sessions  overtaken  most frequent pend reason
5    normal      -       7      -     -       -      -         7          2  no-plan: needs 3 tasks but the open hosts have 2 slots in all
2    normal      2       5    100    95   1m35s  10.50         6          2  resource-shortfall: slots
1    normal      1       0      0     0      0s   1.00         0          0  -
3    normal      1      10     10     0      0s   1.00         0          0  -
4    normal      1      50     50     0      0s   1.00         0          0  -
"""


@pytest.fixture(scope="module")
def overtake(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("overtake")
    recording = folder / "overtake.yaml"
    recording.write_text(OVERTAKE)
    output = folder / "overtake.jsonl"
    result = run("sim", str(recording), "--sim-output", str(output))
    assert result.exit_code == 0, result.output
    return str(output)


def test_the_table_of_jobs_sorted_by_wait(overtake):
    result = run("report", overtake, "--jobs")
    assert result.exit_code == 0, result.output
    assert result.output == TABLE


@pytest.mark.parametrize(("key", "order"), [
    ("wait", ["5", "2", "1", "3", "4"]), ("sessions", ["5", "2", "1", "3", "4"]),
    ("overtaken", ["2", "5", "1", "3", "4"]), ("bsld", ["2", "1", "3", "4", "5"]),
    ("tasks", ["2", "1", "3", "4", "5"]), ("submit", ["1", "2", "5", "3", "4"]),
    ("start", ["1", "3", "4", "2", "5"]), ("queue", ["1", "2", "5", "3", "4"])])
def test_each_sort_key_orders_as_documented(overtake, key, order):
    """Largest first for wait, bsld, sessions, overtaken and tasks; ascending for submit, start and queue; a
    figure the file does not tell (job 5's start, bsld and tasks) last, but first for wait (still waiting); ties in
    submission order (1, 2, 5, 3, 4)."""
    result = run("report", overtake, "--jobs", "--sort", key, "--json")
    assert result.exit_code == 0, result.output
    assert [row["job"] for row in json.loads(result.output)] == order


def test_top_keeps_the_first_rows_and_json_has_every_field(overtake):
    result = run("report", overtake, "--jobs", "--top", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [
        {"job": "5", "queue": "normal", "tasks": None, "submit": 7, "start": None, "wait": None, "bsld": None,
         "sessions": 7, "overtaken": 2, "reason": "no-plan: needs 3 tasks but the open hosts have 2 slots in all"},
        {"job": "2", "queue": "normal", "tasks": 2, "submit": 5, "start": 100, "wait": 95, "bsld": 10.5,
         "sessions": 6, "overtaken": 2, "reason": "resource-shortfall: slots"}]


def test_csv_has_a_header_and_empty_cells_for_what_the_file_does_not_tell(overtake):
    result = run("report", overtake, "--jobs", "--csv", "--sort", "submit")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0] == ["job", "queue", "tasks", "submit", "start", "wait", "bsld", "sessions", "overtaken", "reason"]
    assert rows[1] == ["1", "normal", "1", "0", "0", "0", "1", "0", "0", ""]
    assert rows[3] == ["5", "normal", "", "7", "", "", "", "7", "2",
                       "no-plan: needs 3 tasks but the open hosts have 2 slots in all"]


@pytest.mark.parametrize(("args", "message"), [
    (["--top", "0"], "--top"), (["--top", "-1"], "--top"), (["--top", "x"], "--top"),
    (["--sort", "nope"], "--sort"), (["--json", "--csv"], "--json"),
])
def test_bad_options_are_refused_in_one_line(overtake, args, message):
    result = run("report", overtake, "--jobs", *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("args", [["--sort", "wait"], ["--top", "3"], ["--csv"]])
def test_job_list_options_without_jobs_are_refused(overtake, args):
    result = run("report", overtake, *args)
    assert result.exit_code == 2
    assert "--jobs" in result.output


def test_overtaken_counts_match_the_pairs_counted_one_by_one():
    """The Fenwick count against the definition, on starts with ties, jobs that never started and repeats:
    for each job, the later jobs with a strictly earlier start (never = later than every start)."""
    starts = [5, None, 3, 3, 7, None, 1, 5, 0, None, 2]
    expected = [sum(1 for later in starts[i + 1:] if later is not None and (s is None or later < s))
                for i, s in enumerate(starts)]
    assert overtaken_counts(starts) == expected
    assert overtaken_counts([]) == []
