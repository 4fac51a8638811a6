"""The JSON trace's line bound: body items past it are omitted and counted, and the totals stay exact."""

from __future__ import annotations

import json

from refsim.repl.console import Console
from refsim.sim.load import recording_from

# 55 hosts with 1GB of mem each; job 1 asks 2GB. At level full its one requirement has one tried plan with one
# position, where all 55 hosts are rejected (pre-filter mem shortfall), then the note "no plan could be placed".
# Body items: requirement 1 + plan 1 + position 1 + hosts 55 + note 1 = 59. Under a bound of 50, the first 50 are
# kept (requirement, plan, position and 47 hosts) and 9 are omitted.
RECORDING = {"cluster": {"hosts": [{"name": f"h{i:02d}", "slots": 1, "mem": "1G"} for i in range(1, 56)]},
             "events": [{"time": 0, "submit": {"id": 1, "resreq": "rusage[mem=2G]", "run_time": 10}}]}


def _json_trace(tmp_path, lines: int, recording: dict = RECORDING) -> dict:
    path = tmp_path / f"trace-{lines}.jsonl"
    console = Console(recording_from(recording, "r.yaml"), lambda _line: None)
    for command in (f"trace on 1 level full lines {lines} json {path}", "step"):
        console.execute(command)
    console.close()
    obj, = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return obj


def test_the_omitted_items_are_counted_exactly(tmp_path):
    """Kills: `self.omitted += 1` -> `-= 1` in refsim/trace/jsontrace.py's bound check (the count would be -9)."""
    whole = _json_trace(tmp_path, 100000)
    requirement, = whole["requirements"]
    position, = requirement["plans"][0]["positions"]
    assert whole["truncated"] is None and len(position["hosts"]) == 55
    assert requirement["notes"] == ["no plan could be placed"]

    capped = _json_trace(tmp_path, 50)
    assert capped["truncated"] == {"omitted": 9, "bound": 50}
    position, = capped["requirements"][0]["plans"][0]["positions"]
    assert [h["host"] for h in position["hosts"]] == [f"h{i:02d}" for i in range(1, 48)]
    assert capped["requirements"][0]["notes"] == []
    assert capped["totals"] == whole["totals"]  # totals count every host evaluation, bound or not


# The same hosts; job 1 asks 2GB or else 3GB. Each alternative is one requirement with one plan, one position and 55
# rejected hosts, and the note "no plan could be placed": 59 items each, 118 for both, plus the top requirement (the
# alternatives): 119 body items. Under a bound of 50, the first 50 are kept (top, alternative 1, its plan, its
# position and 46 hosts) and 119 - 50 = 69 are omitted: the 9 past the bound in alternative 1 and every item of
# alternative 2, whose requirement is itself omitted.
ALTERNATIVES = {"cluster": RECORDING["cluster"],
                "events": [{"time": 0, "submit": {"id": 1, "resreq": "{rusage[mem=2G]} || {rusage[mem=3G]}",
                                                  "run_time": 10}}]}


def _items(obj: dict) -> int:
    """The body items of a JSON trace: requirements, and in each its checks, notes, plans, positions and hosts."""
    count = 0
    for req in obj["requirements"]:
        count += 1 + len(req.get("checks", [])) + len(req["notes"])
        for plan in req.get("plans", []):
            count += 1 + sum(1 + len(p.get("hosts", [])) for p in plan["positions"])
    return count


def test_items_whose_requirement_was_omitted_are_counted_too(tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._room_in not counting an item whose parent was omitted (the
    count was 11: the items offered while their parent was still kept, not alternative 2's plan, position, hosts
    or note)."""
    whole = _json_trace(tmp_path, 100000, ALTERNATIVES)
    assert whole["truncated"] is None and _items(whole) == 119
    capped = _json_trace(tmp_path, 50, ALTERNATIVES)
    assert _items(capped) == 50
    assert capped["truncated"] == {"omitted": 69, "bound": 50}
