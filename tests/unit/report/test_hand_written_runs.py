"""Runs read from hand-written --sim-output files: damaged files and decisions without times are one-line errors,
and the jobs moved most are listed in a fixed order whatever their ids look like."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.support.cli import run
from tests.support.runfiles import HEADER, write_run


def test_a_damaged_file_is_named_as_damaged(tmp_path: Path):
    """A .gz file cut short, or a plain file that is not UTF-8 text, is one line saying it is damaged, exit 2.
    Kills: report/runfile.py:read_run's message for a damaged file mutated or dropped (a traceback instead)."""
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(gzip.compress(json.dumps(HEADER).encode() + b"\n")[:-6])  # the gzip trailer lost
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(json.dumps(HEADER).encode() + b"\n\xff\n")
    for path in (cut, binary):
        result = run("report", str(path))
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == f"Error: {path}: is damaged (not UTF-8 text, or a broken .gz file)\n"


def test_a_diff_needs_the_times_of_the_decisions(tmp_path: Path):
    """A file written before decisions carried their session time cannot be matched by time: the diff says so
    instead of guessing. The metrics read no pend record, so the pend without a time reaches the diff's own check.
    Kills: report/diff.py:_instants's error for a decision without a time (dropped: a KeyError traceback)."""
    old = write_run(tmp_path / "old.jsonl", [
        {"kind": "submit", "job": "1", "queue": "q", "time": 0},
        {"kind": "pend", "job": "1", "round": 1, "position": 1, "reasons": []},
        {"kind": "end", "time": 5, "start": 0, "slots": 1}])
    result = run("diff", old, old)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {old}: its decisions carry no time (replay it again)\n"


