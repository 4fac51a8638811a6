"""The explorer's one-pass stories (sim/keptstories.py, sim/storyindex.py) against the two passes they replace:
on generated runs, with so few stories told that most jobs' pends are let go, the page's data is the same as when
every told story is built by `StoryBuilder.story` from a second pass over the file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.report import explore_data
from refsim.report.runfile import read_run
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from
from refsim.sim.reader import parse_text
from refsim.sim.story import job_stories
from tests.property.test_backfill_paths import backfill_recordings
from tests.property.test_report_properties import workloads


def _second_pass(run, name, kept, told):
    """How the stories were told before: a second pass over the run, each story a pass over every job."""
    return job_stories(read_run(run), name, told)


def _no_second_pass(*args):
    raise AssertionError("a told job's pends were let go: its story needed a second pass")


def _same_data(path, top: int) -> None:
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(explore_data, "STORIES", top)
        patched.setattr(explore_data, "job_stories", _no_second_pass)  # every told job's pends were kept
        fast = explore_data.explore(path).data
        patched.setattr(explore_data, "_stories", _second_pass)
        patched.setattr(explore_data, "job_stories", job_stories)
        old = explore_data.explore(path).data
    assert fast == old
    assert list(fast["stories"]) == list(old["stories"])  # the order they are written in, too


@settings(max_examples=30, deadline=None)
@given(workloads(), st.integers(1, 4))
def test_greedy_runs_tell_the_same_stories(tmp_path_factory, text, top):
    path = tmp_path_factory.mktemp("run") / "run.jsonl"
    run_batch(recording_from(parse_text(text, "w.yaml"), "w.yaml"), output=path)
    _same_data(path, top)


@settings(max_examples=30, deadline=None)
@given(backfill_recordings(), st.integers(1, 4))
def test_backfilling_runs_tell_the_same_stories(tmp_path_factory, recording, top):
    """Non-greedy disciplines: pend records carrying reservations, and jobs overtaken by backfills."""
    path = tmp_path_factory.mktemp("run") / "run.jsonl"
    run_batch(recording, output=path)
    _same_data(path, top)
