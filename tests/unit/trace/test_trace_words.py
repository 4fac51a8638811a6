"""The text trace's words for requirements, plans, cluster-wide checks, host verdicts and nearest misses
(docs/trace.md, "Format"), compared line for line on the small cases whose JSON traces are checked whole in the
test_json_* modules beside this one (the same decisions, worked out by hand there)."""

from __future__ import annotations

from refsim.sim.load import recording_from
from tests.support.console import recording_lines, trace_lines
from tests.unit.trace import (test_json_cluster_checks, test_json_discipline_rulings, test_json_full_position,
                              test_json_requirement_tree)


def _block(document: dict, commands: list[str], job: str) -> list[str]:
    return trace_lines(recording_lines(recording_from(document, "r.yaml"), commands), job, 1)


def test_cluster_wide_checks_read_as_shared_and_limit_lines():
    """Kills: refsim/trace/labels.py:check_parts a shared or limit line's words mutated, its verdict test negated
    or its `kind is SHARED` test inverted. Job 2 of the JSON case asks 1 lic (3 in all, job 1 uses 1) and 3 slots
    of user_slots (4 for ann, job 1 uses 2): the lic check passes, the limit fails."""
    block = _block(test_json_cluster_checks.RECORDING, ["trace on all", "step 2"], "2")
    assert block[4:7] == [
        "  shared lic: total 3, used 1, reserved 0, requested 1: passed",
        "  limit user_slots[user=ann] slots: value 4, usage 2, reserved 0, requested 3: failed: limit rejection",
        "  no placement plans tried: the cluster-wide check failed"]
    first = _block(test_json_cluster_checks.RECORDING, ["trace on all", "step 2"], "1")
    assert "  limit user_slots[user=ann] slots: value 4, usage 0, reserved 0, requested 2: passed" in first


def test_a_failed_shared_resource_check_says_shortfall():
    """Kills: refsim/trace/labels.py:check_parts the shared failure's words mutated. Job 1 asks 2 of lic, whose
    total is 1: 0 + 0 + 2 > 1."""
    document = {"cluster": {"hosts": [{"name": "h1", "slots": 1}], "shared": {"lic": 1}},
                "events": [{"time": 0, "submit": {"id": 1, "run_time": 10, "resreq": "rusage[lic=2]"}}]}
    block = _block(document, ["trace on all", "step"], "1")
    assert "  shared lic: total 1, used 0, reserved 0, requested 2: failed: shared-resource shortfall" in block


def test_nested_requirements_are_labelled_by_their_path():
    """Kills: refsim/trace/labels.py:requirement_label `member`/`alternative`, the ` > ` join, the index or count
    mutated, or the top requirement's label."""
    block = _block(test_json_requirement_tree.RECORDING, ["trace on all", "step"], "1")
    labels = [line.split(":")[0].strip() for line in block if line.strip().startswith("requirement")]
    assert labels == ["requirement", "requirement alternative 1 of 4", "requirement alternative 1 of 4 > member 1 of 2",
                      "requirement alternative 1 of 4 > member 2 of 2", "requirement alternative 2 of 4",
                      "requirement alternative 3 of 4", "requirement alternative 3 of 4 > member 1 of 2",
                      "requirement alternative 3 of 4 > member 2 of 2", "requirement alternative 4 of 4"]
    assert "      plan 1: 1 host, tasks per position [1]: tried" in block


def test_a_failed_position_at_full_level_names_each_reason_and_the_nearest_misses():
    """Kills: refsim/trace/labels.py:reason_parts, verdict_parts, _lack_parts and misses_parts their words, the
    separators between reasons, misses and lacks (`; `, `, `), or a kind test mutated. The numbers are worked out
    in test_json_full_position (h3 lacks 3072 - 1024 MB of mem: 2GB)."""
    block = _block(test_json_full_position.RECORDING, ["trace on all level full", "step"], "1")
    assert block[4:12] == [
        "  plan 1: 1 host, tasks per position [2]: tried",
        "    position 1 (2 tasks)",
        "      h1: resource shortfall (pre-filter): slots total 1, used 0, reserved 0, requested 2; not performed: "
        "host check",
        "      h2: limit exceeded (pre-filter): h2_slots[hosts=h2,user=ann] slots value 1, usage 0, reserved 0, "
        "requested 2; not performed: host check",
        "      h3: resource shortfall (pre-filter): slots total 1, used 0, reserved 0, requested 2; resource "
        "shortfall (pre-filter): mem total 1GB, used 0MB, reserved 0MB, requested 3GB; not performed: host check",
        "    position 1: not filled",
        "    nearest misses: h1 (slots short by 1), h2 (h2_slots[hosts=h2,user=ann] slots over by 1), h3 (slots "
        "short by 1; mem short by 2GB)",
        "  plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced"]


