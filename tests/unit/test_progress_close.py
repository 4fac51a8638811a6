"""Closing the progress bar finishes its line on the terminal, so what is printed next starts on a line of its own
with the cursor shown again."""

from refsim.progress import Progress
from tests.support.terminal import Terminal


def test_close_ends_the_bar_line_and_shows_the_cursor():
    """Kills: the bar's `__exit__` call dropped in Progress.close (refsim/progress.py): the bar line would stay open
    and the cursor hidden (click hides it while the bar is drawn)."""
    now = [0.0]
    stream = Terminal()
    progress = Progress("replaying", 10, stream, clock=lambda: now[0])
    now[0] = 1.0
    progress.update(10)
    drawn = stream.getvalue()
    assert "\x1b[?25l" in drawn and not drawn.endswith("\n")  # drawn, cursor hidden, line still open
    progress.close()
    assert stream.getvalue() == drawn + "\x1b[?25h\n" and not progress.shown
