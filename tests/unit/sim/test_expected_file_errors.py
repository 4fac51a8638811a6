"""--sim-verify's expected file refused in one line naming the file and what is wrong with it (docs/simulator.md,
"--sim-verify": exit 2 when the expected file cannot be read or is malformed)."""

import gzip

import pytest

from refsim.sim.runfile import read_output
from refsim.sim.reader import RecordingError
from refsim.sim.verify import describe


def test_a_missing_expected_file_is_named_with_the_systems_reason_alone(tmp_path):
    """Kills: sim/runfile.py:iter_output's `exc.strerror or exc` mutated to `and` (the message would repeat the
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
    # mtime=0: the header's time is part of the test's id, which every process collecting the suite must agree on
    ("cut.jsonl.gz", gzip.compress((HEADER + PEND).encode(), mtime=0)[:-12],
     "is damaged (not UTF-8 text, or a broken .gz file)"),
    ("latin.jsonl", (HEADER + PEND.replace('"1"', '"\xe9"')).encode("latin-1"),
     "is damaged (not UTF-8 text, or a broken .gz file)"),
    ("header.jsonl", b"refsim-sim-output {\n", "line 1: not valid JSON: Expecting value"),
    ("recording.yaml", b"cluster: {}\n", "neither a --sim-output file nor a recording with a 'decisions' section"),
    ("cut-line.jsonl", (HEADER + '{"round":1,\n').encode(),
     "line 2: not valid JSON: Expecting property name enclosed in double quotes"),
    ("kind.jsonl", (HEADER + PEND.replace('"pend"', '"start"')).encode(), "line 2.kind: 'start' is not dispatch or pend"),
    ("no-reasons.jsonl", (HEADER + '{"round":1,"job":"1","kind":"pend"}\n').encode(),
     "line 2: a pend record needs 'reasons'"),
    ("pair.jsonl", (HEADER + PEND.replace("[]", '[["resource-shortfall","h1"]]')).encode(),
     "line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)"),
    ("mixed.jsonl", (HEADER + PEND.replace("[]", '[{"code":"resource-shortfall"},["resource-shortfall","h1",""]]')
                     ).encode(),
     "line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)"),
    ("code.jsonl", (HEADER + PEND.replace("[]", '[["no-such-code","h1",""]]')).encode(),
     "line 2.reasons[0]: unknown pend reason code 'no-such-code'"),
    ("detail.jsonl", (HEADER + PEND.replace("[]", '[["resource-shortfall","h1",5]]')).encode(),
     "line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)"),
    ("job.jsonl", (HEADER + PEND.replace('"1"', '["1"]')).encode(), "line 2.job: expected text, found a list"),
])
def test_an_expected_file_that_is_not_a_readable_output_is_named_with_its_line(tmp_path, name, content, message):
    """Kills: sim/runlines.py's message for a cut gzip stream or bytes that are not UTF-8 (the one run reader's,
    shared with the report commands), run_header's, parse_line's and _record's messages (a header or record line
    that is not JSON, a kind that is not a decision, a pend without reasons), _recording_decisions' message for a
    YAML file without decisions, and _canonical_reasons' message for a reason that is neither a triple nor a
    grouped entry.
    Also kills: _canonical_reasons taking a list that mixes grouped entries and triples as grouped (`all` ->
    `any`: only a list of grouped entries alone is version 2, and a triple is three texts, not any with one text)
    and its unknown-code message mutated; _record's
    check that the job is text dropped (a list would be written as its Python text)."""
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == f"{path}: {message}"


@pytest.mark.parametrize("header, shown", [
    ('{"format":"refsim-sim-output","version":9}', "9"), ('{"format":"refsim-sim-output","version":4}', "4"),
    ('{"format":"refsim-sim-output","version":"2"}', "'2'"),
])
def test_an_output_format_version_this_refsim_does_not_read_is_named_with_the_versions_it_reads(
        tmp_path, header, shown):
    """Kills: sim/runfile.py:run_header's message texts mutated (the test of version 9 matched a part of the
    message only). A header's version is shown as Python writes it (a string in quotes); this refsim reads
    versions 1 to 3 (3: a header with an epoch)."""
    path = tmp_path / "future.jsonl"
    path.write_text(header + "\n" + PEND, encoding="utf-8")
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == (f"{path}: line 1: unsupported output format version {shown} "
                                 "(this refsim reads 1 to 3)")


def test_a_header_without_a_version_is_read_as_version_1(tmp_path):
    """Version 1 files written before the header carried a version are still read: their [code, host, detail]
    reasons come back grouped as version 2 writes them."""
    path = tmp_path / "old.jsonl"
    path.write_text('{"format":"refsim-sim-output"}\n'
                    + PEND.replace("[]", '[["resource-shortfall","h2","mem"],["resource-shortfall","h1","mem"]]'),
                    encoding="utf-8")
    (record,) = read_output(path)
    assert record["reasons"] == [{"code": "resource-shortfall", "detail": "mem", "hosts": "h[1-2]", "count": 2}]


def test_reasons_mixing_grouped_entries_and_triples_are_refused(tmp_path):
    """Kills: sim/output.py:_canonical_reasons' test that every entry is a group, `all(...)` mutated to `any(...)`
    (a list holding one grouped entry would be taken whole, its triple unchecked). A pend's reasons are all version
    2 groups or all version 1 triples: the first entry, a group, is not a triple, so it is named."""
    path = tmp_path / "mixed.jsonl"
    path.write_text(HEADER + PEND.replace(
        "[]", '[{"code":"resource-shortfall","detail":"mem","hosts":"h1","count":1},["resource-shortfall","h2","mem"]]'),
        encoding="utf-8")
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == (f"{path}: line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) "
                                 "or a grouped entry (version 2)")


def test_a_triple_with_a_detail_that_is_not_text_is_refused(tmp_path):
    """Kills: sim/output.py:_canonical_reasons' check that each of a triple's three parts is text, `all(...)`
    mutated to `any(...)` (a number as the detail would be grouped as if it were one)."""
    path = tmp_path / "number.jsonl"
    path.write_text(HEADER + PEND.replace("[]", '[["resource-shortfall","h1",4]]'), encoding="utf-8")
    with pytest.raises(RecordingError) as raised:
        read_output(path)
    assert str(raised.value) == (f"{path}: line 2.reasons[0]: a pend reason is [code, host, detail] (version 1) "
                                 "or a grouped entry (version 2)")
