"""LSF import on hand-written records, each recording worked out by hand (tests/support/lsf.py writes the
records in IBM's documented layouts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.importers.lsf import lsf_import, reading_order
from refsim.importers.site import RunLimitChoice, SiteLogError
from refsim.model.history import RecordedJob
from refsim.sim.load import recording_from
from tests.support.lsf import job_finish, job_new, job_start, job_status, log

DONE, EXIT, PEND = 64, 32, 1


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _events(tmp_path: Path) -> str:
    # 1: submitted at 1000 for 2 slots with -W 600, runs 1010..1070 on h1 twice (2 slots).
    # 2: submitted at 1005, no resReq of its own (its effective one is taken), runs 1070..1100 on h1, exits.
    # 3: submitted at 1020, killed while pending at 1050 (EXIT, never started): submitted and removed.
    # 4: forwarded to another cluster; 5: still running when the log ends: both left out.
    return _write(tmp_path, "lsb.events", log(
        '"MBD_START" "10.108" 990 "master" "test" 2 1',
        '"LOAD_INDEX" "10.108" 995 2 "r15s" "r1m"',
        job_new(1, 1000, tasks=2, run_limit=600),
        job_new(2, 1005),
        job_start(1, 1010, ["h1", "h1"]),
        job_new(3, 1020),
        job_new(4, 1030),
        '"JOB_FORWARD" "10.108" 1031 4 0 "other" 0 1 "" -1 -1 "" -1',
        job_new(5, 1040),
        job_status(3, 1050, EXIT),
        job_status(1, 1070, DONE, end=1070),
        job_start(2, 1070, ["h1"], effective="select[type == any] order[r15s:pg] span[hosts=1]"),
        job_status(2, 1100, EXIT, end=1100),
        job_start(5, 1100, ["h2"])))


def test_an_event_log_becomes_a_recording_worked_by_hand(tmp_path):
    document, warnings, note, recorded = lsf_import([_events(tmp_path)], None, "UTC", RunLimitChoice())
    # time 0 is the first submit (1000); h1 held 2 slots at most (job 1), then 1 (job 2); h2 only by job 5
    assert document["epoch"] == {"unix": 1000.0, "timezone": "UTC"}
    assert document["cluster"]["hosts"] == [{"name": "h1", "slots": 2}]
    assert document["events"] == [
        {"time": 0.0, "submit": {"id": 1, "user": "alice", "queue": "normal", "tasks": 2, "run_time": 60.0,
                                 "run_limit": 600}},
        {"time": 5.0, "submit": {"id": 2, "user": "alice", "queue": "normal", "tasks": 1, "run_time": 30.0,
                                 "resreq": "span[hosts=1]"}},
        {"time": 20.0, "submit": {"id": 3, "user": "alice", "queue": "normal", "tasks": 1, "run_time": 0.0}},
        {"time": 50.0, "remove": "3"}]
    assert recorded == (RecordedJob("1", "normal", 0.0, 10.0, 70.0, (("h1", 2),)),
                        RecordedJob("2", "normal", 5.0, 70.0, 100.0, (("h1", 1),)),
                        RecordedJob("3", "normal", 20.0, None, 50.0, ()))
    # job 2's effective requirement: span kept, the other two sections named once each
    assert warnings == (
        "warning: the LSF log: 1 job asks for order[...], left out of their requirements (load indices and host "
        "order are not in the log)",
        "warning: the LSF log: 1 job asks for select[type == any], left out of their requirements (every host type "
        "matches, so nothing is lost)")
    assert note == (" (cluster test; hosts from the exec hosts seen, slots per host = the most used at once; left "
                    "out: 1 forwarded to another cluster, 1 still pending or running at the log's end; records not "
                    "needed: 1; 1 with a run limit, from the log)")  # LOAD_INDEX: MBD_START is read
    recording_from(document, "events")  # it loads


def test_a_requeued_job_runs_from_its_last_start(tmp_path):
    # started at 10, requeued (PEND) at 20, started again at 30, done at 40: it ran 10 s, from 30
    path = _write(tmp_path, "lsb.events", log(job_new(6, 0), job_start(6, 10, ["h"]), job_status(6, 20, PEND),
                                              job_start(6, 30, ["h"]), job_status(6, 40, DONE, end=40)))
    document, _, _, recorded = lsf_import([path], None, "UTC", RunLimitChoice())
    assert document["events"][0]["submit"]["run_time"] == 10.0
    assert recorded[0].start == 30.0


def test_an_array_is_one_submit_with_each_elements_run_time(tmp_path):
    # array 9 (`arr[1-3]`) at 100: element 1 runs 100..110, element 3 100..130, element 2 exits at 105 unstarted
    path = _write(tmp_path, "lsb.events", log(
        job_new(9, 100, name="arr[1-3]"), job_start(9, 100, ["h"], index=1), job_start(9, 100, ["h"], index=3),
        job_status(9, 105, EXIT, index=2), job_status(9, 110, DONE, end=110, index=1),
        job_status(9, 130, DONE, end=130, index=3)))
    document, _, _, recorded = lsf_import([path], None, "UTC", RunLimitChoice())
    assert document["events"] == [
        {"time": 0.0, "submit": {"id": 9, "user": "alice", "queue": "normal", "tasks": 1, "array": 3,
                                 "run_times": [10.0, 0.0, 30.0]}},
        {"time": 5.0, "remove": "9[2]"}]
    assert [r.job for r in recorded] == ["9[1]", "9[2]", "9[3]"]
    assert document["cluster"]["hosts"] == [{"name": "h", "slots": 2}]  # elements 1 and 3 at once
    recording_from(document, "array")


def test_accounting_records_worked_by_hand(tmp_path):
    # 1: 2 slots on a, 100..160; 2: never started (startTime 0), its record written at 120; 3: ran on b@other
    # (forwarded to another cluster): left out. -W 3600 on job 1.
    path = _write(tmp_path, "lsb.acct", "\n".join([
        job_finish(1, submit=100, start=100, end=160, hosts=["a", "a"], tasks=2, run_limit=3600),
        job_finish(2, submit=110, start=0, end=120, hosts=[]),
        job_finish(3, submit=90, start=95, end=99, hosts=["b@other"])]) + "\n")
    document, _, note, recorded = lsf_import([path], None, "UTC", RunLimitChoice(1.0))
    assert document["epoch"]["unix"] == 100.0
    assert document["events"] == [
        {"time": 0.0, "submit": {"id": 1, "user": "alice", "queue": "normal", "tasks": 2, "run_time": 60.0,
                                 "run_limit": 60.0}},  # --run-limit run-time: the run time, not -W
        {"time": 10.0, "submit": {"id": 2, "user": "alice", "queue": "normal", "tasks": 1, "run_time": 0.0}},
        {"time": 20.0, "remove": "2"}]
    assert recorded[0] == RecordedJob("1", "normal", 0.0, 0.0, 60.0, (("a", 2),))
    assert "left out: 1 forwarded to another cluster" in note and "1 with a run limit, from the run times" in note


def test_numaskedhosts_and_numexhosts_run_together_are_read_as_lsf_wrote_them(tmp_path):
    # `0 2` (numAskedHosts, numExHosts after the job file "0.4") written as `02`: no asked host, two exec hosts
    line = job_finish(4, submit=0, start=1, end=5, hosts=["a", "a"], tasks=2).replace('"0.4" 0 2 ', '"0.4" 02 ')
    assert '"0.4" 02 "a" "a"' in line
    _, _, _, recorded = lsf_import([_write(tmp_path, "lsb.acct", line + "\n")], None, "UTC", RunLimitChoice())
    assert recorded[0].hosts == (("a", 2),)


def test_a_10_1_record_may_end_after_numgpurusages_a_10_108_one_may_not(tmp_path):
    old = job_finish(5, submit=0, start=1, end=5, hosts=["a"], version="10.1")
    assert lsf_import([_write(tmp_path, "old", old + "\n")], None, "UTC", RunLimitChoice())[3][0].end == 5.0
    short = job_finish(5, submit=0, start=1, end=5, hosts=["a"], version="10.1").replace('"10.1"', '"10.108"')
    with pytest.raises(SiteLogError, match=r"new:1: JOB_FINISH field \d+ \(storageInfoC\): missing: the record "
                                           r"ends before it"):
        lsf_import([_write(tmp_path, "new", short + "\n")], None, "UTC", RunLimitChoice())


def test_rotated_files_are_read_oldest_first_whatever_the_order_given():
    given = ["lsb.events", "lsb.events.1", "other", "lsb.events.12", "lsb.events.2"]
    assert reading_order(given) == ["lsb.events.12", "lsb.events.2", "lsb.events.1", "lsb.events", "other"]


def test_a_later_file_whose_times_go_back_is_refused(tmp_path):
    # lsb.events.1 (older, read first) reaches 2000; lsb.events then has a record at 1500
    older = _write(tmp_path, "lsb.events.1", log(job_new(1, 1000), job_start(1, 2000, ["h"])))
    newer = _write(tmp_path, "lsb.events", log(job_status(1, 1500, DONE)))
    with pytest.raises(SiteLogError, match=r"lsb.events:2: JOB_STATUS field 3 \(event time\): 1500 is before 2000, "
                                           r"the latest time of the files read before this one"):
        lsf_import([newer, older], None, "UTC", RunLimitChoice())


def test_an_unknown_record_type_is_an_error_a_documented_one_is_counted(tmp_path):
    known = _write(tmp_path, "a", log(job_new(1, 0), '"JOB_MODIFY2" "10.108" 1 "1" 0', job_start(1, 1, ["h"]),
                                      job_status(1, 2, DONE)))
    assert "records not needed: 1" in lsf_import([known], None, "UTC", RunLimitChoice())[2]
    unknown = _write(tmp_path, "b", log(job_new(1, 0), '"JOB_DANCE" "10.108" 1 1'))
    with pytest.raises(SiteLogError, match=r"b:3: JOB_DANCE field 1 \(record type\): unknown record type "
                                           r"'JOB_DANCE'"):
        lsf_import([unknown], None, "UTC", RunLimitChoice())


def test_event_and_accounting_records_do_not_mix(tmp_path):
    path = _write(tmp_path, "mixed", log(job_new(1, 0), job_finish(1, submit=0, start=0, end=1, hosts=["h"])))
    with pytest.raises(SiteLogError, match=r"mixed:3: JOB_FINISH field 1 \(record type\): lsb.acct JOB_FINISH "
                                           r"records and lsb.events records are mixed"):
        lsf_import([path], None, "UTC", RunLimitChoice())


def test_a_hosts_file_gives_the_cluster_and_must_list_every_exec_host(tmp_path):
    acct = _write(tmp_path, "lsb.acct", job_finish(1, submit=0, start=1, end=9, hosts=["a", "b"], tasks=2) + "\n")
    bhosts = _write(tmp_path, "bhosts", "HOST_NAME STATUS JL/U MAX NJOBS RUN SSUSP USUSP RSV\n"
                                        "a ok - 4 0 0 0 0 0\nb ok - 8 0 0 0 0 0\nc closed - 2 0 0 0 0 0\n")
    document = lsf_import([acct], bhosts, "UTC", RunLimitChoice())[0]
    assert document["cluster"]["hosts"] == [{"name": "a", "slots": 4}, {"name": "b", "slots": 8},
                                            {"name": "c", "slots": 2}]
    lshosts = _write(tmp_path, "lshosts", "HOST_NAME type model cpuf ncpus maxmem maxswp server RESOURCES\n"
                                          "a X86_64 Intel 60.0 16 64G 8G Yes (mg)\n")
    with pytest.raises(SiteLogError, match=r"lshosts: job 1 ran on host b, which the file does not list"):
        lsf_import([acct], lshosts, "UTC", RunLimitChoice())


def test_times_out_of_order_by_a_clock_are_put_in_order(tmp_path):
    # started a second before its submit, ended before its start: it starts at its submit (100) and ends then
    path = _write(tmp_path, "lsb.acct", job_finish(1, submit=100, start=99, end=98, hosts=["h"]) + "\n")
    document, _, _, recorded = lsf_import([path], None, "UTC", RunLimitChoice())
    assert recorded == (RecordedJob("1", "normal", 0.0, 0.0, 0.0, (("h", 1),)),)
    assert document["events"][0]["submit"]["run_time"] == 0.0


def test_a_log_where_no_job_ran_needs_hosts(tmp_path):
    # job 1 never started (startTime 0): no exec host, so no cluster can be derived
    path = _write(tmp_path, "lsb.acct", job_finish(1, submit=0, start=0, end=5, hosts=[]) + "\n")
    with pytest.raises(SiteLogError, match=r"lsb.acct: no job ran, so the log names no host: give the cluster with "
                                           r"--hosts$"):
        lsf_import([path], None, "UTC", RunLimitChoice())
    hosts = _write(tmp_path, "bhosts", "HOST_NAME STATUS JL/U MAX\nh ok - 2\n")
    document = lsf_import([path], hosts, "UTC", RunLimitChoice())[0]
    assert document["events"] == [{"time": 0.0, "submit": {"id": 1, "user": "alice", "queue": "normal", "tasks": 1,
                                                           "run_time": 0.0}}, {"time": 5.0, "remove": "1"}]


def test_a_resize_record_in_an_accounting_file_is_counted_not_mixed(tmp_path):
    # JOB_RESIZE is an lsb.acct record type: counted among the records not needed, beside the JOB_FINISH
    path = _write(tmp_path, "lsb.acct", "\n".join([job_finish(1, submit=0, start=1, end=5, hosts=["h"]),
                                                   '"JOB_RESIZE" "10.108" 6 1 0']) + "\n")
    assert "records not needed: 1" in lsf_import([path], None, "UTC", RunLimitChoice())[2]
