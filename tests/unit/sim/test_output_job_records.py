"""The --sim-output job records: each job's submission, finish and removal, written as the replay applies it."""

from __future__ import annotations

import json

from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from

# One host of 1 slot. Jobs 1 and 2 arrive at 0 (each runs 100): 1 is dispatched, 2 pends. Job 1 is removed while
# running at 10, which frees the slot, so 2 is dispatched at 10; 2 is removed while running at 20, and job 3
# (arriving at 20) runs 5 and finishes at 25. So: three submissions at 0, 0 and 20, removals at 10 and 20, a finish
# at 25.
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 1}]},
             "events": [{"time": 0, "submit": {"id": 1, "run_time": 100}},
                        {"time": 0, "submit": {"id": 2, "run_time": 100}},
                        {"time": 10, "remove": 1},
                        {"time": 20, "remove": 2},
                        {"time": 20, "submit": {"id": 3, "run_time": 5}}]}


def test_a_removed_job_is_written_as_a_removal_at_its_time(tmp_path):
    """Kills: refsim/sim/replay.py:Simulator._remove the job hook's call dropped (no removal record would be
    written), and its siblings in _apply (submission) and _finish (finish)."""
    out = tmp_path / "out.jsonl"
    run_batch(recording_from(RECORDING, "r.yaml"), output=out)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    jobs = [(r["kind"], r["job"], r["time"]) for r in records if r["kind"] in ("submit", "finish", "remove")]
    assert jobs == [("submit", "1", 0), ("submit", "2", 0), ("remove", "1", 10), ("remove", "2", 20),
                    ("submit", "3", 20), ("finish", "3", 25)]
