"""--sim-output version 2: grouped pend reasons with compressed host lists, gzip output, version 1 still read,
and --sim-verify comparing as it reads."""

import gzip
import json

import pytest

from refsim.sched.decisions import PendCode, PendReason
from refsim.sim.batch import demo_recording, run_batch
from refsim.sim.output import VERSION, host_list, reason_groups
from refsim.sim.runfile import read_output
from refsim.sim.reader import RecordingError
from refsim.sim.verify import Verifier


@pytest.mark.parametrize("names, expected", [
    # 1-24 and 31 share the prefix and the width 4: one bracket with a range and a single number
    ([f"node{i:04d}" for i in list(range(1, 25)) + [31]], "node[0001-0024,0031]"),
    (["node0007"], "node0007"),  # one name alone is written as it is
    (["hostA", "hostB"], "hostA,hostB"),  # no numeric suffix: as they are, sorted
    (["h9", "h10", "h11"], "h[10-11],h9"),  # sorted by name h10 h11 h9; width 1 does not join width 2
    (["gpu01", "gpu02", "gpu04", "login"], "gpu[01-02,04],login"),
])
def test_host_lists_collapse_equal_width_numbered_names(names, expected):
    assert host_list(names) == expected


def test_reasons_group_by_code_and_detail_in_code_order():
    reasons = [PendReason(PendCode.CLUSTER_LIMIT, "", "lim[user=a] slots"),
               PendReason(PendCode.RESOURCE_SHORTFALL, "node0002", "slots"),
               PendReason(PendCode.RESOURCE_SHORTFALL, "node0001", "slots"),
               PendReason(PendCode.RESOURCE_SHORTFALL, "node0003", "mem"),
               PendReason(PendCode.HOST_CLOSED, "node0009", "")]
    # code order: cluster-limit (job level, no hosts), host-closed, resource-shortfall (mem before slots)
    assert reason_groups(reasons) == [
        {"code": "cluster-limit", "detail": "lim[user=a] slots"},
        {"code": "host-closed", "detail": "", "hosts": "node0009", "count": 1},
        {"code": "resource-shortfall", "detail": "mem", "hosts": "node0003", "count": 1},
        {"code": "resource-shortfall", "detail": "slots", "hosts": "node[0001-0002]", "count": 2},
    ]


def test_gzip_output_is_written_and_verified(tmp_path):
    out = tmp_path / "out.jsonl.gz"
    first = run_batch(demo_recording(), output=out)
    with gzip.open(out, "rt", encoding="utf-8") as f:
        header = json.loads(f.readline())
    assert header["version"] == VERSION == 2
    plain = tmp_path / "out.jsonl"
    run_batch(demo_recording(), output=plain)
    assert read_output(out) == read_output(plain)
    again = run_batch(demo_recording(), verify=out)
    assert again.mismatches == () and again.compared == first.decisions


def test_version_1_files_still_verify(tmp_path):
    """A version 1 file writes reasons as [code, host, detail] triples; it is read in the grouped form."""
    out = tmp_path / "v2.jsonl"
    run_batch(demo_recording(), output=out)
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = 1
    v1 = [json.dumps(header)]
    for line in lines[1:]:
        record = json.loads(line)
        if record["kind"] == "pend":
            triples = []
            for group in record["reasons"]:
                hosts = [""] if "hosts" not in group else _expand(group["hosts"])
                triples += [[group["code"], h, group["detail"]] for h in hosts]
            record["reasons"] = triples
        v1.append(json.dumps(record))
    old = tmp_path / "v1.jsonl"
    old.write_text("\n".join(v1) + "\n")
    assert any(isinstance(r, list) for line in v1[1:] for r in json.loads(line).get("reasons", []))
    result = run_batch(demo_recording(), verify=old)
    decisions = sum(json.loads(line).get("kind") in ("dispatch", "pend") for line in lines[1:])
    assert result.mismatches == () and result.compared == decisions


def _expand(hosts: str) -> list[str]:
    # the demo's hosts have no numeric suffix, so its host lists are plain comma lists
    assert "[" not in hosts
    return hosts.split(",")


def test_an_unknown_version_is_refused(tmp_path):
    bad = tmp_path / "v9.jsonl"
    bad.write_text('{"format":"refsim-sim-output","version":9}\n')
    with pytest.raises(RecordingError, match="unsupported output format version 9"):
        read_output(bad)


def test_a_bad_reason_entry_names_the_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format":"refsim-sim-output","version":1}\n'
                   '{"round":1,"job":"1","kind":"pend","reasons":[["no-such-code","",""]]}\n')
    with pytest.raises(RecordingError, match=r"line 2.*unknown pend reason code 'no-such-code'"):
        read_output(bad)


def test_the_verifier_reports_missing_unexpected_and_different_decisions_round_by_round():
    def rec(round_no, job, detail):
        return {"round": round_no, "job": job, "kind": "pend", "position": 1,
                "reasons": [{"code": "no-plan", "detail": detail}]}
    expected = [rec(1, "a", "x"), rec(1, "b", "x"), rec(3, "c", "x")]
    verifier = Verifier(iter(expected))
    verifier.add(rec(1, "a", "x"))  # same
    verifier.add(rec(2, "d", "x"))  # unexpected; closes round 1, where b was never decided
    verifier.add(rec(3, "c", "y"))  # different
    found = [(m.round, m.job, m.expected is not None, m.got is not None) for m in verifier.finish()]
    assert found == [(1, "b", True, False), (2, "d", False, True), (3, "c", True, True)]
    assert verifier.compared == 4  # a, b, d, c


def test_the_verifier_holds_one_round_of_expected_decisions():
    """Expected records are pulled lazily: after round 1 is compared, round 3's records are not yet read."""
    pulled = []

    def expected():
        for round_no in (1, 1, 2, 3, 3):
            pulled.append(round_no)
            yield {"round": round_no, "job": str(len(pulled)), "kind": "pend", "position": 1, "reasons": []}
    verifier = Verifier(expected())
    verifier.add({"round": 1, "job": "1", "kind": "pend", "position": 1, "reasons": []})
    assert pulled == [1, 1, 2]  # round 1 and the first record beyond it


def test_gzip_output_is_compressed_at_level_3_without_a_time_stamp(tmp_path):
    """Kills: sim/output.py:COMPRESSLEVEL mutated from 3 (docs/simulator.md: a `.gz` output is compressed at gzip
    level 3, faster than the default 6 for a slightly larger file). The file's deflate stream (after gzip's 10-byte
    header) is exactly what zlib's level 3 gives for the same lines, and the header's time stamp is 0, so two runs
    give byte-identical files."""
    import zlib

    out = tmp_path / "out.jsonl.gz"
    run_batch(demo_recording(), output=out)
    raw = out.read_bytes()
    text = gzip.decompress(raw)
    level_3 = zlib.compressobj(3, zlib.DEFLATED, -zlib.MAX_WBITS)  # raw deflate, as inside a gzip member
    assert raw[10:-8] == level_3.compress(text) + level_3.flush()
    assert raw[4:8] == b"\0\0\0\0"  # MTIME
