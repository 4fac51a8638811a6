"""A trace file that cannot be written (a full disk) is named once and dropped; the session goes on. Run in this
process (tests/hostile runs the same through the command line), so the mutation tool's coverage map sees it."""

import os

import pytest

from tests.support.console import console_lines

TWO_JOBS = "events:\n  - {time: 0, submit: {id: 1, run_time: 5}}\n  - {time: 0, submit: {id: 2, run_time: 5}}\n"
FAILED = "error: trace file /dev/full: cannot write: No space left on device; copying stopped"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device every write to fails")
def test_a_full_trace_file_is_named_once_then_dropped_and_can_be_named_again():
    """Kills: refsim/repl/tracing.py:Tracing._copy dropping `self._kinds.pop(path, None)` (the dropped file would
    still count as open as a text trace file, so naming it for JSON would be refused as "open as a file trace
    file"). /dev/full accepts the open and fails every write with ENOSPC, as a full disk does. Two jobs, each
    traced in its own step: the first trace's copy fails and is named once; both traces are still printed; the
    dropped file may then be named again, here as the JSON file."""
    lines = console_lines(TWO_JOBS, ["trace on all file /dev/full", "step", "step", "trace on all json /dev/full"])
    assert lines.count(FAILED) == 1
    assert lines.index(FAILED) < [i for i, line in enumerate(lines) if line.startswith("  trace of 1:")][0]
    assert sum(line.startswith("  trace of ") for line in lines) == 2
    assert lines[-1] == ("trace on for all jobs, level summary, at most 1000 lines per decision, json /dev/full "
                         "(from the next session)")
