"""The progress bar: only on a terminal, only once the work has taken a second, and it ends at the total."""

import io

from refsim.importers.swf import read_swf
from refsim.progress import Progress
from tests.support.terminal import Terminal


def test_nothing_before_a_second_then_a_bar_up_to_the_total():
    now = [0.0]
    stream = Terminal()
    progress = Progress("replaying", 200, stream, clock=lambda: now[0])
    progress.update(50)
    now[0] = 0.9
    progress.update(80)
    assert not progress.shown and stream.getvalue() == ""
    now[0] = 1.0
    progress.update(100)
    assert progress.shown and "replaying" in stream.getvalue() and "50%" in stream.getvalue()
    progress.update(500)  # past the total (jobs still finishing after the last event): held at 100%
    progress.close()
    assert "100%" in stream.getvalue() and not progress.shown


def test_never_on_a_pipe():
    stream = io.StringIO()
    progress = Progress("importing", 10, stream, clock=iter([0.0, 5.0, 9.0]).__next__)
    progress.update(5)
    progress.update(10)
    progress.close()
    assert stream.getvalue() == "" and not progress.shown


def test_an_import_reports_the_bytes_read(tmp_path):
    jobs = "".join(f"{n} 0 -1 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n" for n in range(1, 9001))
    log = tmp_path / "many.swf"
    log.write_text("; MaxNodes: 1\n" + jobs)  # 9001 lines: reports after lines 4096 and 8192
    seen: list[int] = []
    read_swf(log, progress=seen.append)
    assert len(seen) == 2 and 0 < seen[0] <= seen[1] <= log.stat().st_size


def test_the_bar_moves_by_what_was_done_since_the_last_update():
    """Positions are absolute (work done so far): at 50 then 100 of 200 the bar reads 25% then 50%. Kills:
    Progress.update adding the bar's position to the new one instead of taking the difference (100 + 50 read as
    150 more steps: the bar at 100% with half the work left)."""
    now = [0.0]
    stream = Terminal()
    progress = Progress("replaying", 200, stream, clock=lambda: now[0])
    now[0] = 1.0  # the bar appears at the first update past the delay
    progress.update(50)
    assert stream.getvalue().rstrip().endswith("25%")
    progress.update(100)
    assert stream.getvalue().rstrip().endswith("50%") and "100%" not in stream.getvalue()
    progress.close()


def test_each_unit_of_work_moves_the_bar():
    """Updates one unit apart each move the bar: 1, 2, 3 of 4 read 25%, 50%, 75%.
    Kills: Progress.update skipping a step of 1 (`step > 0` -> `step > 1`: the bar would stay at 0%)."""
    now = [0.0]
    stream = Terminal()
    progress = Progress("replaying", 4, stream, clock=lambda: now[0])
    now[0] = 1.0
    for position, shown in ((1, "25%"), (2, "50%"), (3, "75%")):
        progress.update(position)
        assert stream.getvalue().rstrip().endswith(shown)
    progress.close()


def test_a_total_of_zero_is_a_bar_of_one_unit():
    """A replay whose events all come at t=0 has a total of 0; the bar is one unit long, so the first second of
    simulated time fills it. Kills: Progress the floor of the total `max(int(total), 1)` -> `max(int(total), 2)`
    (t=1 would read 50%)."""
    now = [0.0]
    stream = Terminal()
    progress = Progress("replaying", 0, stream, clock=lambda: now[0])
    now[0] = 1.0
    progress.update(0)
    assert stream.getvalue().rstrip().endswith("0%")
    progress.update(1)
    assert stream.getvalue().rstrip().endswith("100%")
    progress.close()


def test_the_delay_counts_from_when_the_work_started_not_from_the_clocks_zero():
    """A monotonic clock reads any value at the start (here 1000 s): the bar still waits one second from then.
    Kills: Progress.update's elapsed time `clock() - started` -> `clock() + started` (the bar at once)."""
    now = [1000.0]
    stream = Terminal()
    progress = Progress("replaying", 10, stream, clock=lambda: now[0])
    now[0] = 1000.5
    progress.update(5)
    assert not progress.shown and stream.getvalue() == ""
    now[0] = 1001.0
    progress.update(6)
    assert progress.shown and "60%" in stream.getvalue()
    progress.close()
