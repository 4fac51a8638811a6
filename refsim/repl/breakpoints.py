"""Breakpoints: at the start of every round, of round N, of the first round at or after time T, or right after
a job's decision is reported."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refsim.model.jobid import JobId
from refsim.model.units import format_number


class BreakKind(Enum):
    ROUND_BEGIN = "round-begin"
    ROUND = "round"
    JOB = "job"
    TIME = "time"


@dataclass(frozen=True)
class Breakpoint:
    number: int
    kind: BreakKind
    round: int | None = None
    job: JobId | None = None
    time: float | None = None

    def __str__(self) -> str:
        if self.kind is BreakKind.ROUND:
            return f"round {self.round}"
        if self.kind is BreakKind.JOB:
            return f"job {self.job}"
        if self.kind is BreakKind.TIME and self.time is not None:
            return f"time {format_number(self.time)}"
        return "round-begin"


class Breakpoints:
    def __init__(self) -> None:
        self.points: list[Breakpoint] = []
        self.hits: dict[int, int] = {}
        self._next = 1

    def add(self, kind: BreakKind, round: int | None = None, job: JobId | None = None,
            time: float | None = None) -> Breakpoint:
        point = Breakpoint(self._next, kind, round, job, time)
        self._next += 1
        self.points.append(point)
        self.hits[point.number] = 0
        return point

    def delete(self, number: int | None) -> bool:
        """Delete one breakpoint (False if there is no such one) or, with None, all of them."""
        if number is None:
            self.points.clear()
            return True
        before = len(self.points)
        self.points = [p for p in self.points if p.number != number]
        return len(self.points) < before

    def at_round_start(self, round_no: int, time: float, previous_time: float | None) -> Breakpoint | None:
        """The first breakpoint that stops before round `round_no` begins."""
        for p in self.points:
            if (p.kind is BreakKind.ROUND_BEGIN or (p.kind is BreakKind.ROUND and p.round == round_no)
                    or (p.kind is BreakKind.TIME and p.time is not None and time >= p.time
                        and (previous_time is None or previous_time < p.time))):
                return self._hit(p)
        return None

    def at_decision(self, job: JobId) -> Breakpoint | None:
        for p in self.points:
            if p.kind is BreakKind.JOB and p.job is not None and p.job.selects(job):
                return self._hit(p)
        return None

    def _hit(self, point: Breakpoint) -> Breakpoint:
        self.hits[point.number] += 1
        return point
