"""A JSON trace's plan position counts the hosts it rejected per verdict kind and names its nearest misses, as the
text trace does: checked on a case small enough to count by hand."""

from __future__ import annotations

import json

from steps.drivers import InProcessDriver

# Job 1 asks 2 tasks on one X86 host. a and b are X86 with 1 slot each: each is 1 slot short. c has slots but is
# ARM: a selection mismatch. So position 1 is not filled, with 1 selection mismatch and 2 resource shortfalls, and
# a and b (one failed check each) are the nearest misses.
RECORDING = """
cluster:
  hosts:
    - {name: a, slots: 1, type: X86}
    - {name: b, slots: 1, type: X86}
    - {name: c, slots: 4, type: ARM}
events:
  - {time: 0, submit: {id: 1, tasks: 2, resreq: "select[type==X86] span[hosts=1]", run_time: 10}}
"""


def test_a_summary_position_counts_its_rejected_hosts_and_names_the_nearest(tmp_path):
    """Kills: `self._hosts.append(ev.verdict)` dropped in refsim/trace/jsontrace.py's host handler, which leaves
    `rejected` empty and no nearest misses at summary level, while the schema still accepts the object."""
    (tmp_path / "rec.yaml").write_text(RECORDING)
    trace = tmp_path / "t.jsonl"
    transcript = InProcessDriver().run(tmp_path / "rec.yaml", [], [f"trace on all json {trace}", "step"])
    obj, = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    position, = obj["requirements"][0]["plans"][0]["positions"]
    assert position["filled_by"] is None
    assert position["rejected"] == {"selection mismatch": 1, "resource shortfall": 2}
    assert [m["host"] for m in position["nearest_misses"]] == ["a", "b"]
    assert [(m["failed_checks"], m["lacks"][0]["resource"], m["lacks"][0]["short"])
            for m in position["nearest_misses"]] == [(1, "slots", 1), (1, "slots", 1)]
    # the text trace of the same decision says the same
    text_line = "      position 1: not filled; hosts rejected: selection mismatch 1, resource shortfall 2"
    assert text_line in transcript.lines
