"""A summary trace's position lines and decision totals: a position taken by the first host considered, or by the
one after an already claimed host, is counted once, and a position whose scan never started says no host was
rejected. Small cases, counted by hand."""

from __future__ import annotations

from refsim.repl.console import Console
from refsim.sim.load import load_recording, recording_from
from refsim.sim.recording import Recording

FAULTS = "features/recordings/trace-plan-faults.yaml"

# 55 one-slot hosts h01..h55 and one job of 55 tasks, one per host (span[ptile=1]): its one plan has 55 positions.
# Position 1's scan starts at h01, which takes it (1 verdict: accepted). Each later position's scan starts at the
# host the previous one took, now claimed, and the next host takes it (2 verdicts: already claimed, accepted).
# Host evaluations: 55 accepted, 54 already claimed. Body lines: the requirement, the plan, 55 positions and the
# commit note = 58; under a bound of 50 lines, 8 are omitted, so the totals are shown.
WIDE = {"cluster": {"hosts": [{"name": f"h{i:02d}", "slots": 1} for i in range(1, 56)]},
        "events": [{"time": 0, "submit": {"id": 1, "tasks": 55, "resreq": "span[ptile=1]", "run_time": 10}}]}


def _lines(recording: Recording, *commands: str) -> list[str]:
    out: list[str] = []
    console = Console(recording, out.append)
    for command in commands:
        console.execute(command)
    console.close()
    return out


def test_positions_taken_by_the_first_or_the_next_host_are_counted_once_in_the_totals():
    """Kills: refsim/trace/collector.py:Collector._taken_next `return True` -> `return None` or `False` for a
    position taken by the first host (or by the one after a claimed host): the position is then counted again by
    the general tally, and the totals would say accepted 56 (or accepted 109, already claimed 108)."""
    lines = _lines(recording_from(WIDE, "wide.yaml"), "trace on 1 lines 50", "step")
    assert "      position 1: filled by h01; no host rejected" in lines
    assert "      position 2: filled by h02; hosts rejected: already claimed 1" in lines
    assert "  trace truncated: 8 lines omitted (bound 50 lines)" in lines
    assert ("  decision totals: plans tried 1, plans discarded 0; host evaluations: accepted 55, selection mismatch 0, "
            "resource shortfall 0, limit exceeded 0, already claimed 54, not evaluated 0") in lines


def test_a_summary_position_whose_scan_could_not_start_says_no_host_was_rejected():
    """Job 1's first plan (1 host, 2 tasks) meets an injected fault at the start of its host scan: no host is
    considered, so its summary line gives the error and that no host was rejected. Its second plan's position 1 is
    taken by the first host (h1), the short path, and position 2 by h2 after the claimed h1.
    Kills: refsim/trace/collector.py:Collector._position_summary the "no host rejected" text of a position that
    goes through the general tally."""
    lines = _lines(load_recording(FAULTS), "trace on 1", "step")
    assert lines[6:12] == [
        "    plan 1: 1 host, tasks per position [2]: tried",
        "      position 1: not filled: internal error in the host scan: injected fault at host-scan-start; "
        "no host rejected",
        "    plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced",
        "    plan 2: 2 hosts, tasks per position [1,1]: tried",
        "      position 1: filled by h1; no host rejected",
        "      position 2: filled by h2; hosts rejected: already claimed 1",
    ]


# Hosts in order b (ARM), a (X86), d (ARM), c (X86), one slot each; job 1 asks 2 X86 tasks, one per host. Position 1's
# scan starts at b: b is a selection mismatch, a takes it (2 verdicts, the first not a claimed host). Position 2's
# scan starts at a, now claimed, then d is a mismatch and c takes it (3 verdicts after a claimed host).
MIXED = {"cluster": {"hosts": [{"name": "b", "slots": 1, "type": "ARM"}, {"name": "a", "slots": 1, "type": "X86"},
                               {"name": "d", "slots": 1, "type": "ARM"}, {"name": "c", "slots": 1, "type": "X86"}]},
         "events": [{"time": 0, "submit": {"id": 1, "tasks": 2, "resreq": "select[type==X86] span[ptile=1]",
                                           "run_time": 10}}]}


def test_a_position_taken_after_rejected_hosts_counts_each_rejection_in_its_summary():
    """Kills: refsim/trace/collector.py:Collector._taken_next `len(verdicts) == 2` -> `== 3` or `!= 2` (a
    position of 3 verdicts after a claimed host would take the short path, which has no summary for it), and its
    claimed-first test negated (a mismatch then an accepted host would read "already claimed 1")."""
    lines = _lines(recording_from(MIXED, "mixed.yaml"), "trace on 1", "step")
    assert lines[7:9] == ["      position 1: filled by a; hosts rejected: selection mismatch 1",
                          "      position 2: filled by c; hosts rejected: selection mismatch 1, already claimed 1"]
