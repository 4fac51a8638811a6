"""When the replay finishes, every trace file is closed and forgotten: its path may then be named as the simulation
output, or again as a trace file of the other kind, as any file that nothing writes to."""

from __future__ import annotations

from tests.support.console import console_lines
from tests.support.recordings import THREE_ALIKE

END = "replay finished after 4 rounds at t=30: 3 dispatched, 3 finished, 0 running, 0 pending"


def test_a_trace_file_is_released_when_the_replay_finishes(tmp_path, monkeypatch):
    """t.txt receives the text trace of all three rounds; once the replay has finished nothing writes to it, so
    `set output t.txt` is accepted (while the replay runs it is refused as a trace file still open). Kills:
    repl/tracing.py:Tracing.close_all its `files.clear()` dropped (the closed file still counted as open)."""
    monkeypatch.chdir(tmp_path)
    lines = console_lines(THREE_ALIKE, ["trace on all file t.txt", "step", "set output t.txt", "continue",
                                        "set output t.txt"])
    assert "error: set output: t.txt is a trace file still open for writing" in lines
    assert lines[lines.index(END):] == [END, "output t.txt"]


def test_a_text_trace_file_may_become_a_json_trace_file_after_the_end(tmp_path, monkeypatch):
    """While t.txt is open as a text trace file, naming it for the JSON trace is refused; after the end of the
    replay the same command is accepted. Kills: repl/tracing.py:Tracing.close_all its `_kinds.clear()` dropped (the
    closed file still taken for an open text trace file)."""
    monkeypatch.chdir(tmp_path)
    lines = console_lines(THREE_ALIKE, ["trace on all file t.txt", "step", "trace on all json t.txt", "continue",
                                        "trace on all json t.txt"])
    assert "error: trace on: json t.txt is open as a file trace file" in lines
    assert lines[lines.index(END) + 1].startswith("trace on for all jobs, level summary")
    assert "json t.txt" in lines[lines.index(END) + 1] and len(lines) == lines.index(END) + 2
