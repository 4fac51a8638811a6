"""--sim-output and --sim-verify: the round trip on every example recording, and mismatches reported."""

import json
from pathlib import Path

import pytest

from refsim.sim.batch import demo_recording, run_batch
from refsim.sim.load import load_recording
from refsim.sim.runfile import read_output
from refsim.sim.reader import RecordingError
from refsim.sim.verify import compare

EXAMPLES = sorted(Path(__file__).resolve().parents[3].joinpath("examples").glob("*.yaml"))


def recordings():
    yield "demo", demo_recording()
    for path in EXAMPLES:
        yield path.name, load_recording(path)


@pytest.mark.parametrize("name, rec", list(recordings()), ids=lambda v: v if isinstance(v, str) else "")
def test_round_trip_verifies_clean(tmp_path, name, rec):
    out = tmp_path / "out.jsonl"
    first = run_batch(rec, output=out)
    assert first.decisions, f"{name} decided nothing"
    again = run_batch(rec, verify=out)
    assert again.mismatches == () and again.compared == first.decisions


def test_output_is_byte_identical_apart_from_the_write_time(tmp_path):
    rec = demo_recording()
    run_batch(rec, output=tmp_path / "1.jsonl")
    run_batch(rec, output=tmp_path / "2.jsonl")
    one, two = ((tmp_path / n).read_text().splitlines() for n in ("1.jsonl", "2.jsonl"))
    header_one, header_two = json.loads(one[0]), json.loads(two[0])
    header_one.pop("written"), header_two.pop("written")
    assert header_one == header_two and one[1:] == two[1:]


def test_an_altered_file_reports_each_mismatch(tmp_path):
    rec = demo_recording()
    out = tmp_path / "out.jsonl"
    run_batch(rec, output=out)
    lines = out.read_text().splitlines()
    decisions = [i for i, line in enumerate(lines) if '"round"' in line]  # job records (submit, ...) have none
    changed = json.loads(lines[decisions[1]])
    assert changed["kind"] == "dispatch"
    changed["kind"], changed["reasons"] = "pend", [["no-plan", "", "made up"]]
    del changed["allocation"]
    lines[decisions[1]] = json.dumps(changed)
    lines.pop(decisions[4])
    out.write_text("\n".join(lines) + "\n")
    result = run_batch(rec, verify=out)
    assert len(result.mismatches) == 2
    texts = [str(m) for m in result.mismatches]
    assert texts[0].startswith(f"round {changed['round']} job {changed['job']}: expected pend at position ")
    assert "(1 reasons: no-plan x1); got dispatch at position " in texts[0]
    assert texts[1].endswith("; got no decision") is False and "expected no decision; got " in texts[1]


def test_compare_names_missing_and_unexpected_decisions():
    a = {"round": 1, "job": "1", "kind": "pend", "reasons": []}
    b = {"round": 2, "job": "1", "kind": "pend", "reasons": []}
    mismatches = compare([a], [b])
    assert [(m.round, m.expected is None, m.got is None) for m in mismatches] == [(1, False, True), (2, True, False)]
    assert str(mismatches[0]).endswith("got no decision")


def test_verify_file_errors_change_nothing(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format":"refsim-sim-output"}\n{"round": 0, "job": "1", "kind": "pend", "reasons": []}\n')
    out = tmp_path / "out.jsonl"
    with pytest.raises(RecordingError, match=r"bad.jsonl: line 2.round: 0 is out of range"):
        run_batch(demo_recording(), output=out, verify=bad)
    assert not out.exists()


def test_a_recordings_decisions_section_is_accepted_as_expected(tmp_path):
    out = tmp_path / "out.jsonl"
    run_batch(demo_recording(), output=out)
    records = read_output(out)
    assert read_output(out) == records
    import yaml
    text = (Path(__file__).resolve().parents[3] / "refsim/sim/demo.yaml").read_text()
    doc = yaml.safe_load(text)
    doc["decisions"] = records
    path = tmp_path / "with-decisions.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert load_recording(path).expected == tuple(records)
    assert run_batch(demo_recording(), verify=path).mismatches == ()


def test_an_expected_file_with_rounds_out_of_order_is_sorted_before_comparing(tmp_path):
    """Kills: sim/verify.py:Verifier.of_file's `if ordered` negated (a file whose rounds are out of order would be
    compared as it stands, so every round after the first one read would look missing, then unexpected). The
    demo's own decisions, last round first, still verify clean."""
    rec = demo_recording()
    out = tmp_path / "out.jsonl"
    first = run_batch(rec, output=out)
    lines = out.read_text().splitlines()
    decisions = [line for line in lines if '"round"' in line]
    others = [line for line in lines if '"round"' not in line]
    assert json.loads(decisions[0])["round"] < json.loads(decisions[-1])["round"]
    shuffled = tmp_path / "reversed.jsonl"
    shuffled.write_text("\n".join(others + decisions[::-1]) + "\n")
    again = run_batch(rec, verify=shuffled)
    assert again.mismatches == () and again.compared == first.decisions
