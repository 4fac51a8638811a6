"""The JSON trace's discipline object says what the text trace's discipline section says, in raw numbers and codes
(docs/trace.md, "Discipline section"; docs/trace.schema.json): compared whole for four jobs under each backfilling
discipline, on a case small enough to work out by hand."""

from __future__ import annotations

import pytest

from tests.support.console import json_traces

# Two one-slot hosts, four jobs at t=0 in one round:
# job 1 (1 task, run limit 100) starts on h1 as the head (no job ahead of it waits);
# job 2 (2 tasks, run limit 10) does not fit now: it reserves h1 and h2 from t=100 (job 1's release) to t=110;
# job 3 (1 task, run limit 50) fits on h2 and ends at t=50, before job 2's planned start;
# job 4 (1 task, no run limit) does not fit now (both hosts busy once job 3 started).
def _recording(discipline: str) -> dict:
    return {"scheduling": {"discipline": discipline},
            "cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
            "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
                       {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 10, "run_limit": 10}},
                       {"time": 0, "submit": {"id": 3, "tasks": 1, "run_time": 50, "run_limit": 50}},
                       {"time": 0, "submit": {"id": 4, "tasks": 1, "run_time": 50}}]}


def _on(*hosts: str) -> dict:
    return {"hosts": [{"host": h, "resources": {"slots": 1}, "limit_charges": []} for h in hosts], "shared": {},
            "limit_charges": []}


def _ruling(name: str, run_limit: int | None, fits: bool, started: bool, **fields) -> dict:
    ruling = {"name": name, "now": 0, "run_limit": run_limit, "fits": fits, "started": started, "moved": False,
              "rule": None, "reservation": None, "protects": [], "inclusive": name == "easy", "delays": None,
              "blocked_by": None, "extra_placed": None, "ahead": []}
    return ruling | fields


# job 2's backfill reservation: [100, 110) on both hosts, found from job 1's release at t=0 + 100
RESERVED_2 = {"planned_start": 100, "end": 110, "allocation": _on("h1", "h2"), "releases": [{"job": "1", "end": 100}],
              "around": [], "placed_again": []}
PROTECTS_2 = [{"job": "2", "planned_start": 100, "end": 110}]

EXPECTED = {
    # easy: job 3 is backfilled (it ends at 50 <= 100, compared inclusively); job 4, with no run limit, does not fit
    # now and waits behind the one reservation (job 2's)
    "easy": [_ruling("easy", 100, True, True, rule="head"),
             _ruling("easy", 10, False, False, reservation=RESERVED_2),
             _ruling("easy", 50, True, True, rule="ends-before-planned-start", protects=PROTECTS_2),
             _ruling("easy", None, False, False, protects=PROTECTS_2)],
    # easy-drevt: as easy, but a backfilled job's end is compared with the planned start strictly (50 < 100)
    "easy-drevt": [_ruling("easy-drevt", 100, True, True, rule="head"),
                   _ruling("easy-drevt", 10, False, False, reservation=RESERVED_2),
                   _ruling("easy-drevt", 50, True, True, rule="ends-before-planned-start", protects=PROTECTS_2),
                   _ruling("easy-drevt", None, False, False, protects=PROTECTS_2)],
    # strict: no backfilling, so jobs 3 and 4 fit (h2 is free) but wait behind job 2, the first that did not fit
    "strict": [_ruling("strict", 100, True, True, rule="head"),
               _ruling("strict", 10, False, False),
               _ruling("strict", 50, True, False, blocked_by="2"),
               _ruling("strict", None, True, False, blocked_by="2")],
    # conservative: job 3's earliest reservation starts now ([0, 50) on h2); job 4 (no run limit, so it holds for
    # ever: end null) is released a host by job 3 at 50 and job 1 at 100, and fitted around job 2's [100, 110), so
    # it reserves h1 from 110
    "conservative": [
        _ruling("conservative", 100, True, True, rule="head"),
        _ruling("conservative", 10, False, False, reservation=RESERVED_2),
        _ruling("conservative", 50, True, True, rule="planned-start-now", reservation={
            "planned_start": 0, "end": 50, "allocation": _on("h2"), "releases": [], "around": [],
            "placed_again": []}),
        _ruling("conservative", None, False, False, protects=PROTECTS_2, reservation={
            "planned_start": 110, "end": None, "allocation": _on("h1"),
            "releases": [{"job": "3", "end": 50}, {"job": "1", "end": 100}], "around": PROTECTS_2,
            "placed_again": []})],
    # conservative-drevt: job 3 ends (50) before job 2's independent planned start (100); job 4 reserves h2 from
    # job 3's release at 50, for ever (end null)
    "conservative-drevt": [
        _ruling("conservative-drevt", 100, True, True, rule="head"),
        _ruling("conservative-drevt", 10, False, False, reservation=RESERVED_2),
        _ruling("conservative-drevt", 50, True, True, rule="ends-before-planned-start", protects=PROTECTS_2,
                ahead=[{"job": "2", "planned_start": 100}]),
        _ruling("conservative-drevt", None, False, False, reservation={
            "planned_start": 50, "end": None, "allocation": _on("h2"), "releases": [{"job": "3", "end": 50}],
            "around": [], "placed_again": []})],
}