# h0 is closed; h1 is ARM with 1 slot and no mem; h2 is X86 but its check raises (the fault seam, docs/faults.md);
# h3 is X86 with 2 slots and 4G. Job 1 asks 2 tasks of 512MB each on X86: h0 fails the selection as closed (and
# nothing else is checked), h1 mismatches and lacks slots and mem, h2 is not evaluated and h3 takes both tasks.
MIXED = {"cluster": {"hosts": [{"name": "h0", "slots": 1, "type": "X86", "status": "closed"},
                               {"name": "h1", "slots": 1, "type": "ARM"}, {"name": "h2", "slots": 1, "type": "X86"},
                               {"name": "h3", "slots": 2, "type": "X86", "mem": "4G"}]},
         "events": [{"time": 0, "submit": {"id": 1, "tasks": 2, "run_time": 10,
                                           "resreq": "select[type==X86] rusage[mem=512]"}}],
         "test": {"faults": [{"point": "host-check", "job": 1, "host": "h2"}]}}


def test_closed_mismatched_unevaluated_and_accepted_hosts_read_as_such():
    """Kills: refsim/trace/labels.py:reason_parts the `host closed` test or the select[...] words mutated;
    verdict_parts the internal error's words, the accepted host's kind or the not-performed list mutated."""
    block = _block(MIXED, ["trace on all level full", "step"], "1")
    assert block[5:10] == [
        "    position 1 (2 tasks)",
        "      h0: selection mismatch (pre-filter): host closed; not performed: select, capacity, limit values, "
        "host check",
        "      h1: selection mismatch (pre-filter): select[type==X86]; resource shortfall (pre-filter): slots total 1, "
        "used 0, reserved 0, requested 2; resource shortfall (pre-filter): mem total 0MB, used 0MB, reserved 0MB, "
        "requested 1GB; not performed: host check",
        "      h2: not evaluated: internal error: injected fault at host-check",
        "      h3: accepted"]
    assert "  h3: slots 2, mem 1GB" in block  # 2 tasks of 512MB: amounts joined by ", "


def test_a_plan_names_its_host_count_and_tasks_per_position():
    """Kills: refsim/trace/labels.py:plan_parts the plural `s` test (`!= 1`) or the tasks' `,` join mutated. Job 2
    of the two-host case needs 2 slots: plan 1 ([2] on one host) is discarded, plan 2 ([1,1] on two) is tried."""
    block = _block(test_json_discipline_rulings.EXTRA | {"scheduling": {"discipline": "greedy"}},
                   ["trace on all", "step 2"], "2")
    assert block[4:6] == [
        "  plan 1: 1 host, tasks per position [2]: discarded: a position needs 2 slots but no open host has more "
        "than 1",
        "  plan 2: 2 hosts, tasks per position [1,1]: tried"]


# h1 has 8G, but the host-scoped limit h1_mem lets ann use 2G there; the cluster-wide ann_mem lets her use 16G.
# Job 1 asks 3G: ann_mem passes (0 + 0 + 3 <= 16), h1_mem rejects h1 (0 + 0 + 3 > 2, over by 1G).
MEM_LIMITS = {"cluster": {"hosts": [{"name": "h1", "slots": 2, "mem": "8G"}],
                          "limits": [{"name": "h1_mem", "hosts": ["h1"], "per_user": "all", "resources": {"mem": "2G"}},
                                     {"name": "ann_mem", "per_user": "all", "resources": {"mem": "16G"}}]},
              "events": [{"time": 0, "submit": {"id": 1, "user": "ann", "tasks": 1, "run_time": 10,
                                                "resreq": "rusage[mem=3G]"}}]}


def test_memory_limits_show_their_amounts_in_memory_units():
    """Kills: refsim/trace/labels.py:reason_parts and _lack_parts `unit_of(x.resource or x.subject)` -> `and` (the
    unit of the limit's name, none, so 2GB would read 2048), and check_parts the unit of the limit's resource."""
    block = _block(MEM_LIMITS, ["trace on all level full", "step"], "1")
    assert block[4:10] == [
        "  limit ann_mem[user=ann] mem: value 16GB, usage 0MB, reserved 0MB, requested 3GB: passed",
        "  plan 1: 1 host, tasks per position [1]: tried",
        "    position 1 (1 task)",
        "      h1: limit exceeded (pre-filter): h1_mem[hosts=h1,user=ann] mem value 2GB, usage 0MB, reserved 0MB, "
        "requested 3GB; not performed: host check",
        "    position 1: not filled",
        "    nearest misses: h1 (h1_mem[hosts=h1,user=ann] mem over by 1GB)"]
