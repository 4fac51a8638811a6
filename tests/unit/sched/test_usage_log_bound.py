"""The usage log (hosts changed, in order) that the fast path's verdict tables patch themselves from is bounded:
a replay of millions of dispatches and finishes must not keep every change. Past 65536 entries it keeps the newest
32768; a table that fell behind the kept start is told so (None) and starts afresh."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation

_ONE_SLOT = Allocation((HostAllocation("a", (("slots", 1),)),))


def test_the_log_keeps_every_change_up_to_65536_then_only_the_newest_32768():
    """32768 jobs each committed and released on host a make exactly 65536 changes: all kept, from position 0.
    One more commit (65537 entries, over the bound) drops the oldest 65537 - 32768 = 32769, so the log starts
    at position 32769, still ends at 65537, and a reader from position 0 is told it fell behind.
    Kills: accounting.py:_LOG_LIMIT's `1 << 16` changed (no trim at 65537); Usage._apply `>` -> `>=` or the
    test negated (trim at 65536), the trim dropped, `// 2` -> `/ 2` (a float slice bound: TypeError) or
    `// 3` (the wrong start)."""
    usage = Usage()
    for n in range(32768):
        usage.commit(JobId(n + 1), _ONE_SLOT)
        usage.release(JobId(n + 1))
    assert usage.log_start == 0 and usage.log_end() == 65536
    assert usage.changed_since(0) == ["a"] * 65536
    usage.commit(JobId(40000), _ONE_SLOT)
    assert usage.log_start == 32769 and usage.log_end() == 65537
    assert usage.changed_since(0) is None and usage.changed_since(32768) is None
    assert usage.changed_since(65536) == ["a"] and len(usage.changed_since(32769)) == 32768
