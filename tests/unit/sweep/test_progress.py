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


def test_the_time_left_reads_hours_minutes_and_seconds():
    """Kills: sweep/progress.py:clock_text's hours, minutes or seconds worked out wrongly (3600 or 60 mutated),
    or the seconds not rounded to the nearest."""
    from refsim.sweep.progress import clock_text

    assert [clock_text(s) for s in (0, 59.4, 59.6, 3599, 3725, 36000)] == [
        "0:00:00", "0:00:59", "0:01:00", "0:59:59", "1:02:05", "10:00:00"]


def test_the_time_left_is_the_pace_since_the_start_times_the_replays_left():
    """The clock reads 100 s when the sweep starts and 160 s when 2 of 5 replays are done: 60 s for 2 replays is
    30 s each, and 3 are left: 90 s. Kills: sweep/progress.py:SweepProgress.line's time taken since 0 instead of
    the start (`now - started` -> `now + started`: 390 s) and the pace multiplied by the replays done instead of
    divided (360 s)."""
    now = [100.0]
    progress = SweepProgress(5, Terminal(), clock=lambda: now[0])
    now[0] = 160.0
    assert progress.line(2, 1, 0) == "sweep [#########---------------] 2/5 done, 1 running, 0 failed, ETA 0:01:30"


def test_a_sweep_with_nothing_to_run_reads_as_complete():
    """With no replay to run (every result kept) the bar is full and there is no time left to tell. Kills:
    sweep/progress.py:SweepProgress.line's empty-sweep case (a division by zero)."""
    progress = SweepProgress(0, Terminal(), clock=lambda: 0.0)
    assert progress.line(0, 0, 0) == "sweep [########################] 0/0 done, 0 running, 0 failed"
