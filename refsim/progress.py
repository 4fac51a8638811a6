"""A progress bar on standard error for long imports and replays: it appears only on a terminal and only once the
work has taken a second, so quick runs, pipes and logs never see it."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

import click

DELAY = 1.0  # seconds of work before the bar appears


class Progress:
    """Call `update(position)` as the work goes on (0 to `total`), then `close()`."""

    def __init__(self, label: str, total: float, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total = label, max(int(total), 1)
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self._clock = clock
        self._started = clock()
        self._bar: Any = None  # click's progress bar, made once the delay has passed

    def update(self, position: float) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            if self._clock() - self._started < DELAY:
                return
            self._bar = click.progressbar(length=self.total, label=self.label, file=self.stream)
            self._bar.__enter__()
        step = min(int(position), self.total) - self._bar.pos
        if step > 0:
            self._bar.update(step)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    @property
    def shown(self) -> bool:
        return self._bar is not None
