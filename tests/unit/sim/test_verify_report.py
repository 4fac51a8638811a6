"""--sim-verify's readable mismatches, --verify-report, its exit statuses, and files written before decisions
carried times."""

import json
from pathlib import Path


from refsim.sim.batch import demo_recording, run_batch
from refsim.sim.verify import SHOWN, Mismatch, compare, describe, summary
from tests.support.cli import run


def test_describe_in_a_few_words():
    hosts = [{"host": f"h{i}", "resources": {"slots": 1}} for i in range(1, 7)]
    dispatch = {"round": 1, "job": "1", "kind": "dispatch", "position": 2, "allocation": {"hosts": hosts}}
    assert describe(dispatch) == "dispatch at position 2 on h1 h2 h3 h4 +2 more"  # 6 hosts: 4 named
    pend = {"round": 1, "job": "1", "kind": "pend", "position": None,
            "reasons": [["b-code", "h1", ""], ["a-code", "h1", ""], ["a-code", "h2", ""], ["c", "", ""], ["d", "", ""]]}
    assert describe(pend) == "pend (5 reasons: a-code x2, b-code x1, c x1, +1 more codes)"
    assert describe(None) == "no decision"


def test_a_difference_the_brief_form_hides_is_named():
    a = {"round": 1, "job": "1", "kind": "dispatch", "position": 1,
         "allocation": {"hosts": [{"host": "h1", "resources": {"slots": 1}}]}}
    b = {**a, "allocation": {"hosts": [{"host": "h1", "resources": {"slots": 2}}]}}
    assert str(compare([a], [b])[0]) == ("round 1 job 1: expected dispatch at position 1 on h1; "
                                         "got dispatch at position 1 on h1, differing in allocation")


def test_time_is_not_compared():
    a = {"round": 1, "job": "1", "kind": "pend", "reasons": [], "time": 5}
    assert compare([a], [{**a, "time": 6}]) == [] and compare([{k: v for k, v in a.items() if k != "time"}], [a]) == []


def test_the_summary_shows_the_first_ten():
    mismatches = [Mismatch(r, "1", None, {"kind": "pend", "reasons": []}) for r in range(1, 13)]
    lines = summary(mismatches)
    assert len(lines) == SHOWN + 1 == 11 and lines[0].startswith("mismatch: round 1 job 1: expected no decision")
    assert lines[-1] == "... and 2 more mismatches (all of them with --verify-report FILE)"
    assert len(summary(mismatches[:10])) == 10


def _altered(tmp_path) -> Path:
    """The demo's output with every pend's reasons replaced: 18 of its 29 decisions are pends."""
    out = tmp_path / "o.jsonl"
    run_batch(demo_recording(), output=out)
    lines = []
    for line in out.read_text().splitlines():
        record = json.loads(line)
        if record.get("kind") == "pend":
            record["reasons"] = [["no-plan", "", "made-up"]]
        lines.append(json.dumps(record))
    out.write_text("\n".join(lines) + "\n")
    return out


def test_verify_report_has_every_mismatch_and_exit_1(tmp_path):
    expected = _altered(tmp_path)
    pends = sum(1 for line in expected.read_text().splitlines() if '"pend"' in line)
    report = tmp_path / "report.jsonl"
    result = run("sim", "--sim-verify", str(expected), "--verify-report", str(report))
    assert result.exit_code == 1
    assert result.output.count("\nmismatch: ") == 10 and f"... and {pends - 10} more mismatches" in result.output
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    # the expected file's reasons are read in the grouped form of output version 2
    assert len(rows) == pends and all(r["expected"]["reasons"] == [{"code": "no-plan", "detail": "made-up"}]
                                      for r in rows)
    assert all(r["got"]["kind"] == "pend" and r["got"]["job"] == r["job"] for r in rows)


