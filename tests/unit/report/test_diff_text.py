"""The diff of two runs as a reader sees it: every line of the text, checked against runs worked out by hand."""

from refsim.report.diff import diff_runs
from refsim.report.diff_summary import diff_lines
from tests.unit.report.conftest import SMALL, record
from tests.unit.report.test_diff import THREE_HOSTS

# A (conftest.SMALL, 2 hosts) against B (a third host): the changes and moved starts are worked out in test_diff.py.
# The metrics of B by hand: high (job 3) waits 0 and runs 50: slowdown 1, utilisation 50/(3 x 120) = 13.9%,
# makespan 70 - 20 = 50. normal: waits 0 (job 1), 0 (job 2), 70 (job 4): mean 23.3, median 0, p95 rank 3 = 70;
# slowdowns 1, max(1, 5/10) = 1, (70 + 20)/20 = 4.5: mean 2.17; utilisation (200 + 5 + 40)/360 = 68.1%.
# Overall: waits 0, 0, 0, 70: mean 17.5, median 0; slowdowns 1, 1, 1, 4.5: mean 1.875; 295/360 = 81.9%.
# Of the 19 changes, 7 are of decisions both runs have (pend -> dispatch 3, pend -> pend 4); the other 12 are at a
# time or of a job one run alone has. Starts of the four jobs started in both move by 0 (job 1), 90, 80 and 50 s:
# two within a minute (0 and 50), mean 220/4 = 55.0, p95 the 4th of 4 by nearest rank = 90.0.
A_TO_B = """\
A: A.jsonl
B: B.jsonl
decisions at the same session time in both: 8; changed: 7; in one run only: 12
  dispatch -> none: 3
  none -> pend: 1
  pend -> dispatch: 3
  pend -> none: 8
  pend -> pend, other reasons: 4
jobs started earlier in B (top 3):
  job 2: 100.0 -> 10.0 (-90.0)
  job 3: 100.0 -> 20.0 (-80.0)
  job 4: 150.0 -> 100.0 (-50.0)
jobs started later in B: none
starts of jobs started in both (4): 50.0% within a minute; |B - A| mean 55.0, p95 90.0
metrics (A -> B, change):
  high: wait mean 80.0 -> 0.0 (-80.0); median 80.0 -> 0.0 (-80.0); p95 80.0 -> 0.0 (-80.0); \
max 80.0 -> 0.0 (-80.0); bsld mean 2.60 -> 1.00 (-1.60); bsld max 2.60 -> 1.00 (-1.60); \
util 14.7% -> 13.9% (-0.8 points); makespan 130.0 -> 50.0 (-80.0)
  normal: wait mean 70.0 -> 23.3 (-46.7); median 90.0 -> 0.0 (-90.0); p95 120.0 -> 70.0 (-50.0); \
max 120.0 -> 70.0 (-50.0); bsld mean 5.83 -> 2.17 (-3.67); bsld max 9.50 -> 4.50 (-5.00); \
util 72.1% -> 68.1% (-4.0 points); makespan 170.0 -> 120.0 (-50.0)
  (all): wait mean 72.5 -> 17.5 (-55.0); median 85.0 -> 0.0 (-85.0); p95 120.0 -> 70.0 (-50.0); \
max 120.0 -> 70.0 (-50.0); bsld mean 5.03 -> 1.88 (-3.15); bsld max 9.50 -> 4.50 (-5.00); \
util 86.8% -> 81.9% (-4.8 points); makespan 170.0 -> 120.0 (-50.0)"""


def test_the_whole_diff_text_of_a_what_if(tmp_path, small_run):
    """Kills: report/diff_summary.py:diff_lines's headings (`A: `, `B: `, the decision counts, the moved-jobs
    titles, `metrics (A -> B, change):`) and figures mutated, and _signed's sign or `points` for utilisation."""
    found = diff_runs(small_run, record(tmp_path, THREE_HOSTS, "three"))
    assert "\n".join(diff_lines(found, "A.jsonl", "B.jsonl")) == A_TO_B


def test_jobs_that_start_later_in_b_are_listed_with_a_plus(tmp_path, small_run):
    """The same runs the other way round: every move is later, with a `+`. Kills: report/diff_summary.py:_signed
    giving a delay the sign of an advance, and diff_lines's `started later` title mutated."""
    lines = diff_lines(diff_runs(record(tmp_path, THREE_HOSTS, "three"), small_run), "B.jsonl", "A.jsonl")
    assert lines[8:13] == ["jobs started earlier in B: none", "jobs started later in B (top 3):",
                           "  job 2: 10.0 -> 100.0 (+90.0)", "  job 3: 20.0 -> 100.0 (+80.0)",
                           "  job 4: 100.0 -> 150.0 (+50.0)"]
    assert lines[-1].startswith("  (all): wait mean 17.5 -> 72.5 (+55.0);")
    assert "util 81.9% -> 86.8% (+4.8 points)" in lines[-1]


