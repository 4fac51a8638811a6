"""A recording with no events replays to an end at once, at time 0."""

from refsim.sim.batch import run_batch, summary_lines
from tests.support.recordings import recording


def test_a_recording_without_events_ends_at_time_0():
    """Kills: sim/replay.py:Simulator's start time for a recording without events, 0.0 -> 1.0 (the replay would
    claim a simulated time of 1 s in which nothing happened). With no event there is no session and no job."""
    empty = recording("events: []\n")
    result = run_batch(empty)
    assert result.statistics.time == 0 and result.statistics.rounds == 0
    assert summary_lines(empty, result)[0] == "replay of test.yaml: 0 rounds, simulated time 0"
