"""SWF import: the cluster's shape from the header, the --hosts override, and ids 0 that are real ids."""

import pytest

from refsim.importers.swf import SwfError, swf_recording

LINE = "{n} 0 -1 10 {tasks} -1 -1 {tasks} 10 -1 1 {user} 1 -1 1 -1 -1 -1\n"


def _log(tmp_path, header: str, *jobs: tuple[int, int, int]):
    path = tmp_path / "log.swf"
    path.write_text(header + "".join(LINE.format(n=n, tasks=t, user=u) for n, t, u in jobs))
    return path


def _shape(doc: dict) -> tuple[int, set[int]]:
    hosts = doc["cluster"]["hosts"]
    return len(hosts), {h["slots"] for h in hosts}


def test_max_procs_over_max_nodes_gives_the_slots_per_host(tmp_path):
    """Kills: `procs // nodes` -> `procs / nodes` or `procs * nodes` (slots 4.0 or 16), and `MaxProcs` ignored."""
    # 2 nodes, 8 processors: 2 hosts of 8 // 2 = 4 slots (an int: recordings take whole slots).
    doc = swf_recording(_log(tmp_path, "; MaxNodes: 2\n; MaxProcs: 8\n", (1, 3, 1)))
    assert _shape(doc) == (2, {4})
    assert all(type(h["slots"]) is int for h in doc["cluster"]["hosts"])


def test_without_a_header_the_widest_job_sets_the_hosts(tmp_path):
    """Kills: `_positive`'s test negated (an absent MaxNodes would count as positive) and the `or` chain turned
    into `and` (no fallback to the widest job)."""
    # No MaxNodes or MaxProcs: as many one-slot hosts as the widest job asks (5).
    assert _shape(swf_recording(_log(tmp_path, "", (1, 2, 1), (2, 5, 1)))) == (5, {1})


def test_a_header_value_of_0_is_not_a_size(tmp_path):
    """Kills: `hosts or _positive(...) or max(...)` losing its last fallback (MaxNodes 0 would make an empty
    cluster). (`> 0` -> `>= 0` in _positive is equivalent: every caller treats 0 as absent through `or`.)"""
    assert _shape(swf_recording(_log(tmp_path, "; MaxNodes: 0\n", (1, 3, 1)))) == (3, {1})


def test_hosts_overrides_the_header(tmp_path):
    """Kills: `hosts or ...` -> `hosts and ...` (the override ignored)."""
    assert _shape(swf_recording(_log(tmp_path, "; MaxNodes: 2\n", (1, 2, 1)), hosts=6))[0] == 6


def test_a_job_wider_than_the_cluster_is_an_error_naming_it_and_the_way_out(tmp_path):
    """Kills: the error text mutated, and `>` -> `>=` (a job exactly as wide as the cluster is fine)."""
    # 2 nodes of 3 slots: 6 processors (not 2 + 3); job 1 takes all 6, job 2 asks 7.
    path = _log(tmp_path, "; MaxNodes: 2\n; MaxProcs: 6\n", (1, 6, 1), (2, 7, 1))
    with pytest.raises(SwfError) as caught:
        swf_recording(path)
    assert str(caught.value) == f"{path}: job 2 needs 7 processors but the cluster has 6 (use --hosts)"


def test_user_and_group_0_are_real_ids_not_unknown(tmp_path):
    """Kills: `user >= 0` -> `user >= 1` and `group >= 0` -> `group >= 1` (id 0 would be imported as
    'unknown'; only -1 means unknown in SWF)."""
    path = tmp_path / "log.swf"
    path.write_text("; MaxNodes: 2\n1 0 -1 10 1 -1 -1 1 10 -1 1 0 0 -1 1 -1 -1 -1\n")
    submit = swf_recording(path)["events"][0]["submit"]
    assert (submit["user"], submit["project"]) == ("u0", "g0")


def test_an_unreadable_log_names_the_cause(tmp_path):
    """Kills: `exc.strerror or exc` -> `and` in read_swf (the message would carry Python's errno text)."""
    with pytest.raises(SwfError) as caught:
        swf_recording(tmp_path)
    assert str(caught.value) == f"{tmp_path}: cannot read: Is a directory"


@pytest.mark.parametrize("count", ["100000000000000000001", "1" + "0" * 30, "0100001"])
def test_a_header_count_above_its_bound_is_refused_however_long(tmp_path, count):
    """Kills: importers/swf.py:_positive treating a count above 10^18 (or longer than a document's 19 digits) as
    absent, so a MaxNodes far above the 100,000 hosts docs/swf.md allows was silently replaced by the widest job;
    and its digits test or bound mutated. A leading 0 does not hide a count above the bound."""
    with pytest.raises(SwfError) as caught:
        swf_recording(log := _log(tmp_path, f"; MaxNodes: {count}\n", (1, 3, 1)))
    assert str(caught.value) == f"{log}:1: header MaxNodes: {count} is above the bound 100000"


def test_max_procs_exactly_at_its_bound_is_taken(tmp_path):
    """MaxProcs may be up to 100,000 hosts x 1,000,000 tasks = 10^11: exactly that is read (2 nodes of 5 x 10^10
    slots each), one more is refused."""
    assert _shape(swf_recording(_log(tmp_path, "; MaxNodes: 2\n; MaxProcs: 100000000000\n", (1, 3, 1)))) == (
        2, {50_000_000_000})
    with pytest.raises(SwfError) as caught:
        swf_recording(log := _log(tmp_path, "; MaxNodes: 2\n; MaxProcs: 100000000001\n", (1, 3, 1)))
    assert str(caught.value) == f"{log}:2: header MaxProcs: 100000000001 is above the bound 100000000000"


def _job_line(requested: int, allocated: int) -> str:
    # fields 5 (allocated) and 8 (requested processors) of job 1; the rest as in LINE
    return f"1 0 -1 10 {allocated} -1 -1 {requested} 10 -1 1 1 1 -1 1 -1 -1 -1\n"


def test_a_job_may_ask_exactly_1000000_processors(tmp_path):
    """Kills: importers/swf.py:_job's `tasks > MAX_TASKS` -> `>=` (docs/swf.md refuses more than 1,000,000
    processors for one job, so exactly 1,000,000 is read)."""
    from refsim.importers.swf import read_swf

    path = tmp_path / "log.swf"
    path.write_text(_job_line(1_000_000, -1))
    assert [job.tasks for job in read_swf(path)[2]] == [1_000_000]


@pytest.mark.parametrize("requested, allocated", [(1_000_001, -1), (-1, 1_000_001), (0, 1_000_001)])
def test_a_job_asking_more_than_1000000_processors_is_refused_quoting_its_count(tmp_path, requested, allocated):
    """Without a request (-1, or 0: no processors requested) the allocation is the job's processor count, and the
    refusal quotes that field. Kills: importers/swf.py:_job's quoted field chosen by `requested >= 0`."""
    from refsim.importers.swf import read_swf

    path = tmp_path / "log.swf"
    path.write_text(_job_line(requested, allocated))
    with pytest.raises(SwfError) as caught:
        read_swf(path)
    assert str(caught.value) == f"{path}:1: job 1 asks for 1000001 processors (at most 1000000)"
