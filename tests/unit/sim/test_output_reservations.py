"""--sim-output under a backfill discipline: a pend carries the reservation its job holds, and the file ends with
the replay's span."""

import json

from refsim.sim.batch import run_batch
from tests.support.recordings import EASY_WITH_LICENSES, recording


def test_a_pend_carries_its_backfill_reservation_and_the_file_ends_with_the_span(tmp_path):
    """Kills: sim/outputs.py:ReplayOutputs.report's reservation of a session result (its `ruling is not None` test
    negated or inverted: the pend would be written without it), and its end record (the `_simulator is not None`
    test inverted: no end record). The records the verifier and a listener take are the same as the file's."""
    out = tmp_path / "out.jsonl"
    taken = []
    run_batch(recording(EASY_WITH_LICENSES), output=out, on_record=taken.append)
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    pends = {r["job"]: r for r in records if r.get("kind") == "pend" and r["round"] == 1}
    hosts = [{"host": h, "limit_charges": [], "resources": {"slots": 4}} for h in ("a", "b")]
    assert pends["2"]["backfill_reservation"] == {
        "planned_start": 100, "allocation": {"hosts": hosts, "limit_charges": [], "shared": {"lic": 2}}}
    assert "backfill_reservation" not in pends["3"]
    assert records[-1] == {"kind": "end", "slots": 8, "start": 0, "time": 120}
    assert taken == [r for r in records if "round" in r]
