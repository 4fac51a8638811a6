"""--sim-verify's comparison rules, each decided by a small hand-made pair of records."""

from refsim.sim.verify import Mismatch, compare, describe

PEND = {"round": 1, "job": "1", "kind": "pend", "position": 1, "reasons": [{"code": "no-plan", "detail": ""}]}


def test_a_planned_start_is_compared_only_where_the_expected_record_gives_one():
    """Kills: sim/verify.py:_decision's choice of the fields left out negated (an expected record without a backfill
    reservation would be compared with the replay's reservation, and one with a reservation would not be).
    Expected files written before reservations were recorded carry none: the replay's reservation is not held
    against them. An expected record that names a reservation is held to it: another planned start is a
    mismatch."""
    reserved = {**PEND, "backfill_reservation": {"planned_start": 120}}
    assert compare([PEND], [reserved]) == []
    moved = {**PEND, "backfill_reservation": {"planned_start": 130}}
    assert [(m.expected, m.got) for m in compare([reserved], [moved])] == [(reserved, moved)]
    assert [(m.expected, m.got) for m in compare([reserved], [PEND])] == [(reserved, PEND)]


def test_a_reason_of_no_known_form_is_described_by_its_json_text_in_key_order():
    """Kills: sim/verify.py:describe's `sort_keys=True` -> False for a reason entry of no known form (its brief
    text would follow the order its keys were written in, so two equal entries written by different tools would
    read differently). Such an entry (a mapping without `code`, as another tool might write it) is counted under
    its JSON text with sorted keys, cut at 40 characters: `{"detail": "a reason written by another ` is exactly
    40. Two equal entries written in different key orders count as one code, twice."""
    first = {"host": "node0001", "detail": "a reason written by another tool"}
    second = {"detail": "a reason written by another tool", "host": "node0001"}
    record = {"round": 1, "job": "1", "kind": "pend", "position": 3, "reasons": [first, second]}
    assert describe(record) == 'pend at position 3 (2 reasons: {"detail": "a reason written by another  x2)'


def test_a_grouped_reason_counts_its_hosts():
    """Kills: sim/verify.py:describe's test of a grouped entry's count negated (a group of 3 hosts would count as
    one reason, and a count that is not a whole number would be added as it is). Version 2 groups a code's hosts
    in one entry with their count: 3 hosts short of memory and one cluster limit make 4 reasons. A count that is
    not a whole number (a hand-edited file) counts the entry once."""
    reasons = [{"code": "resource-shortfall", "detail": "mem", "hosts": "h[1-3]", "count": 3},
               {"code": "cluster-limit", "detail": "cap slots"},
               {"code": "no-plan", "detail": "", "count": "2"}]
    record = {"round": 1, "job": "1", "kind": "pend", "position": None, "reasons": reasons}
    assert describe(record) == "pend (5 reasons: cluster-limit x1, no-plan x1, resource-shortfall x3)"


def test_a_verify_report_line_holds_the_round_the_job_and_both_records():
    """Kills: sim/verify.py:Mismatch.as_json's keys mutated (`"round"` -> `"XXround"`, and the others). A line of
    --verify-report is one compact JSON object with sorted keys: a decision the replay made that the expected file
    lacks has `expected` null."""
    got = {"round": 2, "job": "104", "kind": "pend", "position": 1, "reasons": []}
    assert Mismatch(2, "104", None, got).as_json() == (
        '{"expected":null,"got":{"job":"104","kind":"pend","position":1,"reasons":[],"round":2},'
        '"job":"104","round":2}')


def test_four_hosts_and_three_codes_are_all_named_without_a_more_note():
    """Kills: sim/verify.py:describe's `len(hosts) > _HOSTS_SHOWN` and `len(codes) > _REASONS_SHOWN` -> `>=` (a
    brief form naming every host or code would end in ` +0 more` or `, +0 more codes`). Up to 4 hosts and 3 codes
    are all named; the note counts only what is left out."""
    hosts = [{"host": f"h{i}", "resources": {"slots": 1}} for i in range(1, 5)]
    dispatch = {"round": 1, "job": "1", "kind": "dispatch", "position": 1, "allocation": {"hosts": hosts}}
    assert describe(dispatch) == "dispatch at position 1 on h1 h2 h3 h4"
    reasons = [{"code": code, "detail": ""} for code in ("no-plan", "cluster-limit", "resource-shortfall")]
    pend = {"round": 1, "job": "1", "kind": "pend", "position": 2, "reasons": reasons}
    assert describe(pend) == "pend at position 2 (3 reasons: cluster-limit x1, no-plan x1, resource-shortfall x1)"


def test_a_host_entry_without_a_name_reads_as_a_question_mark():
    """Kills: sim/verify.py:describe's stand-in `"?"` for a host entry without `host` mutated. A hand-written
    expected file may hold a host entry without its name: the brief form still shows one word per entry, `?`, and
    skips an entry that is not a mapping."""
    hosts = [{"host": "h1"}, {"resources": {"slots": 1}}, "h3"]
    dispatch = {"round": 1, "job": "1", "kind": "dispatch", "position": 1, "allocation": {"hosts": hosts}}
    assert describe(dispatch) == "dispatch at position 1 on h1 ?"
