"""The diff of two runs, checked against a what-if worked out by hand: the small run (conftest.SMALL, 2 hosts) as
A, and the same recording with a third one-slot host as B."""

import json

import pytest

from refsim.report.diff import change_kind, diff_runs
from refsim.report.diff_summary import diff_data, diff_lines
from tests.unit.report.conftest import SMALL, record

THREE_HOSTS = SMALL.replace("    - {name: b, slots: 1}\n", "    - {name: b, slots: 1}\n    - {name: c, slots: 1}\n")


@pytest.fixture
def runs(tmp_path, small_run):
    return small_run, record(tmp_path, THREE_HOSTS, "three")


# B by hand: t=0 job 1 starts on a+b; t=10 job 2 starts on c, finishes at 15; t=20 job 3 starts on c, finishes at
# 70; job 4 (2 tasks) pends at 30, 40, 60, 70 and starts at 100 when job 1 ends, finishing at 120; job 5 pends at
# 40 and is removed at 60. A's sessions and decisions are in conftest.SMALL.
#
# Matched by (time, job): t=0 job 1 dispatch in both, same hosts (the same);
#   t=10  job 2 pend -> dispatch
#   t=20  job 3 pend -> dispatch; job 2 pend -> none
#   t=30  job 4 pend -> pend, other reasons (B names host c too); jobs 3, 2 pend -> none
#   t=40  jobs 4, 5 other reasons; jobs 3, 2 pend -> none
#   t=60  job 4 other reasons; jobs 3, 2 pend -> none
#   t=70  job 4 none -> pend (A has no session at 70)
#   t=100 job 4 pend -> dispatch; jobs 3, 2 dispatch -> none
#   t=105 job 4 pend -> none;  t=150 job 4 dispatch -> none
CHANGES = {"pend -> dispatch": 3, "pend -> none": 8, "pend -> pend, other reasons": 4, "none -> pend": 1,
           "dispatch -> none": 3}


def test_changed_decisions_by_kind(runs):
    found = diff_runs(*runs)
    assert found.changes == dict(sorted(CHANGES.items()))
    # in both: t=0 job 1, t=10 job 2, t=20 job 3, t=30 job 4, t=40 jobs 4 and 5, t=60 job 4, t=100 job 4
    assert found.compared == 8


def test_moved_starts(runs):
    found = diff_runs(*runs)
    # starts A -> B: job 2 100 -> 10, job 3 100 -> 20, job 4 150 -> 100; job 1 0 -> 0 did not move
    assert [(m.job, m.start_a, m.start_b, m.delta) for m in found.earlier] == \
        [("2", 100, 10, -90), ("3", 100, 20, -80), ("4", 150, 100, -50)]
    assert found.later == () and found.started_only == (0, 0)
    reverse = diff_runs(*reversed(runs))
    assert [(m.job, m.delta) for m in reverse.later] == [("2", 90), ("3", 80), ("4", 50)] and reverse.earlier == ()


def test_metric_deltas(runs):
    deltas = diff_runs(*runs).deltas()
    assert list(deltas) == ["high", "normal", "(all)"]
    # B's waits: jobs 1, 2, 3 none, job 4 100-30 = 70 -> mean 17.5 against A's 72.5; makespan 120 against 170
    assert deltas["(all)"]["wait_mean"] == -55 and deltas["(all)"]["makespan"] == -50
    assert deltas["(all)"]["wait_median"] == -85  # (0+0)/2 against (80+90)/2
    # utilisation: the same 295 slot-seconds over 3 x 120 instead of 2 x 170
    assert deltas["(all)"]["utilisation"] == pytest.approx(295 / 360 - 295 / 340)
    assert deltas["high"]["bsld_mean"] == pytest.approx(1 - 2.6) and deltas["normal"]["jobs"] == 0


def test_a_run_against_itself_changes_nothing(small_run):
    found = diff_runs(small_run, small_run)
    assert found.changes == {} and found.earlier == found.later == ()
    assert all(v in (0, None) for group in found.deltas().values() for v in group.values())


def test_change_kind_names_other_hosts():
    a = {"kind": "dispatch", "allocation": {"hosts": [{"host": "a"}]}, "round": 1, "position": 1}
    b = {**a, "allocation": {"hosts": [{"host": "b"}]}, "round": 7, "position": 2}
    assert change_kind(a, b) == "dispatch -> dispatch, other allocation"
    assert change_kind(a, {**a, "round": 9, "position": 3}) is None  # round and position are not compared


def test_text_and_json(runs):
    found = diff_runs(*runs)
    lines = diff_lines(found, "A.jsonl", "B.jsonl")
    assert "  pend -> none: 8" in lines and "  job 2: 100.0 -> 10.0 (-90.0)" in lines
    assert any(line.startswith("  (all): wait mean 72.5 -> 17.5 (-55.0); median 85.0 -> 0.0 (-85.0)") for line in lines)
    data = json.loads(json.dumps(diff_data(found, "A.jsonl", "B.jsonl")))
    # 19 changes: 7 of decisions both runs have, 12 of decisions one run alone has (test_diff_text.py)
    assert data["decisions"] == {"compared": 8, "changed": 7, "one_run_only": 12,
                                 "by_kind": dict(sorted(CHANGES.items()))}
    assert data["started_earlier_in_b"][0] == {"job": "2", "start_a": 100, "start_b": 10, "delta": -90}
    assert data["metrics"]["b_minus_a"]["(all)"]["makespan"] == -50


def test_the_json_diff_holds_each_runs_metrics_under_its_side(runs):
    """Kills: report/diff_summary.py:diff_data's key `b` of the metrics mutated (B's own figures would be lost to
    a reader of the JSON). A (2 hosts) runs from 0 to 170 (job 4 ends), B (3 hosts) from 0 to 120, as worked out
    above."""
    data = json.loads(json.dumps(diff_data(diff_runs(*runs), "A.jsonl", "B.jsonl")))
    assert (data["a"], data["b"]) == ("A.jsonl", "B.jsonl")
    assert sorted(data["metrics"]) == ["a", "b", "b_minus_a"]
    assert data["metrics"]["a"]["span"] == {"start": 0, "end": 170, "slots": 2}
    assert data["metrics"]["b"]["span"] == {"start": 0, "end": 120, "slots": 3}
