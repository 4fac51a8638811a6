"""`why` at summary level writes compactly (docs/repl.md, "why JOBID"): runs of equal task counts once with their
number, nearest misses only when they tell hosts apart, host lists compressed; at full level, the trace's own form.

WIDE, worked by hand: 40 one-slot hosts node0001-node0040; job 1 (30 tasks) runs on node0001-node0030; job 2 asks
20 tasks, and 10 hosts are free. Its plans: [20], [10,10], [5,5,5,5], [3,3,3,3,2,2,2,2] and [2,2,2,2,1 x12] are
discarded (no host has more than 1 slot); [1 x20] fills positions 1-10 with node0031-node0040 and fails at 11. Every
busy host lacks the same (slots, short by 1), so the nearest misses would name five hosts alike."""

from __future__ import annotations

from refsim.trace.labels import task_runs
from tests.support.console import console_lines

WIDE = ("cluster:\n  hosts:\n" + "".join(f"    - {{name: node{i:04d}, slots: 1}}\n" for i in range(1, 41))
        + "events:\n  - {time: 0, submit: {id: 1, tasks: 30, run_time: 100, run_limit: 100}}\n"
        "  - {time: 1, submit: {id: 2, tasks: 20, run_time: 10, run_limit: 10}}\n")


def _why(level: str) -> list[str]:
    return console_lines(WIDE, ["break job 2", "continue", f"why 2 level {level}"])


def test_summary_writes_runs_of_task_counts_drops_alike_misses_and_compresses_hosts():
    lines = _why("summary")
    assert "    plan 2: 2 hosts, tasks per position [10 x2]: discarded: a position needs 10 slots but no open host " \
           "has more than 1" in lines
    assert "    plan 4: 8 hosts, tasks per position [3 x4,2 x4]: discarded: a position needs 3 slots but no open " \
           "host has more than 1" in lines
    assert "    plan 6: 20 hosts, tasks per position [1 x20]: tried" in lines
    assert not any("nearest misses" in line for line in lines)
    assert "    released the claims of plan 6 on node[0031-0040]" in lines
    assert lines[-2:] == ["  outcome: pended, 30 pend reasons", "    resource-shortfall slots on 30 hosts: node[0001-0030]"]


def test_full_level_keeps_the_traces_own_form():
    lines = _why("full")
    assert "    plan 2: 2 hosts, tasks per position [10,10]: discarded: a position needs 10 slots but no open host " \
           "has more than 1" in lines
    assert any(line.startswith("      nearest misses: node0001 (slots short by 1)") for line in lines)
    assert "    node0001: resource-shortfall slots" in lines and "    node0030: resource-shortfall slots" in lines


def test_task_runs():
    assert task_runs(()) == "" and task_runs((7,)) == "7" and task_runs((1, 1)) == "1 x2"
    assert task_runs((8, 8, 2)) == "8 x2,2" and task_runs((2, 1, 1, 2)) == "2,1 x2,2"


def test_misses_that_differ_are_kept_at_summary_level():
    """Hosts a (4 slots, 1000 MB) and b (4 slots, 3000 MB): job 1 asks one task of 4000 MB; a is short by 3000 MB,
    b by 1000 MB, so the misses tell the hosts apart (b is nearer) and are written."""
    text = ("cluster:\n  hosts:\n    - {name: a, slots: 4, mem: 1000}\n    - {name: b, slots: 4, mem: 3000}\n"
            "events:\n  - {time: 0, submit: {id: 1, tasks: 1, run_time: 10, resreq: 'rusage[mem=4000]'}}\n")
    lines = console_lines(text, ["break round 1", "continue", "why 1"])
    assert any(line.strip().startswith("nearest misses: a (mem short by 2.93GB), b (mem short by 1000MB)")
               for line in lines), lines
