"""--sim-verify's expected file refused in one line naming the file and what is wrong with it (docs/simulator.md,
"--sim-verify": exit 2 when the expected file cannot be read or is malformed)."""

import gzip

import pytest

from refsim.sim.output import read_output
from refsim.sim.reader import RecordingError
from refsim.sim.verify import describe


def test_a_missing_expected_file_is_named_with_the_systems_reason_alone(tmp_path):
    """Kills: sim/output.py:iter_output's `exc.strerror or exc` mutated to `and` (the message would repeat the
    errno and the path: "[Errno 2] No such file or directory: '...'")."""
    missing = tmp_path / "missing.jsonl"
    with pytest.raises(RecordingError) as raised:
        read_output(missing)
    assert str(raised.value) == f"{missing}: cannot read: No such file or directory"


def test_a_decision_record_with_a_key_the_format_does_not_have_is_refused(tmp_path):
    """Kills: sim/output.py:_record's `item.mapping(...)` call dropped (a misspelt or foreign key would be read as
    if it were not there, and a file that is not what it claims would verify)."""
    path = tmp_path / "odd.jsonl"
    path.write_text('{"format":"refsim-sim-output","version":2}\n'
                    '{"round":1,"job":"1","kind":"pend","reasons":[],"colour":"red"}\n', encoding="utf-8")
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == (f"{path}: line 2: unknown key 'colour' (expected one of: round, position, job, "
                                 "kind, allocation, reasons, time, backfill_reservation)")


def test_a_pend_reason_of_no_known_form_is_still_counted_once_in_the_brief_form():
    """Kills: sim/verify.py:describe's count of a reason that is neither a triple nor a grouped entry mutated from
    += 1 to -= 1. A version 2 file's reasons are taken as they are when all are mappings, so a mapping without
    `code` reaches describe(); it is named by its first 40 characters of JSON and counted as one reason."""
    pend = {"round": 1, "job": "1", "kind": "pend", "position": 2, "reasons": [{"hosts": "h1"}, {"hosts": "h1"}]}
    assert describe(pend) == 'pend at position 2 (2 reasons: {"hosts": "h1"} x2)'


HEADER = '{"format":"refsim-sim-output","version":2}\n'
PEND = '{"round":1,"job":"1","kind":"pend","reasons":[]}\n'


@pytest.mark.parametrize("name, content, message", [
    ("cut.jsonl.gz", gzip.compress((HEADER + PEND).encode())[:-12],
     "cannot read: Compressed file ended before the end-of-stream marker was reached"),
    ("latin.jsonl", (HEADER + PEND.replace('"1"', '"\xe9"')).encode("latin-1"),
     "cannot read: 'utf-8' codec can't decode byte 0xe9 in position 61: invalid continuation byte"),
    ("header.jsonl", b"refsim-sim-output {\n", "line 1: not valid JSON: Expecting value"),
    ("recording.yaml", b"cluster: {}\n", "neither a --sim-output file nor a recording with a 'decisions' section"),
    ("cut-line.jsonl", (HEADER + '{"round":1,\n').encode(),
     "line 2: not valid JSON: Expecting property name enclosed in double quotes"),
    ("kind.jsonl", (HEADER + PEND.replace('"pend"', '"start"')).encode(), "line 2.kind: 'start' is not dispatch or pend"),
    ("no-reasons.jsonl", (HEADER + '{"round":1,"job":"1","kind":"pend"}\n').encode(),
     "line 2: a pend record needs 'reasons'"),
    ("pair.jsonl", (HEADER + PEND.replace("[]", '[["resource-shortfall","h1"]]')).encode(),
     "line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)"),
])
def test_an_expected_file_that_is_not_a_readable_output_is_named_with_its_line(tmp_path, name, content, message):
    """Kills: sim/output.py:iter_output's message for a cut gzip stream or bytes that are not UTF-8,
    _check_header's, _line_record's and _record's messages (a header or record line that is not JSON, a kind
    that is not a decision, a pend without reasons), _recording_decisions' message for a YAML file without
    decisions, and _canonical_reasons' message for a reason that is neither a triple nor a grouped entry."""
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == f"{path}: {message}"
