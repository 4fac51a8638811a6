"""The sweep's progress line on standard error, only when it is a terminal: replays done, running and failed
out of the total, and the time left at the pace so far. The line is redrawn every TICK seconds as well as at each
change, so the time left counts down while a long replay runs instead of standing still until it ends."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 24  # characters of the bar
TICK = 1.0  # seconds between redraws when nothing changes


def clock_text(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


class SweepProgress:
    """Call `update(done, running, failed)` as replays start and finish, then `close()`."""

    def __init__(self, total: int, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic, tick: float | None = TICK) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self._clock = clock
        self._started = clock()
        self._finished: tuple[int, float] = (0, self._started)  # replays done, and when that count was reached
        self._state: tuple[int, int, int] | None = None  # what the line shows
        self._tick = tick
        self._lock = threading.Lock()  # the redrawing thread and the sweep write the same line
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self.shown = False

    def line(self, done: int, running: int, failed: int) -> str:
        filled = WIDTH * done // self.total if self.total else WIDTH
        eta = ""
        if 0 < done < self.total:
            eta = f", ETA {clock_text(self.time_left(done))}"
        return (f"sweep [{'#' * filled}{'-' * (WIDTH - filled)}] {done}/{self.total} done, {running} running, "
                f"{failed} failed{eta}")

    def time_left(self, done: int) -> float:
        """The replays left at the pace so far (the time to the last finish over the replays done), less the time
        since that finish: it counts down between finishes and is estimated afresh at each. Never below 0."""
        now = self._clock()
        if done != self._finished[0]:
            self._finished = (done, now)
        at = self._finished[1]
        return max((at - self._started) / done * (self.total - done) - (now - at), 0.0)

    def update(self, done: int, running: int, failed: int) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._state = (done, running, failed)
            self._draw()
        if self._ticker is None and self._tick is not None:
            self._ticker = threading.Thread(target=self._redraw, name="sweep-progress", daemon=True)
            self._ticker.start()

    def _draw(self) -> None:
        assert self._state is not None  # drawn only once a state was given
        self.stream.write("\r\033[K" + self.line(*self._state))
        self.stream.flush()
        self.shown = True

    def _redraw(self) -> None:
        assert self._tick is not None  # started only with a tick
        while not self._stop.wait(self._tick):
            with self._lock:
                if self.shown:
                    self._draw()

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
            self._ticker = None
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
