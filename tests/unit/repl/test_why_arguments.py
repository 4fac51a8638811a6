"""`why JOBID [level summary|full]`: one job id, optionally followed by exactly `level` and a level word."""

from __future__ import annotations

import pytest

from refsim.repl.console import Console
from refsim.sim.batch import demo_recording

USAGE = "error: why: expected JOBID [level summary|full]"


def _why(*commands: str) -> list[str]:
    """The lines printed for `commands` before round 7 of the demo, where job 104 is the first pending job."""
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    for command in ("break round 7", "continue"):
        console.execute(command)
    lines.clear()
    for command in commands:
        console.execute(command)
    return lines


def test_why_with_a_level_names_that_level_in_the_dry_run():
    """`why 104 level full` and `why 104 level summary` are read (the dry run line names the level), and
    `why 104` is the summary level. Kills: console.py:Console._why the three-word form refused (the count 3
    mutated, or `args[1] != "level"` -> `==`)."""
    summary, full, default = (_why(command) for command in ("why 104 level summary", "why 104 level full", "why 104"))
    head = "  dry run of 104 against the state before round 7 (t=100), position 1 of 3 pending, level"
    assert summary[1] == f"{head} summary" and full[1] == f"{head} full"
    assert default == summary and len(full) > len(summary)  # full lists every host's verdict


@pytest.mark.parametrize("command", ["why", "why 104 level", "why 104 lvl full", "why 104 full",
                                     "why 104 level full extra"])
def test_why_with_any_other_word_count_or_a_second_word_other_than_level_is_refused(command: str):
    """No job id, `level` without a level, a second word other than `level`, or a fourth word: the usage line.
    Kills: console.py:Console._why each part of the argument check dropped or its count mutated."""
    assert _why(command) == [USAGE]
