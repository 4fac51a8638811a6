"""One semantics, two paths, under every dispatching discipline: the fast path (buckets, remembered fits, candidate
hosts, explanation only on a pend, planning states on candidate hosts with memos of their own, compact sessions
once a round keeps pends) decides exactly as the reference path (REFSIM_REFERENCE_PATH=1), and tracing some jobs changes nothing on either.

The generated recordings are made for backfilling: run limits with early completions (a run shorter than its
limit), jobs ending exactly at a limit and so exactly at a planned start, jobs without a run limit, ties at one
instant, multi-slot hosts, host-scoped and cluster-wide limits, compound and alternative requirements, recorded
dispatches, host close and open, removals, and both session policies (tests/property/test_fast_path.py).

On the NASA log (skipping without it) the --sim-output of both paths is compared byte for byte, header aside, on a
loaded prefix under each discipline; tools/bench.py compares 3,000 jobs the same way."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.recording import Event, RecordedDispatch, Recording, Submit
from tests.property.test_fast_path import NASA, assert_paths_agree, recordings

NON_GREEDY = sorted(name for name in DISCIPLINES if name != "greedy")


@st.composite
def backfill_recordings(draw) -> Recording:
    """A generated recording under a non-greedy discipline: jobs with run times from 1 to 12 and run limits at,
    above or (for a few) without their run time, and now and then a recorded dispatch of a submitted job."""
    recording = draw(recordings())
    events = []
    submitted = []
    for event in recording.events:
        if isinstance(event.action, Submit):
            job = event.action.job
            run = float(draw(st.integers(1, 12)))
            limit = draw(st.sampled_from([None, run, run, run + 1.0, run + 4.0]))  # exact, early, unlimited
            job = replace(job, run_time=run, run_limit=limit)
            event = replace(event, action=Submit(job))
            submitted.append((event.time, job))
        events.append(event)
    cluster = recording.cluster
    for time, job in draw(st.lists(st.sampled_from(submitted), max_size=2, unique_by=lambda s: s[1].id)
                          if submitted else st.just([])):
        host = draw(st.sampled_from(cluster.hosts))
        events.append(Event(time + draw(st.integers(0, 3)), RecordedDispatch(job.id, ((host.name, (("slots", 1),)),))))
    events.sort(key=lambda e: e.time)  # stable: a recorded dispatch after the submit of its instant
    return replace(recording, events=tuple(events), discipline=draw(st.sampled_from(NON_GREEDY)))


@settings(max_examples=150, deadline=None)
@given(backfill_recordings())
def test_every_discipline_decides_alike_on_both_paths(recording):
    assert_paths_agree(recording)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_traced_jobs_among_untraced_ones_decide_alike_on_both_paths(data):
    """A traced job takes the reference path while its session's other jobs take the fast path: the decisions,
    rulings' reservations and accounting are those of a run on the reference path alone."""
    recording = data.draw(backfill_recordings())
    ids = sorted({str(e.action.job.id) for e in recording.events if isinstance(e.action, Submit)})
    assert_paths_agree(recording, frozenset(data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3))))


def _sim_output(recording, folder: Path, name: str, reference: bool, monkeypatch) -> list[str]:
    from refsim.sim.batch import run_batch

    if reference:
        monkeypatch.setenv("REFSIM_REFERENCE_PATH", "1")
    else:
        monkeypatch.delenv("REFSIM_REFERENCE_PATH", raising=False)
    out = folder / f"{name}.jsonl"
    run_batch(recording, output=out)
    lines = out.read_text().splitlines()
    return lines[1:]  # the header holds the wall-clock time of writing


@pytest.mark.skipif(NASA is None, reason="the NASA iPSC log is not in a shared/data folder above the project")
@pytest.mark.parametrize("name", NON_GREEDY)
def test_the_loaded_nasa_log_writes_the_same_output_on_both_paths(name, tmp_path, monkeypatch):
    """NASA x0.5, first 100 jobs, run limits = run times: jobs wait, reserve, backfill and are held back."""
    from refsim.importers.swf import swf_recording
    from refsim.sim.load import recording_from

    document = swf_recording(NASA, max_jobs=100, time_scale=0.5)
    for event in document["events"]:
        event["submit"]["run_limit"] = max(event["submit"]["run_time"], 1.0)
    document["scheduling"] = {"discipline": name}
    recording = recording_from(document, "nasa")
    fast = _sim_output(recording, tmp_path, "fast", False, monkeypatch)
    reference = _sim_output(recording, tmp_path, "reference", True, monkeypatch)
    assert sum('"backfill-' in line or '"blocked"' in line for line in fast) > 0  # the discipline held jobs back
    assert fast == reference
