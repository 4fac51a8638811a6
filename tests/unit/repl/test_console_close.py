"""Closing the console finishes every output file it holds open, trace files included: no descriptor of the
process still names one of them afterwards (a console embedded in a longer-lived program leaks none)."""

import pytest

from refsim.repl.console import Console
from tests.support.descriptors import HAS_PROC_FDS, open_paths
from tests.support.recordings import recording


@pytest.mark.skipif(not HAS_PROC_FDS, reason="needs /proc/self/fd to list open descriptors")
def test_closing_the_console_closes_its_trace_files(tmp_path):
    """Both trace files are open from `trace on` (before any session) until the console is closed mid-replay.
    Kills: console.py:Console.close `self.tracing.close_all()` dropped."""
    text, json = str(tmp_path / "t.txt"), str(tmp_path / "t.jsonl")
    console = Console(recording("events:\n  - {time: 0, submit: {id: 1, run_time: 5}}\n"), lambda line: None)
    console.execute(f"trace on all file {text} json {json}")
    assert {text, json} <= open_paths()
    console.close()
    assert not {text, json} & open_paths()
