"""SWF import: field mapping, malformed lines, and the real NASA log when it is present."""

import gzip
from pathlib import Path

import pytest

from refsim.importers.swf import SwfError, read_swf, swf_recording
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"
NASA = Path(__file__).resolve().parents[4] / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"


def test_fields_map_as_documented():
    doc = swf_recording(FIXTURE)
    assert [h["name"] for h in doc["cluster"]["hosts"]] == ["node0001", "node0002", "node0003", "node0004"]
    assert {q["name"] for q in doc["cluster"]["queues"]} == {"normal", "interactive", "batch", "q7"}
    jobs = {e["submit"]["id"]: e["submit"] for e in doc["events"]}
    # job 1: requested 4 processors, batch queue (1), user 1, group 1, requested time (field 9) 200 s
    assert jobs[1] == {"id": 1, "user": "u1", "project": "g1", "tasks": 4, "run_time": 100.0, "queue": "batch",
                       "run_limit": 200.0}
    # job 2: no request, so the 2 allocated processors; unknown run time (-1) runs 0 seconds; no requested time
    # (-1) means no run limit, so the key is absent
    assert (jobs[2]["tasks"], jobs[2]["run_time"], jobs[2]["queue"]) == (2, 0.0, "interactive")
    assert "run_limit" not in jobs[2]
    # job 3: unknown queue -> the default queue; job 4: unknown user and group, queue 7 has no name in the header
    assert jobs[3]["queue"] == "normal"
    assert (jobs[4]["user"], jobs[4]["project"], jobs[4]["queue"]) == ("unknown", "unknown", "q7")


def test_the_imported_recording_replays_every_job_once():
    records = []
    result = run_batch(recording_from(swf_recording(FIXTURE), "tiny"), on_record=records.append)
    assert result.statistics.dispatched == 4 and result.statistics.pending == 0
    assert sorted(r["job"] for r in records if r["kind"] == "dispatch") == ["1", "2", "3", "4"]


@pytest.mark.parametrize("line, problem", [
    ("1 0 -1 100 4", "expected 18 fields, found 5"),
    ("1 0 -1 100 x -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1", "a field is not a number (field 5: 'x')"),
    ("0 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1",
     "job number 0 is not a whole number from 1 to 999999999999999999"),
    ("1 -3 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1", "submit time -3 is negative"),
    ("1 0 -1 1000000000001 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1", "run time 1000000000001 is above 1000000000000"),
    ("1 0 -1 100 -1 -1 -1 -1 200 -1 1 1 1 -1 1 -1 -1 -1", "job 1 has neither requested nor allocated processors"),
])
def test_a_malformed_line_is_an_error_naming_its_line(tmp_path, line, problem):
    path = tmp_path / "bad.swf"
    path.write_text("; MaxNodes: 4\n\n" + line + "\n")
    with pytest.raises(SwfError) as caught:
        swf_recording(path)
    assert str(caught.value) == f"{path}:3: {problem}"


def test_a_job_larger_than_the_cluster_is_refused(tmp_path):
    with pytest.raises(SwfError, match="job 1 needs 4 processors but the cluster has 2"):
        swf_recording(FIXTURE, hosts=2)


def test_gzip_and_job_count(tmp_path):
    path = tmp_path / "tiny.swf.gz"
    with gzip.open(path, "wt") as out:
        out.write(FIXTURE.read_text())
    assert len(swf_recording(path, max_jobs=2)["events"]) == 2


@pytest.mark.skipif(not NASA.exists(), reason=f"the NASA iPSC log is not at {NASA}")
def test_the_nasa_log_replays_with_every_job_dispatched_exactly_once():
    doc = swf_recording(NASA)
    assert len(doc["events"]) == 18239 and len(doc["cluster"]["hosts"]) == 128
    records = []
    result = run_batch(recording_from(doc, "nasa"), on_record=records.append)
    dispatched = [r["job"] for r in records if r["kind"] == "dispatch"]
    assert len(dispatched) == 18239 and len(set(dispatched)) == 18239
    assert result.statistics.pending == 0 and result.statistics.finished == 18239


