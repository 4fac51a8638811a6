"""Continue mode's round lines: one per round, with runs of alike rounds joined into one collapsed range."""

from __future__ import annotations

from collections.abc import Callable

from refsim.repl.format import alike, range_line, summary_line
from refsim.sim.replay import RoundSummary


class RoundCollapser:
    """Holds back rounds that may still join a range; `flush` ends the active range and prints what is held."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.held: list[RoundSummary] = []

    def add(self, summary: RoundSummary, traced: bool = False) -> None:
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
