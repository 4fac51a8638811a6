"""The trace file copy: what the console prints inline is in the file as soon as it is printed (an operator may
follow the file with `tail -f` while the replay waits at a breakpoint), and closing the copy releases the file."""

from __future__ import annotations

import pytest

from refsim.trace.filecopy import TraceFile, identity
from tests.support.descriptors import HAS_PROC_FDS, open_paths


def test_written_lines_are_in_the_file_before_it_is_closed(tmp_path):
    """Two lines written are read back from the path at once, each ended by a newline, while the copy is still
    open. Kills: trace/filecopy.py:TraceFile.write its `flush()` dropped (the lines would wait in the buffer
    until the file is closed)."""
    path = tmp_path / "t.txt"
    copy = TraceFile(str(path))
    copy.write(["trace job 1", "  dispatched"])
    assert path.read_text(encoding="utf-8") == "trace job 1\n  dispatched\n"
    copy.close()


def test_a_trace_file_appends_to_what_the_file_already_holds(tmp_path):
    """An existing file keeps its lines; the copy adds after them, and it is the same file (same identity)."""
    path = tmp_path / "t.txt"
    path.write_text("earlier\n", encoding="utf-8")
    copy = TraceFile(str(path))
    copy.write(["later"])
    copy.close()
    assert path.read_text(encoding="utf-8") == "earlier\nlater\n"
    assert copy.identity == identity(path)


@pytest.mark.skipif(not HAS_PROC_FDS, reason="needs /proc/self/fd to list open descriptors")
def test_closing_a_trace_file_releases_it_while_the_copy_is_still_referenced(tmp_path):
    """After close() no descriptor of the process names the file, although the TraceFile object is still held
    (so nothing but close() could have released it); closing twice does nothing. Kills:
    trace/filecopy.py:TraceFile.close its `close()` dropped."""
    path = str(tmp_path / "t.txt")
    copy = TraceFile(path)
    assert path in open_paths()
    copy.close()
    assert path not in open_paths()
    copy.close()
