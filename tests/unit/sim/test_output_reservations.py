"""--sim-output under a backfill discipline: a pend carries the reservation its job holds, and the file ends with
the replay's span."""

import json

from refsim.sim.batch import run_batch
from tests.support.recordings import recording

# EASY backfilling: job 1 takes all 8 slots until t=100; job 2, the first job waiting, holds the one backfill
# reservation, for t=100 on a*4 b*4 with 2 of the 3 licenses; job 3, behind it, holds none. Job 2 runs 100-110,
# job 3 110-120.
EASY = """
scheduling: {discipline: easy}
cluster:
  hosts:
    - {name: a, slots: 4}
    - {name: b, slots: 4}
  shared:
    lic: 3
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 100, run_limit: 100}}
  - {time: 0, submit: {id: 2, tasks: 8, run_time: 10, run_limit: 10, resreq: 'rusage[lic=2]'}}
  - {time: 0, submit: {id: 3, tasks: 8, run_time: 10, run_limit: 10}}
"""


def test_a_pend_carries_its_backfill_reservation_and_the_file_ends_with_the_span(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.report's reservation of a session result (its `ruling is not None` test
    negated or inverted: the pend would be written without it), and its end record (the `_simulator is not None`
    test inverted: no end record). The records the verifier and a listener take are the same as the file's."""
    out = tmp_path / "out.jsonl"
    taken = []
    run_batch(recording(EASY), output=out, on_record=taken.append)
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    pends = {r["job"]: r for r in records if r.get("kind") == "pend" and r["round"] == 1}
    hosts = [{"host": h, "limit_charges": [], "resources": {"slots": 4}} for h in ("a", "b")]
    assert pends["2"]["backfill_reservation"] == {
        "planned_start": 100, "allocation": {"hosts": hosts, "limit_charges": [], "shared": {"lic": 2}}}
    assert "backfill_reservation" not in pends["3"]
    assert records[-1] == {"kind": "end", "slots": 8, "start": 0, "time": 120}
    assert taken == [r for r in records if "round" in r]
