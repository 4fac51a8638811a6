"""--sim-verify's expected file refused in one line naming the file and what is wrong with it (docs/simulator.md,
"--sim-verify": exit 2 when the expected file cannot be read or is malformed)."""

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
