"""A batch run's sink (metrics as the replay runs) is given every --sim-output record, pends only when asked."""

import pytest

from refsim.sim.batch import run_batch
from tests.support.recordings import THREE_ALIKE, recording

# One slot; jobs 1, 2, 3 of 10 s each run one after another: 0-10, 10-20, 20-30. Round 1 (t=0) dispatches job 1
# and pends 2 and 3 (job 3 from job 2's verdict, a run of bucket hits written in one piece), round 2 (t=10)
# dispatches 2 and pends 3, round 3 (t=20) dispatches 3.
DISPATCHES_AND_JOBS = [("submit", "1"), ("submit", "2"), ("submit", "3"), ("dispatch", "1"), ("finish", "1"),
                       ("dispatch", "2"), ("finish", "2"), ("dispatch", "3"), ("finish", "3"), ("end", None)]
EVERY_RECORD = [("submit", "1"), ("submit", "2"), ("submit", "3"), ("dispatch", "1"), ("pend", "2"), ("pend", "3"),
                ("finish", "1"), ("dispatch", "2"), ("pend", "3"), ("finish", "2"), ("dispatch", "3"),
                ("finish", "3"), ("end", None)]


@pytest.mark.parametrize("pends, expected", [(False, DISPATCHES_AND_JOBS), (True, EVERY_RECORD)])
def test_the_sink_takes_every_record_and_pends_only_when_asked(pends, expected):
    """Kills: sim/outputs.py:ReplayOutputs._decided's and _take's sink tests (`sink is not None` inverted, `or not
    pend` -> and, the `not` dropped, the record built only for a verifier), _write's `self.sink(record)` dropped
    (no job or end records), and report_known's Pend test inverted. The sink also takes the job records and the
    end record, with or without pends."""
    taken = []
    run_batch(recording(THREE_ALIKE), sink=taken.append, pends_to_sink=pends)
    assert [(r["kind"], r.get("job")) for r in taken] == expected
