"""Jobs as submitted: who, where, what they ask for and how long they run."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refsim.model.jobid import JobId


class JobState(Enum):
    PENDING = "pending"
    RUNNING = "running"
    FINISHED = "finished"
    REMOVED = "removed"


@dataclass(frozen=True)
class Job:
    """A submitted job (or one array element). `resreq` is the requirement text, parsed by refsim.resreq."""

    id: JobId
    user: str = "user"
    queue: str = "normal"
    project: str = "default"
    priority: int = 0
    submit_time: float = 0
    resreq: str = ""
    min_tasks: int = 1
    max_tasks: int = 1
    run_time: float = 0
    run_limit: float | None = None  # LSF's RUNLIMIT: the job is killed when it has run this long; None = no limit

    def __post_init__(self) -> None:
        if not 1 <= self.min_tasks <= self.max_tasks:
            raise ValueError(f"job {self.id}: task count {self.min_tasks},{self.max_tasks} is not 1 <= min <= max")
        if self.run_limit is not None and self.run_limit <= 0:
            raise ValueError(f"job {self.id}: run limit {self.run_limit} is not positive")

    @property
    def run(self) -> float:
        """How long the job runs once started: its run time, cut at its run limit."""
        return self.run_time if self.run_limit is None else min(self.run_time, self.run_limit)
