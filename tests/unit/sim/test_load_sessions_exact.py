"""The sessions section's errors, compared whole: each names the place and the problem in one line."""

import pytest

from refsim.sim.reader import RecordingError
from tests.support.recordings import recording


def _error(text: str) -> str:
    with pytest.raises(RecordingError) as caught:
        recording(text + "events: []\n")
    return str(caught.value)


@pytest.mark.parametrize("sessions, message", [
    ("{policy: every}", "test.yaml: sessions: the 'every' policy needs an interval (seconds)"),
    ("{policy: every, interval: 0}", "test.yaml: sessions.interval: the interval must be at least 0.001 seconds"),
    ("{policy: explicit, interval: 5}", "test.yaml: sessions.interval: only the 'every' policy takes an interval"),
    ("{policy: sometimes}", "test.yaml: sessions.policy: expected explicit, after-events or every"),
])
def test_a_sessions_mistake_is_named_exactly(sessions, message):
    """Kills: refsim/sim/load.py's 'needs an interval' message mutated (`str->XX`), which the older test let
    through because it looks for a part of the message; the other lines guard their messages the same way."""
    assert _error(f"sessions: {sessions}\n") == message


def test_the_every_policy_keeps_its_interval():
    """0.001 s is the smallest interval allowed (MIN_INTERVAL), so it is accepted as given."""
    assert recording("sessions: {policy: every, interval: 0.001}\nevents: []\n").sessions.interval == 0.001