@pytest.mark.parametrize("name", ["log.swf", "log.swf.gz"])
def test_a_header_that_is_not_utf8_does_not_stop_the_import(tmp_path, name):
    """Kills: importers/swf.py:_open's `errors="replace"` mutated (for the plain and the gzip file): archive logs
    carry free-text header comments, sometimes in Latin-1; such a byte (0xe9, 'e' acute) is not UTF-8 and is
    replaced, so the comment reads 'caf\ufffd', while the jobs and the MaxNodes count import as usual."""
    data = b"; Note: caf\xe9\n; MaxNodes: 2\n1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n"
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    document = swf_recording(path)
    assert len(document["cluster"]["hosts"]) == 2
    assert [e["submit"]["id"] for e in document["events"]] == [1]


def test_every_queue_is_imported_at_one_priority_after_the_default_queue():
    """Kills: importers/swf.py:swf_recording's queue priorities `0` -> `1` (the default queue's or the others'): an
    archive log records no queue priorities, so every queue gets the same one and no queue's jobs go ahead of
    another's; the default queue `normal` comes first, then the log's queues by number (0 interactive, 1 batch, 7
    unnamed)."""
    assert swf_recording(FIXTURE)["cluster"]["queues"] == [
        {"name": "normal", "priority": 0}, {"name": "interactive", "priority": 0}, {"name": "batch", "priority": 0},
        {"name": "q7", "priority": 0}]


def test_a_log_queue_named_normal_is_the_default_queue_not_a_second_one(tmp_path):
    """Kills: importers/swf.py:swf_recording's `q != "normal"` -> `==` (a queue listed twice is refused on load)."""
    path = tmp_path / "log.swf"
    path.write_text("; MaxNodes: 1\n; Queue: 3 normal\n1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 3 -1 -1 -1\n"
                    "2 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n")
    document = swf_recording(path)
    assert document["cluster"]["queues"] == [{"name": "normal", "priority": 0}]
    assert [e["submit"]["queue"] for e in document["events"]] == ["normal", "normal"]


@pytest.mark.parametrize("name", ["log.swf", "log.swf.gz"])
def test_progress_reports_how_far_into_the_file_on_disk_reading_has_got(tmp_path, name):
    """Kills: importers/swf.py:_bytes_read's gzip return -> None and its gzip test negated (the position in the
    uncompressed text would be reported, far beyond the compressed file's size), and PROGRESS_LINES changed from
    4096. A log of 3 x 4096 lines (a header line, then like job lines) compresses to a small fraction of its text;
    progress is told after every 4096 lines, each time a position that grows and never passes the size of the file
    on disk."""
    text = "; MaxNodes: 2\n" + "".join(f"{n} 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n"
                                       for n in range(1, 3 * 4096))
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()) if name.endswith(".gz") else text.encode())
    told: list[int] = []
    read_swf(path, progress=told.append)
    size = path.stat().st_size
    assert len(told) == 3 and all(type(b) is int for b in told)
    assert 0 < told[0] < told[1] <= told[2] <= size


def test_a_truncated_gzip_log_is_a_one_line_error(tmp_path):
    """Kills: importers/swf.py:read_swf's message for a compressed log cut short (a download stopped half way):
    the gzip stream ends before its end marker, which is named, rather than importing the jobs read so far."""
    data = gzip.compress(FIXTURE.read_bytes())
    path = tmp_path / "cut.swf.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(SwfError) as caught:
        swf_recording(path)
    assert str(caught.value) == f"{path}: the compressed file is truncated"


def test_a_job_wider_than_100000_hosts_without_a_header_is_refused_pointing_at_hosts(tmp_path):
    """Kills: importers/swf.py:swf_recording's host-count check and its message: without MaxNodes the widest job
    sets the host count (one slot each), and 100,001 processors would need 100,001 hosts, one above the bound; the
    message says how to give a smaller cluster."""
    path = tmp_path / "wide.swf"
    path.write_text("1 0 -1 10 100001 -1 -1 100001 10 -1 1 1 1 -1 1 -1 -1 -1\n")
    with pytest.raises(SwfError) as caught:
        swf_recording(path)
    assert str(caught.value) == f"{path}: 100001 hosts would be needed (at most 100000; use --hosts)"
