"""The sweep's progress line on standard error, only when it is a terminal: replays done, running and failed
out of the total, and the time left at the pace so far."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 24  # characters of the bar


def clock_text(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


class SweepProgress:
    """Call `update(done, running, failed)` as replays start and finish, then `close()`."""

    def __init__(self, total: int, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self._clock = clock
        self._started = clock()
        self.shown = False

    def line(self, done: int, running: int, failed: int) -> str:
        filled = WIDTH * done // self.total if self.total else WIDTH
        eta = ""
        if 0 < done < self.total:
            eta = f", ETA {clock_text((self._clock() - self._started) / done * (self.total - done))}"
        return (f"sweep [{'#' * filled}{'-' * (WIDTH - filled)}] {done}/{self.total} done, {running} running, "
                f"{failed} failed{eta}")

    def update(self, done: int, running: int, failed: int) -> None:
        if not self.enabled:
            return
        self.stream.write("\r\033[K" + self.line(done, running, failed))
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
