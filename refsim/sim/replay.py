"""The replay loop. Simulation time moves only by events (a discrete clock): wall-clock time never reaches a
decision. The replay is a generator of reports, so a console can stop between any two of them:

    RoundStarted  -> (Reconstructed)* -> (SessionResult)* -> RoundEnded      per round
    ReplayEnded                                                              once, at the end

Rounds are numbered from 1 in the order run; in a round, reconstructed dispatches are reported first, then the
picker's decisions in order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from refsim.model.jobid import JobId
from refsim.model.jobs import JobState
from refsim.model.resources import SLOTS
from refsim.sched.decisions import Allocation, Dispatch, NoDecision, Pend, PendReason, SessionResult
from refsim.sched.disciplines import discipline
from refsim.sched.faults import FaultPlan
from refsim.sched.reconstruct import reconstructed_allocation
from refsim.sched.profile import Reservation
from refsim.sched.session import ObserverFactory, run_session
from refsim.sched.state import SchedulerState
from refsim.sim.jobtable import JobTable
from refsim.sim.recording import (Finish, HostChange, RecordedDispatch, Recording, Remove, SessionMark,
                                  SessionPolicy, Submit)

SessionHook = Callable[[int], ObserverFactory | None]


@dataclass(frozen=True)
class RoundStarted:
    round: int
    time: float


@dataclass(frozen=True)
class Reconstructed:
    """A recorded allocation re-applied at the start of a round."""

    round: int
    job: JobId
    allocation: Allocation


@dataclass(frozen=True)
class RoundSummary:
    round: int
    time: float
    dispatched: tuple[JobId, ...]
    pended: tuple[tuple[JobId, tuple[PendReason, ...]], ...]
    no_decision: tuple[JobId, ...]


@dataclass(frozen=True)
class RoundEnded:
    summary: RoundSummary


@dataclass(frozen=True)
class Statistics:
    rounds: int
    time: float
    submitted: int
    dispatched: int
    finished: int
    running: int
    pending: int
    removed: int
    utilisation: float  # slot-seconds used / (open-cluster slots x simulated span)


@dataclass(frozen=True)
class ReplayEnded:
    statistics: Statistics
    warnings: tuple[str, ...] = ()


Report = RoundStarted | Reconstructed | SessionResult | RoundEnded | ReplayEnded


@dataclass(frozen=True)
class _RunEnds:
    """A running job's automatic finish, its run (run time cut at its run limit) after it started; stale if the
    job has stopped since."""

    job: JobId
    started: float


class Simulator:
    """Replays a recording. `session_hook(round)` is asked at the start of each session for the observer
    factory to use in it (None: no job observed)."""

    def __init__(self, recording: Recording, session_hook: SessionHook | None = None) -> None:
        self.recording = recording
        self.state = SchedulerState(recording.cluster, FaultPlan(recording.faults) if recording.faults else None)
        self.jobs = JobTable()
        self.session_hook = session_hook
        self.round = 0
        self.time = recording.events[0].time if recording.events else 0.0
        self.warnings: list[str] = []
        # (time, rank, seq, action): automatic finishes (rank 0) before recorded events (rank 1) at an instant
        self._queue: list[tuple[float, int, int, object]] = []
        self._seq = 0
        self._reconstruct: list[RecordedDispatch] = []
        self._slot_seconds = 0.0
        self.in_session = False
        self.discipline = discipline(recording.discipline)
        for event in recording.events:
            self._push(event.time, 1, event.action)

    def _push(self, time: float, rank: int, action: object) -> None:
        self._seq += 1
        heapq.heappush(self._queue, (time, rank, self._seq, action))

    def reports(self) -> Iterator[Report]:
        """Run the replay to its end, one report at a time."""
        policy = self.recording.sessions
        next_tick = self.time + policy.interval if policy.policy is SessionPolicy.EVERY else None
        changed = False  # anything happened since the last tick (the 'every' policy stops when nothing did)
        while self._queue or (next_tick is not None and changed):
            instant = self._queue[0][0] if self._queue else float("inf")
            if next_tick is not None and next_tick <= instant:
                self.time, changed = next_tick, False
                next_tick += policy.interval
                yield from self._round()
                continue
            self.time = instant
            activity = False
            while self._queue and self._queue[0][0] == instant:
                action = heapq.heappop(self._queue)[3]
                if isinstance(action, SessionMark):
                    yield from self._round()
                else:
                    activity |= self._apply(action)
            changed |= activity
            if activity and policy.policy is SessionPolicy.AFTER_EVENTS:
                yield from self._round()
        yield ReplayEnded(self.statistics(), tuple(self.warnings))

    # --- events ------------------------------------------------------------------------------------------------

    def _apply(self, action: object) -> bool:
        """Apply one event; True when it is activity that calls for a session."""
        if isinstance(action, Submit):
            self.jobs.add(action.job)
            self.state.submit(action.job)
        elif isinstance(action, _RunEnds):
            return self._finish(action.job, action.started)
        elif isinstance(action, Finish):
            return self._finish(action.job, None)
        elif isinstance(action, Remove):
            self._remove(action.job)
        elif isinstance(action, HostChange):
            host = self.state.cluster.host(action.host)
            self.state.set_cluster(self.state.cluster.with_host(replace(host, status=action.status)))
        elif isinstance(action, RecordedDispatch):
            self._reconstruct.append(action)
        return True

    def _finish(self, job: JobId, started: float | None) -> bool:
        record = self.jobs.get(job)
        if record.state is not JobState.RUNNING or (started is not None and record.start_time != started):
            if started is None:
                self.warnings.append(f"t={self.time:g}: finish of job {job}, which is {record.state.value}, ignored")
            return False
        self.state.finish(job)
        self._slot_seconds += (self.time - record.start_time) * record.allocation.tasks
        record.state, record.end_time = JobState.FINISHED, self.time
        return True

    def _remove(self, job: JobId) -> None:
        record = self.jobs.get(job)
        if record.state is JobState.RUNNING:
            self._slot_seconds += (self.time - record.start_time) * record.allocation.tasks
        if record.state in (JobState.PENDING, JobState.RUNNING):
            self.state.remove(job)
            record.state, record.end_time = JobState.REMOVED, self.time

    def _start(self, job: JobId, allocation: Allocation, reconstructed: bool) -> None:
        record = self.jobs.get(job)
        record.state, record.start_time, record.allocation = JobState.RUNNING, self.time, allocation
        record.reconstructed = reconstructed
        self._push(self.time + record.job.run, 0, _RunEnds(job, self.time))

    # --- rounds ------------------------------------------------------------------------------------------------

    def _round(self) -> Iterator[Report]:
        self.round += 1
        yield RoundStarted(self.round, self.time)
        observer_for = self.session_hook(self.round) if self.session_hook is not None else None
        self.in_session = True
        dispatched: list[JobId] = []
        pended: list[tuple[JobId, tuple[PendReason, ...]]] = []
        no_decision: list[JobId] = []
        for recorded in self._take_reconstructed():
            dispatched.append(recorded.job)
            yield recorded
        for result in run_session(self.state, self.round, observer_for=observer_for, discipline=self.discipline,
                                  now=self.time, start_of=self._start_of):
            self._record(result, dispatched, pended, no_decision)
            yield result
        self.in_session = False
        yield RoundEnded(RoundSummary(self.round, self.time, tuple(dispatched), tuple(pended), tuple(no_decision)))

    def _start_of(self, job: JobId) -> float | None:
        return self.jobs.get(job).start_time

    def _take_reconstructed(self) -> Iterator[Reconstructed]:
        waiting, self._reconstruct = self._reconstruct, []
        for recorded in waiting:
            record = self.jobs.get(recorded.job)
            if record.state is not JobState.PENDING:
                self.warnings.append(f"t={self.time:g}: recorded dispatch of job {recorded.job}, which is "
                                     f"{record.state.value}, ignored")
                continue
            allocation = reconstructed_allocation(self.state, record.job, recorded.hosts, recorded.shared)
            self.state.dispatched(recorded.job, allocation)
            self._start(recorded.job, allocation, reconstructed=True)
            yield Reconstructed(self.round, recorded.job, allocation)

    def _record(self, result: SessionResult, dispatched, pended, no_decision) -> None:
        record = self.jobs.get(result.job)
        if record is not None:
            record.last_outcome, record.last_round = result.outcome, result.round
            record.reservation = planned(result)
        if isinstance(result.outcome, Dispatch):
            dispatched.append(result.job)
            self._start(result.job, result.outcome.allocation, reconstructed=False)
        elif isinstance(result.outcome, Pend):
            pended.append((result.job, result.outcome.reasons))
        elif isinstance(result.outcome, NoDecision):
            no_decision.append(result.job)

    def statistics(self) -> Statistics:
        records = self.jobs.records.values()
        busy = self._slot_seconds + sum((self.time - r.start_time) * r.allocation.tasks for r in records
                                        if r.state is JobState.RUNNING)
        start = self.recording.events[0].time if self.recording.events else 0.0
        slots = sum(h.total(SLOTS) for h in self.state.cluster.hosts)
        span = self.time - start
        return Statistics(self.round, self.time, len(self.jobs.records),
                          sum(1 for r in records if r.start_time is not None),
                          self.jobs.count(JobState.FINISHED), self.jobs.count(JobState.RUNNING),
                          self.jobs.count(JobState.PENDING), self.jobs.count(JobState.REMOVED),
                          busy / (slots * span) if slots and span > 0 else 0.0)


def planned(result: SessionResult) -> Reservation | None:
    """The backfill reservation a pended job holds after its session (non-greedy disciplines), else None."""
    ruling = result.ruling
    return ruling.reservation if ruling is not None and isinstance(result.outcome, Pend) else None