@pytest.mark.parametrize("discipline", list(EXPECTED))
def test_each_job_s_discipline_object_is_its_ruling_whole(discipline, tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._ruled any of its keys or values mutated (`str->XX`, a
    `None if ... is None` test negated: e.g. run_limit, rule, blocked_by or ahead's planned start, an end of
    "never" (inf) written as a number, the `started` test); _time's `== inf` test."""
    path = tmp_path / "t.jsonl"
    traces = json_traces(_recording(discipline), path, [f"trace on all json {path}", "step 4"])
    assert [t["job"] for t in traces] == ["1", "2", "3", "4"]
    assert [t["discipline"] for t in traces] == EXPECTED[discipline]


# easy on h1, h2 (X86) and h3 (ARM), one slot each. Job 1 takes h1 until 100. Job 2 (2 X86 tasks) reserves h1 and
# h2 for [100, 110), leaving h3 as the extra resources at that planned start. Job 3 (run limit 200) fits on h2 now
# but would end at 200 > 100: the extra-resources test places it on h3, so it starts there (moved from h2). Job 4
# (run limit 200) fits on h2 too, but no extra resources are left: it would delay job 2's reservation.
EXTRA = {"scheduling": {"discipline": "easy"},
         "cluster": {"hosts": [{"name": "h1", "slots": 1, "type": "X86"}, {"name": "h2", "slots": 1, "type": "X86"},
                               {"name": "h3", "slots": 1, "type": "ARM"}]},
         "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
                    {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 10, "run_limit": 10,
                                           "resreq": "select[type==X86]"}},
                    {"time": 0, "submit": {"id": 3, "tasks": 1, "run_time": 200, "run_limit": 200}},
                    {"time": 0, "submit": {"id": 4, "tasks": 1, "run_time": 200, "run_limit": 200}}]}


def test_the_extra_resources_test_and_the_job_it_delays_are_in_the_discipline_object(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._ruled `moved`, `delays` or `extra_placed` mutated (their
    `None if ... is None` tests negated, the keys' text changed)."""
    path = tmp_path / "t.jsonl"
    third, fourth = json_traces(EXTRA, path, [f"trace on 3 4 json {path}", "step 4"])
    assert third["discipline"] == _ruling("easy", 200, True, True, moved=True, rule="extra-resources",
                                          protects=PROTECTS_2, extra_placed=True)
    assert third["outcome"]["allocation"] == _on("h3")
    assert fourth["discipline"] == _ruling("easy", 200, True, False, protects=PROTECTS_2, delays="2",
                                           extra_placed=False)
    assert fourth["outcome"] == {"kind": "pend", "reasons": [
        {"code": "backfill-window", "host": None, "detail": "job 2"}]}
