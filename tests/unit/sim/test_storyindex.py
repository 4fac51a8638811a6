"""Stories told from the indexes of sim/storyindex.py equal `StoryBuilder.story`'s, on a run written by hand.

The run (hosts a, b, c): job 1 runs on a from 0 to 10. Job 2 (submitted at 0) pends at 0 and at 5 for slots,
its requirement not selecting c; job 3 (submitted at 1, after 2) pends at 1 and starts at 5 on b and c, finishing
at 12. Job 2 starts at 10 on a, when job 1 finishes. So for job 2: job 1 *took resources it needed* in the session
at 0 (ahead: submitted before it), and job 3 in the session at 5 (on b only: c is not one job 2 could use),
backfilled (submitted after it); job 1's end at 10 (after 2's last
pend at 5, up to its start) *freed* host a; job 3 *overtook* it (later, started earlier)."""

from __future__ import annotations

from refsim.sim.story import End, Start, StoryBuilder
from refsim.sim.storyindex import told_stories
from refsim.report.runfile import read_run
from tests.support.runfiles import write_run


def _dispatch(job: str, time: float, *hosts: str) -> dict[str, object]:
    return {"kind": "dispatch", "job": job, "time": time,
            "allocation": {"hosts": [{"host": h, "resources": {"slots": 1}} for h in hosts]}}


def _pend(job: str, time: float) -> dict[str, object]:
    return {"kind": "pend", "job": job, "time": time, "reasons": [
        {"code": "resource-shortfall", "detail": "slots", "hosts": "a", "count": 1},
        {"code": "select-mismatch", "hosts": "c", "count": 1}]}


RECORDS = [
    {"kind": "submit", "job": "1", "queue": "normal", "time": 0},
    {"kind": "submit", "job": "2", "queue": "normal", "time": 0},
    _dispatch("1", 0, "a"), _pend("2", 0),
    {"kind": "submit", "job": "3", "queue": "normal", "time": 1}, _pend("3", 1),
    _dispatch("3", 5, "b", "c"), _pend("2", 5),
    {"kind": "finish", "job": "1", "time": 10}, _dispatch("2", 10, "a"),
    {"kind": "finish", "job": "3", "time": 12}, {"kind": "finish", "job": "2", "time": 20},
    {"kind": "end", "time": 20, "start": 0, "slots": 3}]


def _builder(tmp_path) -> StoryBuilder:
    run = write_run(tmp_path / "run.jsonl", RECORDS)
    builder = StoryBuilder(run, "1", ["2", "3"])
    for record in read_run(run):
        builder.add(record)
    return builder


def test_job_2s_story_as_worked_by_hand(tmp_path):
    story = told_stories(_builder(tmp_path), ["2"])["2"]
    assert story.takers == (Start("1", 0, "a", True), Start("3", 5, "b", False))
    assert story.freed_by == (End("1", 10, "a", False),)
    assert story.overtakers == (Start("3", 5, "b,c", False),)


def test_every_story_equals_the_builders_own_in_the_order_asked(tmp_path):
    builder = _builder(tmp_path)
    stories = told_stories(builder, ["3", "2", "9", "1", "3"])  # 9 is not in the run; 3 asked twice
    assert list(stories) == ["3", "2", "1"]
    assert stories == {job: builder.story(job) for job in ("3", "2", "1")}
