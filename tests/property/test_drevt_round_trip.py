"""The replay round trip on generated DR_EVT traces: run a trace, import its schedule as a recording of
reconstructed dispatches, replay that, and get the same resource timeline (and schedule), whatever the discipline
of the first run."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refsim.importers.schedule import schedule_recording
from refsim.sched.disciplines import DISCIPLINES
from tests.support.drevt import replay_document, replay_trace, write_trace

NODES = 8
# ties, bursts, fractional times (tenths do not add exactly in binary), early completions, zero run times,
# actual run times above the limit, empty actual cells, a few rows of another queue
times = st.one_of(st.integers(0, 40), st.integers(0, 400).map(lambda t: t / 10))
row = st.tuples(times, st.integers(1, NODES + 1), st.sampled_from(["pbatch", "pbatch", "pbatch1", "batch"]),
                st.integers(1, 60).map(lambda t: t / 2),
                st.one_of(st.just(""), st.integers(0, 90).map(lambda t: str(t / 3))))


def trace_text(rows) -> str:
    return "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n" + \
        "".join(f"{t},{n},{q},{limit},{actual}\n" for t, n, q, limit, actual in rows)


@pytest.mark.parametrize("discipline", DISCIPLINES)
@given(rows=st.lists(row, min_size=1, max_size=25))
def test_replaying_the_schedule_gives_the_same_timeline(tmp_path_factory, discipline, rows):
    directory = tmp_path_factory.mktemp("round_trip")
    trace = write_trace(directory, trace_text(rows))
    schedule, timeline = replay_trace(trace, NODES, discipline=discipline)
    path = write_trace(directory, schedule, "schedule.csv")
    replayed_schedule, replayed_timeline = replay_document(schedule_recording(path, trace, NODES))
    assert replayed_timeline == timeline
    assert replayed_schedule == schedule
