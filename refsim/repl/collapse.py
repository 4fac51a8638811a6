"""Continue mode's round lines: one per round, with runs of alike rounds joined into one collapsed range."""

from __future__ import annotations

from collections.abc import Callable

from refsim.model.units import format_number
from refsim.repl.format import alike, range_line, summary_line
from refsim.sim.replay import RoundSummary


class RoundCollapser:
    """Holds back rounds that may still join a range; `flush` ends the active range and prints what is held."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.held: list[RoundSummary] = []

    def add(self, summary: RoundSummary, traced: bool) -> None:
        if self.held and (traced or not alike(self.held[-1], summary)):
            self.flush()
        if summary.dispatched or traced:
            self.write(summary_line(summary))  # a round that dispatched or was traced never joins a range
        else:
            self.held.append(summary)

    def flush(self) -> None:
        if len(self.held) == 1:
            self.write(summary_line(self.held[0]))
        elif self.held:
            self.write(range_line(self.held))
        self.held = []


PROGRESS_EVERY = 1000


class QuietRounds(RoundCollapser):
    """`set continue quiet`: no round lines but a progress line every 1,000 rounds; a round with a traced decision
    still prints its summary line (spec 7.3), and nothing is ever held for a range."""

    def __init__(self, write: Callable[[str], None]) -> None:
        super().__init__(write)
        self.done = 0

    def add(self, summary: RoundSummary, traced: bool) -> None:
        self.done += 1
        if traced:
            self.write(summary_line(summary))
        if summary.round % PROGRESS_EVERY == 0:
            self.write(f"continue: {self.done} rounds done, at round {summary.round} t={format_number(summary.time)}")
