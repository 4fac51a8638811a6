"""A site's recorded schedule: when each job of a real log was submitted, started and ended, and where it ran.
An importer reads it from the log; `refsim import ... --recorded` writes it as a run output (sim.recorded), so the
site's own starts can be compared with a replay's (`refsim diff`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RecordedJob:
    """One job as the site ran it, in the recording's times (seconds from its epoch). `start` is None for a job
    that never ran (removed while pending at `end`); `hosts` holds (host, slots) in the order the log lists them."""

    job: str
    queue: str
    submit: float
    start: float | None
    end: float
    hosts: tuple[tuple[str, int], ...] = ()

    @property
    def slots(self) -> int:
        """The slots the job held while it ran."""
        return sum(count for _, count in self.hosts)
