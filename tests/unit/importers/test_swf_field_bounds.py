"""SWF fields at the edges docs/swf.md sets: the largest job number, user, group and queue numbers, times and host
counts taken; one past them refused with the whole message; 0 where -1 means unknown."""

import pytest

from refsim.importers.swf import SwfError, read_swf, swf_recording

FIELDS = "1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1".split()


def _log(tmp_path, *changes: dict[int, str], header: str = "; MaxNodes: 2\n"):
    """A log of one job line per `changes` (field number -> text), the other fields as in FIELDS."""
    lines = []
    for n, change in enumerate(changes, start=1):
        fields = list(FIELDS)
        fields[0] = str(n)
        for field, text in change.items():
            fields[field - 1] = text
        lines.append(" ".join(fields) + "\n")
    path = tmp_path / "log.swf"
    path.write_text(header + "".join(lines))
    return path


def _refusal(path) -> str:
    with pytest.raises(SwfError) as caught:
        swf_recording(path)
    return str(caught.value)


@pytest.mark.parametrize("change, value", [
    ({1: "999999999999999999"}, ("number", 999999999999999999)),
    ({12: "1000000000"}, ("user", "u1000000000")),
    ({13: "1000000000"}, ("project", "g1000000000")),
    ({15: "1000000000"}, ("queue_number", 1000000000)),
    ({2: "1000000000000"}, ("submit", 10**12)),
    ({4: "1000000000000"}, ("run", 10**12)),
])
def test_the_largest_documented_numbers_are_taken(tmp_path, change, value):
    """Kills: MAX_JOB_NUMBER (`10**18 - 1`) lowered, `abs(number) > MAX_ID` -> `>=`, and `submit > MAX_TIME` or
    `run > MAX_TIME` -> `>=`: job number 999999999999999999 (18 digits, the longest refsim job id), user, group and
    queue number 10^9, and a submit or run time of exactly 10^12 s are read as written. (The job number is read as
    the whole number written: read through a float, 999999999999999999 became 10^18, a 19-digit id.)"""
    job = read_swf(_log(tmp_path, change))[2][0]
    assert getattr(job, value[0]) == value[1]


@pytest.mark.parametrize("change, message", [
    ({1: "1000000000000000000"}, "job number 1000000000000000000 is not a whole number from 1 to 999999999999999999"),
    ({12: "1000000001"}, "a user, group or queue number is above 1000000000"),
    ({13: "-1000000001"}, "a user, group or queue number is above 1000000000"),
    ({15: "1000000001"}, "a user, group or queue number is above 1000000000"),
    ({3: "x"}, "a field is not a number (field 3: 'x')"),
    ({2: "1000000000001"}, "submit time 1000000000001 is above 1000000000000"),
])
def test_one_past_a_bound_is_refused_with_the_whole_message(tmp_path, change, message):
    """Kills: MAX_JOB_NUMBER (`10**18 - 1` -> `10**18 + 1`, `11**18`, `10**19`) and MAX_ID (`10**9` -> `11**9`,
    `10**10`) raised, the user/group/queue check's `any` -> `all` (one number above the bound is enough), and the
    field count starting at 2, and the submit-time message's text and quoted field."""
    path = _log(tmp_path, change)
    assert _refusal(path) == f"{path}:2: {message}"


def test_a_job_number_twice_is_refused_naming_the_second_line(tmp_path):
    """Kills: read_swf's `seen.add(job.number)` dropped (the second job 1 would overwrite the first)."""
    path = tmp_path / "log.swf"
    line = " ".join(FIELDS) + "\n"
    path.write_text("; MaxNodes: 2\n" + line + line)
    assert _refusal(path) == f"{path}:3: job number 1 appears twice"


@pytest.mark.parametrize("requested_time, limit", [("0", None), ("-1", None), ("1", 1.0), ("0.5", 0.5)])
def test_a_requested_time_of_0_or_unknown_is_no_run_limit(tmp_path, requested_time, limit):
    """Kills: _job's `numbers[8] > 0` -> `>= 0` (a requested time of 0 would kill the job at once) or `> 1` (half a
    second is a limit): docs/swf.md maps field 9 to `run_limit`, with -1 or 0 meaning none."""
    assert read_swf(_log(tmp_path, {9: requested_time}))[2][0].run_limit == limit


def test_no_processors_requested_means_the_allocation(tmp_path):
    """Kills: _job's `requested > 0` -> `>= 0`: a request of 0 processors is no request, so the 3 allocated count."""
    assert read_swf(_log(tmp_path, {5: "3", 8: "0"}))[2][0].tasks == 3


def test_submit_times_are_kept_as_logged_unless_scaled(tmp_path):
    """Kills: swf_recording's `time_scale` default `1.0` -> `2.0`: without a factor each submit event is at the
    job's submit time as logged."""
    path = _log(tmp_path, {2: "0"}, {2: "7.5"}, {2: "30"})
    assert [e["time"] for e in swf_recording(path)["events"]] == [0, 7.5, 30]


def test_a_job_as_wide_as_100000_hosts_is_imported_onto_100000_hosts(tmp_path):
    """Kills: swf_recording's `nodes > MAX_HOSTS` -> `>=`: without MaxNodes the widest job sets the host count, and
    exactly 100,000 hosts is within the bound."""
    path = _log(tmp_path, {5: "100000", 8: "100000"}, header="")
    hosts = swf_recording(path)["cluster"]["hosts"]
    assert len(hosts) == 100_000 and hosts[-1] == {"name": "node100000", "slots": 1}


def test_queues_are_listed_by_number_whatever_the_order_they_come_in(tmp_path):
    """Kills: swf_recording's `sorted` queue numbers -> `list` (a set's order: 16 before 1). The default queue
    first, then q1, then q16."""
    path = _log(tmp_path, {15: "16"}, {15: "1"})
    assert [q["name"] for q in swf_recording(path)["cluster"]["queues"]] == ["normal", "q1", "q16"]


def test_a_log_without_jobs_or_header_gets_one_host(tmp_path):
    """Kills: swf_recording's `default=1` -> `2`: with no MaxNodes, no --hosts and no job, the cluster is one host."""
    path = tmp_path / "empty.swf"
    path.write_text("; Comment: nothing ran\n")
    document = swf_recording(path)
    assert document["cluster"]["hosts"] == [{"name": "node0001", "slots": 1}] and document["events"] == []


def test_a_corrupt_gzip_log_is_a_one_line_error(tmp_path):
    """Kills: read_swf's message for a compressed log whose data are damaged (20 bytes after the gzip header
    zeroed): named as corrupt, not a traceback."""
    import gzip
    data = gzip.compress(("; MaxNodes: 2\n" + " ".join(FIELDS) + "\n").encode())
    path = tmp_path / "log.swf.gz"
    path.write_bytes(data[:10] + bytes(20) + data[30:])
    assert _refusal(path) == f"{path}: the compressed file is corrupt"


def test_progress_is_not_told_before_4096_lines(tmp_path):
    """Kills: read_swf's `number % PROGRESS_LINES == 0` -> `== 1` (progress told at the first line): 4095 lines
    are read without a report."""
    path = _log(tmp_path, *({} for _ in range(4094)))
    told: list[int] = []
    read_swf(path, progress=told.append)
    assert told == []
