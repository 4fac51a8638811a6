"""The fast path decides as the reference path under every dispatching discipline, not only greedy. The simulator
still sends a non-greedy replay down the reference path (refsim/sim/replay.py); this property is why that choice
changes only the replay's speed, never a decision: generated recordings (tests/property/test_fast_path.py), their
jobs given run limits so that backfill reservations are planned, are replayed under each non-greedy discipline
both ways and compared decision by decision, each job's last reservation included."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.recording import Recording, Submit
from tests.property.test_fast_path import recordings, replay

NON_GREEDY = sorted(name for name in DISCIPLINES if name != "greedy")


@st.composite
def disciplined(draw) -> Recording:
    """A generated recording under a non-greedy discipline, most of its jobs with a run limit (some cut short)."""
    recording = draw(recordings())
    limits = {}
    events = []
    for event in recording.events:
        if isinstance(event.action, Submit):
            job = event.action.job
            limit = limits.setdefault(job.id, draw(st.sampled_from([None, 4.0, 10.0, 12.0])))
            event = replace(event, action=Submit(replace(job, run_limit=limit)))
        events.append(event)
    return replace(recording, events=tuple(events), discipline=draw(st.sampled_from(NON_GREEDY)))


@settings(max_examples=100, deadline=None)
@given(disciplined())
def test_every_discipline_decides_alike_on_both_paths(recording):
    reference = replay(recording, reference=True)
    assert replay(recording, reference=False) == reference