# One one-slot host, two queues. Jobs 1 (normal) and 2 (late) are submitted at 0 and each runs 10 s. In A job 1
# runs 0..10 and job 2 10..20 (span 0..20). In B job 2 is removed at 5 while it pends, so the run ends at 10 when
# job 1 finishes. Decisions at the same time in both: t=0 job 1 dispatch, job 2 pend; A alone has job 2's dispatch
# at 10. Figures: late in A waited 10, slowdown (10 + 10)/10 = 2, utilisation 10/20, makespan 20; in B it never
# started (no wait, slowdown or makespan: '-'). normal uses the one slot for 10 of 20 s in A, of 10 s in B.
# Overall: utilisation 20/20 against 10/10 (no change, so not listed), waits 0 and 10 against 0.
TWO_QUEUES = """
cluster:
  hosts:
    - {name: a, slots: 1}
  queues:
    - {name: normal, priority: 10}
    - {name: late, priority: 10}
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, queue: late, run_time: 10}}
"""
REMOVED = TWO_QUEUES + "  - {time: 5, remove: 2}\n"


def test_a_job_started_in_one_run_only(tmp_path):
    """Kills: report/diff_summary.py:diff_lines's line of the jobs started in one run only (dropped, its text
    mutated, or shown only when both counts are non-zero), and a figure missing in B shown with a change."""
    started, removed = record(tmp_path, TWO_QUEUES, "started"), record(tmp_path, REMOVED, "removed")
    assert diff_lines(diff_runs(started, removed), "A", "B") == [
        "A: A", "B: B", "decisions at the same session time in both: 2; changed: 0; in one run only: 1",
        "  dispatch -> none: 1",
        "jobs started earlier in B: none", "jobs started later in B: none",
        "jobs started in A only: 1; in B only: 0",
        "starts of jobs started in both (1): 100.0% within a minute; |B - A| mean 0.0, p95 0.0",
        "metrics (A -> B, change):",
        "  late: started 1 -> 0 (-1); finished 1 -> 0 (-1); wait mean 10.0 -> -; median 10.0 -> -; p95 10.0 -> -; "
        "max 10.0 -> -; bsld mean 2.00 -> -; bsld max 2.00 -> -; util 50.0% -> 0.0% (-50.0 points); "
        "makespan 20.0 -> -",
        "  normal: util 50.0% -> 100.0% (+50.0 points)",
        "  (all): started 2 -> 1 (-1); finished 2 -> 1 (-1); wait mean 5.0 -> 0.0 (-5.0); median 5.0 -> 0.0 (-5.0); "
        "p95 10.0 -> 0.0 (-10.0); max 10.0 -> 0.0 (-10.0); bsld mean 1.50 -> 1.00 (-0.50); "
        "bsld max 2.00 -> 1.00 (-1.00); makespan 20.0 -> 10.0 (-10.0)"]
    assert "jobs started in A only: 0; in B only: 1" in diff_lines(diff_runs(removed, started), "A", "B")


def test_a_run_against_itself_reads_no_change(tmp_path):
    """Kills: report/diff_summary.py:diff_lines's `no change` mutated or shown for a group whose figures
    differ. A run has 3 decisions (job 1 dispatched and job 2 pending at 0, job 2 dispatched at 10), all the same."""
    started = record(tmp_path, TWO_QUEUES, "started")
    assert diff_lines(diff_runs(started, started), "x", "x") == [
        "A: x", "B: x", "decisions at the same session time in both: 3; changed: 0",
        "jobs started earlier in B: none", "jobs started later in B: none",
        "starts of jobs started in both (2): 100.0% within a minute; |B - A| mean 0.0, p95 0.0",
        "metrics (A -> B, change):",
        "  late: no change", "  normal: no change", "  (all): no change"]


def test_the_whole_json_diff_of_a_job_started_in_one_run_only(tmp_path):
    """The same runs as JSON (figures worked out at TWO_QUEUES; JSON sorts its keys). Kills: report/diff_summary.py:
    diff_data's keys mutated, and summary.py:metrics_data's."""
    import json

    from click.testing import CliRunner

    from refsim.cli import main

    started, removed = record(tmp_path, TWO_QUEUES, "started"), record(tmp_path, REMOVED, "removed")
    data = json.loads(CliRunner().invoke(main, ["diff", started, removed, "--json"]).stdout)
    never = dict.fromkeys(["bsld_max", "bsld_mean", "makespan", "wait_max", "wait_mean", "wait_median", "wait_p95"])
    once = {"bsld_max": 1.0, "bsld_mean": 1.0, "finished": 1, "jobs": 1, "makespan": 10, "started": 1,
            "utilisation": 1.0, "wait_max": 0, "wait_mean": 0.0, "wait_median": 0, "wait_p95": 0}
    metrics = data.pop("metrics")
    assert data == {"a": started, "b": removed,
                    "decisions": {"by_kind": {"dispatch -> none": 1}, "changed": 0, "compared": 2,
                                  "one_run_only": 1},
                    "starts": {"jobs": 1, "within_minute": 1.0, "abs_difference_mean": 0.0,
                               "abs_difference_p95": 0.0},
                    "started_earlier_in_b": [], "started_later_in_b": [], "started_only_in_a": 1,
                    "started_only_in_b": 0}
    assert metrics["b"] == {"all": {**once, "jobs": 2}, "span": {"end": 10, "slots": 1, "start": 0},
                            "queues": {"late": {**never, "finished": 0, "jobs": 1, "started": 0, "utilisation": 0.0},
                                       "normal": once}}
    assert metrics["b_minus_a"]["late"] == {**never, "finished": -1, "jobs": 0, "started": -1, "utilisation": -0.5}
    assert list(metrics["b_minus_a"]) == ["(all)", "late", "normal"]