def _run(path: Path, starts: dict[str, int]) -> str:
    """Every job submitted at 0 in queue q, started at its start on one slot, finished 10 s later; 12 slots."""
    records: list[dict[str, object]] = [{"kind": "submit", "job": j, "queue": "q", "time": 0} for j in starts]
    records += [{"kind": "dispatch", "job": j, "round": 1, "position": 1, "time": t,
                 "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1}}]}} for j, t in starts.items()]
    records += [{"kind": "finish", "job": j, "time": t + 10} for j, t in starts.items()]
    return write_run(path, [*records, {"kind": "end", "time": 30, "start": 0, "slots": 12}])


def test_the_ten_jobs_moved_most_with_ties_in_job_id_order(tmp_path: Path):
    """In A every job starts at 20. In B jobs x, 10, 9 and element 2 of array 1 start at 10 (10 s earlier), jobs
    1 to 8 at 15 (5 s earlier). The ten moved most: the four moved by 10 s, ties in job id order (array 1's
    element before job 9, job 9 before job 10 as numbers, an id that is not a job id last), then jobs 1 to 6;
    7 and 8 are left out. The same jobs the other way round are the ten started latest in B. Kills:
    report/diff.py:_order (ids compared as text, or the fallback for an id that is no job id) and TOP."""
    moved_more = {"x": 10, "10": 10, "9": 10, "1[2]": 10}
    a = _run(tmp_path / "a.jsonl", dict.fromkeys([*moved_more, *map(str, range(1, 9))], 20))
    b = _run(tmp_path / "b.jsonl", {**moved_more, **dict.fromkeys(map(str, range(1, 9)), 15)})
    expected = [f"  job {j}: 20.0 -> 10.0 (-10.0)" for j in ("1[2]", "9", "10", "x")]
    expected += [f"  job {j}: 20.0 -> 15.0 (-5.0)" for j in range(1, 7)]
    lines = run("diff", a, b).stdout.splitlines()
    start = lines.index("jobs started earlier in B (top 10):")
    assert lines[start + 1:start + 12] == [*expected, "jobs started later in B: none"]
    back = run("diff", b, a).stdout.splitlines()
    start = back.index("jobs started later in B (top 10):")
    assert back[start + 1:start + 11] == [line.replace("20.0 -> 10.0 (-10.0)", "10.0 -> 20.0 (+10.0)")
                                          .replace("20.0 -> 15.0 (-5.0)", "15.0 -> 20.0 (+5.0)") for line in expected]


def test_a_record_without_a_usable_time_is_named_once(tmp_path: Path):
    """A submit record whose time is missing has no time: one error saying so, not wrapped in a second one. One
    whose time is `true` (a boolean, though Python counts it as 1) is refused by the run reader, naming the line and
    the field. Kills: report/metrics.py:_time and sim/runfile.py:run_record accepting a boolean, and
    MetricsBuilder.add wrapping its own error as a malformed record."""
    for time, problem in (({}, "a submit record of job 1 has no time (written before decisions carried times? "
                               "replay it again with --sim-output)"),
                          ({"time": True}, "line 2.time: expected a number, found a boolean True")):
        written = write_run(tmp_path / "t.jsonl", [{"kind": "submit", "job": "1", "queue": "q", **time}])
        result = run("report", written)
        assert result.exit_code == 2
        assert result.stderr == f"Error: {written}: {problem}\n"


def test_a_host_that_takes_no_slots_adds_no_slot_seconds_and_a_second_dispatch_changes_nothing(tmp_path: Path):
    """Job 1 is dispatched at 0 on host a (2 slots) and host b (memory only, no slots), and a second dispatch record
    of it follows at 5; it finishes at 10, the end of a run on 4 slots. It used 2 slots for 10 s: 20 of 40
    slot-seconds, 50%; the series count it once. Kills: report/metrics.py:_tasks counting a host without slots as
    one slot, and report/series.py:run_series taking the second dispatch as another start."""
    from refsim.report.metrics import run_metrics
    from refsim.report.runfile import read_run
    from refsim.report.series import run_series

    dispatch = {"kind": "dispatch", "job": "1", "round": 1, "position": 1,
                "allocation": {"hosts": [{"host": "a", "resources": {"slots": 2}},
                                         {"host": "b", "resources": {"mem": 4}}]}}
    run = write_run(tmp_path / "two-hosts.jsonl", [
        {"kind": "submit", "job": "1", "queue": "q", "time": 0}, {**dispatch, "time": 0}, {**dispatch, "time": 5},
        {"kind": "finish", "job": "1", "time": 10}, {"kind": "end", "time": 10, "start": 0, "slots": 4}])
    assert run_metrics(read_run(run), str(run)).overall.utilisation == 0.5
    series = run_series(read_run(run), str(run))
    assert (series.times, series.pending, series.busy) == ((0, 10), (0, 0), (2, 0))


def test_blank_lines_in_a_run_are_skipped(tmp_path: Path):
    """A blank line (an editor's, say) between records is no record. Kills: report/runfile.py:read_run reading a
    blank line as a record (`not valid JSON`)."""
    from refsim.report.metrics import run_metrics
    from refsim.report.runfile import read_run

    path = tmp_path / "blank.jsonl"
    path.write_text(json.dumps(HEADER) + "\n\n" + json.dumps({"kind": "end", "time": 5, "start": 0, "slots": 1})
                    + "\n  \n")
    assert [r["kind"] for r in read_run(path)] == ["end"]
    assert run_metrics(read_run(path), str(path)).span.end == 5


def test_a_job_moved_by_one_second_is_listed_and_an_unmoved_job_is_not(tmp_path: Path):
    """In A jobs 1, 2 and 3 start at 20; in B job 1 starts at 21 (1 s later), job 2 at 19 (1 s earlier), job 3
    at 20 again. Any move, however small, is a move: job 2 alone is earlier, job 1 alone is later, and job 3,
    unmoved, is in neither list. Kills: report/diff.py:diff_runs keeping only jobs later by more than 1 s."""
    a = _run(tmp_path / "a.jsonl", {"1": 20, "2": 20, "3": 20})
    b = _run(tmp_path / "b.jsonl", {"1": 21, "2": 19, "3": 20})
    lines = run("diff", a, b).stdout.splitlines()
    start = lines.index("jobs started earlier in B (top 1):")
    assert lines[start:start + 4] == ["jobs started earlier in B (top 1):", "  job 2: 20.0 -> 19.0 (-1.0)",
                                      "jobs started later in B (top 1):", "  job 1: 20.0 -> 21.0 (+1.0)"]


def test_the_95th_percentile_wait_of_twenty_jobs_is_the_19th(tmp_path: Path):
    """Twenty jobs submitted at 0 start at 20, 19, ..., 1 s (job 1 first at 20 s, job 20 at 1 s), so their waits
    are 1 to 20 s, in the file's job order from the longest down. The nearest-rank 95th percentile is rank
    ceil(0.95 x 20) = 19 of the waits sorted: 19 s (a 96th percentile would be rank ceil(19.2) = 20), and the
    longest is 20 s whatever order the jobs came in. Kills: report/metrics.py:group_metrics's p95 taken at another
    percent (95 -> 96), and its waits left unsorted (the last job's wait, 1 s, taken as the longest)."""
    from refsim.report.metrics import run_metrics
    from refsim.report.runfile import read_run

    run = _run(tmp_path / "twenty.jsonl", {str(j): 21 - j for j in range(1, 21)})
    overall = run_metrics(read_run(run), run).overall
    assert (overall.wait_p95, overall.wait_max) == (19, 20)


def test_a_run_file_that_is_not_there_is_named_as_unreadable(tmp_path: Path):
    """The operating system's own words for why a file cannot be read, after the file's name: one line, exit 2.
    Kills: report/runfile.py:read_run's `cannot read` text mutated, and its reason taken as the whole exception
    text (`[Errno 2] ... 'path'`) instead of the reason alone."""
    missing = tmp_path / "missing.jsonl"
    result = run("report", str(missing))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: {missing}: cannot read: No such file or directory\n"
