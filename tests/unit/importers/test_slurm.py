"""Slurm sacct import on hand-written lines, each recording worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.importers.site import RunLimitChoice, SiteLogError
from refsim.importers.slurm import FIELDS, slurm_import
from refsim.model.history import RecordedJob
from refsim.sim.load import recording_from


def line(job: str, submit: str, start: str, end: str, *, state: str = "COMPLETED", cpus: int = 1, nodes: int = 1,
         partition: str | None = "batch") -> str:
    """One sacct line of the documented field list; the fields refsim does not read hold sacct's usual values."""
    values = dict.fromkeys(FIELDS, "")
    values.update(State=state, JobID=job, ReqCPUS=str(cpus), ReqNodes="1", Submit=submit, Eligible=submit,
                  Start=start, End=end, AllocNodes=str(nodes), NCPUS=str(cpus), Elapsed="00:00:00",
                  Suspended="00:00:00", ExitCode="0:0")
    cells = [values[f] for f in FIELDS[:-1]] + ([] if partition is None else [partition])
    return "|".join(cells)


def _write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "sacct.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_jobs_steps_arrays_and_a_job_cancelled_while_pending(tmp_path):
    # 10: 2 CPUs on 1 node, 12:00:10..12:01:10 (60 s); its step 10.batch is skipped.
    # 11_0 and 11_1: elements 1 and 2 of array 11 (Slurm counts from 0), each 1 CPU, 12:00:00 -> 30 s and 90 s.
    # 12: cancelled while pending (no start, no node) at 12:02:00: submitted at 12:00:05 and removed.
    path = _write(tmp_path, "# a comment", "",
                  line("10", "2024-01-01T12:00:02", "2024-01-01T12:00:10", "2024-01-01T12:01:10", cpus=2),
                  line("10.batch", "2024-01-01T12:00:10", "2024-01-01T12:00:10", "2024-01-01T12:01:10"),
                  line("11_0", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:00:30"),
                  line("11_1", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:01:30"),
                  line("12", "2024-01-01T12:00:05", "Unknown", "2024-01-01T12:02:00", state="CANCELLED by 7",
                       nodes=0))
    document, warnings, note, recorded = slurm_import(path, None, None, "UTC", RunLimitChoice())
    zero = 1704110400  # 2024-01-01T12:00:00Z
    assert document["epoch"] == {"unix": float(zero), "timezone": "UTC"}
    assert document["events"] == [
        {"time": 0.0, "submit": {"id": 11, "user": "user", "queue": "batch", "tasks": 1, "array": 2,
                                 "run_times": [30.0, 90.0]}},
        {"time": 2.0, "submit": {"id": 10, "user": "user", "queue": "batch", "tasks": 2, "run_time": 60.0}},
        {"time": 5.0, "submit": {"id": 12, "user": "user", "queue": "batch", "tasks": 1, "run_time": 0.0}},
        {"time": 120.0, "remove": "12"}]
    # derived: 2 CPUs per node (job 10); at most 3 nodes at once (10, 11[1], 11[2] from 12:00:10 to 12:00:30)
    assert document["cluster"]["hosts"] == [{"name": f"node000{i}", "slots": 2} for i in (1, 2, 3)]
    assert note.startswith(" (3 nodes x 2 CPUs, derived from AllocNodes and NCPUS; 0 with a run limit")
    # first fit at each recorded start: 11[1] and 11[2] fill node0001 at 0; 10 takes node0002 at 10
    assert recorded == (RecordedJob("11[1]", "batch", 0.0, 0.0, 30.0, (("node0001", 1),)),
                        RecordedJob("11[2]", "batch", 0.0, 0.0, 90.0, (("node0001", 1),)),
                        RecordedJob("10", "batch", 2.0, 10.0, 70.0, (("node0002", 2),)),
                        RecordedJob("12", "batch", 5.0, None, 120.0, ()))
    assert warnings == ()
    recording_from(document, "sacct")


def test_the_cluster_and_run_limits_from_options_and_times_in_a_zone(tmp_path):
    # 12:00 in UTC+02:00 is 10:00 UTC; 4 nodes x 8 CPUs given; run limits = 2 x the run time (60 s)
    path = _write(tmp_path, line("7", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:01:00",
                                 partition=None))
    document, _, note, _ = slurm_import(path, 4, 8, "UTC+02:00", RunLimitChoice(2.0))
    assert document["epoch"] == {"unix": 1704103200.0, "timezone": "UTC+02:00"}
    assert [h["slots"] for h in document["cluster"]["hosts"]] == [8, 8, 8, 8]
    assert document["events"][0]["submit"] == {"id": 7, "user": "user", "queue": "normal", "tasks": 1,
                                               "run_time": 60.0, "run_limit": 120.0}
    assert note == " (4 nodes x 8 CPUs, given; 1 with a run limit, from the run times x 2)"


@pytest.mark.parametrize("bad, message", [
    ("a|b|c", r"sacct.txt:1: 3 fields, expected 25 or 26"),
    (line("x9", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:01:00"),
     r"sacct.txt:1: field 2 \(JobID\): 'x9' is not a job id"),
    (line("9", "yesterday", "2024-01-01T12:00:00", "2024-01-01T12:01:00"),
     r"sacct.txt:1: field 7 \(Submit\): 'yesterday' is not an ISO time"),
    (line("9", "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:01:00", cpus=-2),
     r"sacct.txt:1: field 16 \(NCPUS\): '-2' is not a count"),
    ("x" * 70_000, r"sacct.txt:1: the line is longer than 65536 bytes"),
])
def test_a_bad_line_names_its_field(tmp_path, bad, message):
    with pytest.raises(SiteLogError, match=message):
        slurm_import(_write(tmp_path, bad), None, None, "UTC", RunLimitChoice())


def test_a_schedule_that_does_not_fit_the_given_nodes_is_refused(tmp_path):
    # two 1-CPU jobs at once on one 1-CPU node
    path = _write(tmp_path, *(line(str(n), "2024-01-01T12:00:00", "2024-01-01T12:00:00", "2024-01-01T12:01:00")
                              for n in (1, 2)))
    with pytest.raises(SiteLogError, match=r"job 2 held 1 slots at its recorded start, more than the cluster had"):
        slurm_import(path, 1, 1, "UTC", RunLimitChoice())
