"""Committed usage as the final accounting shows it (the console's `snapshot`): what is listed, in name order
whatever order jobs were charged in; and how far the host-change log is trimmed."""

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation


def test_a_host_still_holding_one_resource_is_listed_with_every_amount_it_was_charged() -> None:
    """Job 1 holds 1 slot and 2 MB of mem on a, job 2 1 MB of mem only. Once job 1 ends, a still holds job 2's
    1 MB: a is listed, its freed slots shown as 0; a host holding nothing at all is left out.
    Kills: refsim/sched/accounting.py:Usage.snapshot listing only hosts whose every amount is held
    (`any` -> `all`)."""
    usage = Usage()
    usage.commit(JobId(1), Allocation((HostAllocation("a", (("slots", 1), ("mem", 2))),)))
    usage.commit(JobId(2), Allocation((HostAllocation("a", (("mem", 1),)),)))
    usage.release(JobId(1))
    assert usage.snapshot()["hosts"] == {"a": {"mem": 1, "slots": 0}}
    usage.release(JobId(2))
    assert usage.snapshot()["hosts"] == {}


def test_the_final_accounting_lists_shared_resources_and_running_jobs_in_name_order() -> None:
    """Job 10 is charged first, with 1 `zlic` and 2 `alic` licenses (in that order), then job 9. The snapshot
    lists alic before zlic, and the running jobs as "10", "9" (sorted as the text the file shows).
    Kills: refsim/sched/accounting.py:Usage.snapshot listing the shared resources or the running jobs in the
    order they were charged (`sorted` -> `list`)."""
    usage = Usage()
    usage.commit(JobId(10), Allocation((HostAllocation("a", (("slots", 1),)),), (("zlic", 1), ("alic", 2))))
    usage.commit(JobId(9), Allocation((HostAllocation("a", (("slots", 1),)),)))
    snapshot = usage.snapshot()
    assert list(snapshot["shared"].items()) == [("alic", 2), ("zlic", 1)]
    assert snapshot["running"] == ["10", "9"]


def test_trimming_the_log_by_one_entry_drops_the_oldest() -> None:
    """Job 1's commit on a, b and c logs three host changes (positions 0-2). Keeping at most 2 drops exactly one,
    the oldest: the log then starts at position 1 and no longer reaches back to 0. Keeping 5 (more than are
    logged) drops nothing.
    Kills: refsim/sched/accounting.py:Usage.trim_log trimming only when more than one entry is to go (`0` ->
    `1`)."""
    usage = Usage()
    usage.commit(JobId(1), Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in "abc")))
    usage.trim_log(5)
    assert usage.changed_since(0) == ["a", "b", "c"]
    usage.trim_log(2)
    assert usage.log_start == 1 and usage.changed_since(0) is None and usage.changed_since(1) == ["b", "c"]


def test_a_resource_never_charged_on_a_host_reads_as_unused() -> None:
    """Job 1 holds 2 slots of a; a's mem was never charged, and host b was never used at all: both read 0.
    Kills: refsim/sched/accounting.py:Usage.host_used reading an uncharged resource of a used host as 1."""
    usage = Usage()
    usage.commit(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),)))
    assert (usage.host_used("a", "slots"), usage.host_used("a", "mem"), usage.host_used("b", "slots")) == (2, 0, 0)
