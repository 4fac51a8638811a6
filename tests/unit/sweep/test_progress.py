"""The sweep's progress line: only on a terminal; done, running and failed out of the total, and an ETA."""

from __future__ import annotations

import io

from refsim.sweep.progress import SweepProgress
from tests.support.terminal import Terminal


def test_done_running_failed_and_the_time_left():
    now = [0.0]
    stream = Terminal()
    progress = SweepProgress(4, stream, clock=lambda: now[0])
    progress.update(0, 2, 0)
    now[0] = 30.0  # one replay in 30 s: three left take 90 s
    progress.update(1, 2, 1)
    assert stream.getvalue().split("\r\033[K")[1:] == [
        "sweep [------------------------] 0/4 done, 2 running, 0 failed",
        "sweep [######------------------] 1/4 done, 2 running, 1 failed, ETA 0:01:30"]
    progress.update(4, 0, 1)
    progress.close()
    assert stream.getvalue().endswith("4/4 done, 0 running, 1 failed\n")


def test_never_on_a_pipe():
    stream = io.StringIO()
    progress = SweepProgress(2, stream)
    progress.update(1, 1, 0)
    progress.close()
    assert stream.getvalue() == "" and not progress.enabled


def test_closing_twice_ends_the_line_once():
    """run_sweep closes the progress line it was given, and its caller may close it again: the line ends once.
    Kills: sweep/progress.py:SweepProgress.close leaving the line marked as shown after ending it."""
    stream = Terminal()
    progress = SweepProgress(1, stream, clock=lambda: 0.0)
    progress.update(1, 0, 0)
    progress.close()
    progress.close()
    assert stream.getvalue() == "\r\033[Ksweep [########################] 1/1 done, 0 running, 0 failed\n"
