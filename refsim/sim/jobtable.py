"""The simulator's record of every job it has seen, whatever became of it (finished and removed jobs stay
inspectable)."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.model.jobid import JobId
from refsim.model.jobs import Job, JobState
from refsim.sched.decisions import Allocation, Outcome
from refsim.sched.reservations import Reservation


@dataclass
class JobRecord:
    job: Job
    state: JobState = JobState.PENDING
    start_time: float | None = None
    end_time: float | None = None
    allocation: Allocation | None = None
    reconstructed: bool = False
    last_outcome: Outcome | None = None
    last_round: int | None = None
    reservation: Reservation | None = None  # the backfill reservation of the latest session (pending jobs)
    submitted: float = 0.0  # when the replay took the job in (its submit record's time)

    def slot_seconds(self, until: float) -> float:
        """The slots a started job holds times the time from its start to `until`."""
        assert self.start_time is not None and self.allocation is not None  # set when it started
        return (until - self.start_time) * self.allocation.tasks

    def describe(self) -> str:
        """The job's current state in a few words, for messages."""
        text = self.state.value
        if self.state.name == "RUNNING" and self.allocation is not None:
            text += " on " + " ".join(h.host for h in self.allocation.hosts)
        return text


class JobTable:
    def __init__(self) -> None:
        self.records: dict[JobId, JobRecord] = {}

    def add(self, job: Job, time: float = 0.0) -> JobRecord:
        """A record for a job submitted at `time`."""
        record = self.records[job.id] = JobRecord(job, submitted=time)
        return record

    def get(self, job: JobId) -> JobRecord | None:
        return self.records.get(job)

    def __getitem__(self, job: JobId) -> JobRecord:
        """The record of a job that was submitted (KeyError for any other)."""
        return self.records[job]

    def matching(self, selector: JobId) -> list[JobRecord]:
        """The records an id names: a job, an array element, or every element of an array."""
        return [r for jid, r in sorted(self.records.items(), key=lambda kv: kv[0].sort_key())
                if selector.selects(jid)]

    def count(self, state: JobState) -> int:
        return sum(1 for r in self.records.values() if r.state is state)
