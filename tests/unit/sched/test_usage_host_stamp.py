"""A host's usage stamp: the fast path's memos of host verdicts are kept only while it stays the same."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation


def test_a_hosts_first_change_moves_its_stamp():
    """Kills: refsim/sched/accounting.py:36 (host_stamp's default `0` -> `1`).
    The first commit makes the usage version 1 and stamps the host it touches with it. A host never changed must
    read a different stamp (0), or a verdict memoised on the empty host would still be trusted after the commit
    filled it. A host the commit did not touch keeps its stamp."""
    usage = Usage()
    before = usage.host_stamp("h1")
    usage.commit(JobId(1), Allocation((HostAllocation("h1", (("slots", 1),)),)))
    assert usage.version == 1
    assert usage.host_stamp("h1") == 1
    assert before == 0 != usage.host_stamp("h1")
    assert usage.host_stamp("h2") == 0