def test_an_unreadable_verify_file_exits_2(tmp_path):
    result = run("sim", "--sim-verify", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == 2 and "missing.jsonl: cannot read" in result.output
    assert run("sim", "--verify-report", str(tmp_path / "r.jsonl")).exit_code == 2  # needs --sim-verify


def test_a_file_without_times_or_job_records_still_verifies(tmp_path):
    # what --sim-output wrote before decisions carried times: decision records only, no time
    out = tmp_path / "o.jsonl"
    run_batch(demo_recording(), output=out)
    old = []
    for line in out.read_text().splitlines():
        record = json.loads(line)
        if "round" in record or "format" in record:
            record.pop("time", None)
            old.append(json.dumps(record))
    (tmp_path / "old.jsonl").write_text("\n".join(old) + "\n")
    result = run_batch(demo_recording(), verify=tmp_path / "old.jsonl")
    assert result.mismatches == () and result.compared == len(old) - 1


def test_the_verify_report_cannot_be_an_input_or_another_output(tmp_path):
    """The output-path guard covers --verify-report too: naming the recording, the expected file or the
    --sim-output file is one line naming both, exit 2, and every file stays as it was."""
    recording = tmp_path / "rec.yaml"
    recording.write_text("cluster:\n  hosts: [{name: a, slots: 1}]\nevents:\n  - {time: 0, submit: {id: 1}}\n")
    expected = tmp_path / "o.jsonl"
    assert run("sim", str(recording), "--sim-output", str(expected)).exit_code == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for target, args in ((recording, ()), (expected, ()), (tmp_path / "new.jsonl", ("--sim-output",))):
        extra = [args[0], str(target)] if args else []
        result = run("sim", str(recording), "--sim-verify", str(expected), *extra, "--verify-report", str(target))
        assert result.exit_code == 2 and "--verify-report" in result.output and result.output.count("\n") == 1
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_mismatch_alike_in_brief_names_every_differing_field():
    """Kills: sim/verify.py:Mismatch.__str__'s separator of the differing fields mutated. Both records read 'pend at
    position 1 (1 reasons: cluster-limit x1)' in brief (codes only), so the line names what differs instead: the
    reason's detail (field reasons) and the backfill reservation, in name order, comma-separated."""
    expected = {"round": 2, "job": "104", "kind": "pend", "position": 1,
                "reasons": [{"code": "cluster-limit", "detail": "user_slots[user=alice] slots"}],
                "backfill_reservation": {"start": 120}}
    got = {**expected, "reasons": [{"code": "cluster-limit", "detail": "user_slots[user=bob] slots"}],
           "backfill_reservation": {"start": 130}}
    assert str(Mismatch(2, "104", expected, got)) == (
        "round 2 job 104: expected pend at position 1 (1 reasons: cluster-limit x1); got pend at position 1 "
        "(1 reasons: cluster-limit x1), differing in backfill_reservation, reasons")


def test_a_job_reported_twice_in_a_round_is_compared_once():
    """Kills: sim/verify.py:Verifier.add's `self.compared -= 1` for a job seen again in the round, mutated to
    `-= 2`. The count of compared decisions counts (round, job) pairs: job 1 reported twice in round 1 and job 2
    once make 2, and the later record of job 1 (which matches) is the one compared."""
    from refsim.sim.verify import Verifier

    one = {"round": 1, "job": "1", "kind": "pend", "position": 1, "reasons": []}
    two = {"round": 1, "job": "2", "kind": "pend", "position": 2, "reasons": []}
    verifier = Verifier(iter([one, two]))
    for record in ({**one, "position": 3}, one, two):
        verifier.add(record)
    mismatches = verifier.finish()
    assert verifier.compared == 2
    assert [(m.job, m.got["position"]) for m in mismatches] == [("1", 3)]


def test_expected_rounds_the_replay_never_reached_are_each_missing():
    """Kills: sim/verify.py:Verifier.finish's loop over the expected rounds after the last simulated one (its
    `_start_round` or `_end_round` dropped, or the round key mutated). Expected decisions in rounds 1, 2 and 3; the
    replay reported round 1 only: the decisions of rounds 2 and 3 are missing, in round order."""
    pend = {"job": "1", "kind": "pend", "position": 1, "reasons": []}
    expected = [{**pend, "round": 1}, {**pend, "round": 2}, {**pend, "round": 3, "job": "2"}]
    mismatches = compare(expected, [{**pend, "round": 1}])
    assert [(m.round, m.job, m.got) for m in mismatches] == [(2, "1", None), (3, "2", None)]


def test_an_expected_decision_of_the_last_round_the_replay_never_made_is_missing():
    """Kills: sim/verify.py:Verifier.finish's first `_end_round()` dropped (the last simulated round is closed only
    when a later expected round follows). Expected: jobs 1 and 2 in round 1, and nothing after; the replay decided
    job 1 alone. Job 2's decision is missing, and both expected decisions count as compared."""
    from refsim.sim.verify import Verifier

    one = {"round": 1, "job": "1", "kind": "pend", "position": 1, "reasons": []}
    two = {"round": 1, "job": "2", "kind": "pend", "position": 2, "reasons": []}
    verifier = Verifier(iter([one, two]))
    verifier.add(one)
    mismatches = verifier.finish()
    assert [(m.round, m.job, m.expected, m.got) for m in mismatches] == [(1, "2", two, None)]
    assert verifier.compared == 2
