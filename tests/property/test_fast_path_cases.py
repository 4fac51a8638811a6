"""Hand-built differential cases: recordings chosen to reach a corner of the fast path that generated recordings
rarely reach, replayed both ways (tests/property/test_fast_path.py's replay) and compared whole."""

from __future__ import annotations

from refsim.sim.load import recording_from
from tests.property.test_fast_path import replay


def _both_ways(document: dict) -> list:
    recording = recording_from(document, "r.yaml")
    fast = replay(recording, reference=False)
    assert fast == replay(recording, reference=True)
    return fast[0]


def test_a_failed_member_does_not_blame_the_host_an_earlier_member_claimed():
    """Kills: refsim/sched/fastpath.py:FastPath (the failed-run shortcut) keeping the reasons of hosts claimed by
    earlier positions (a claimed host is passed over by the scan, never a pend reason). Job 1 asks 2G of mem on
    1G hosts: both are short, and its demand's verdict table remembers a's shortfall. Job 2's first member (512M)
    takes a; its second member asks the same 2G: the scan passes a over (claimed) and rejects b, so the only
    reason is b's shortfall."""
    decisions = _both_ways({
        "cluster": {"hosts": [{"name": "a", "slots": 2, "mem": "1G"}, {"name": "b", "slots": 2, "mem": "1G"}]},
        "events": [{"time": 0, "submit": {"id": 1, "resreq": "rusage[mem=2G]", "run_time": 10}},
                   {"time": 0, "submit": {"id": 2, "resreq": "1*{rusage[mem=512M]} + 1*{rusage[mem=2G]}",
                                          "run_time": 10}}]})
    print(decisions)
