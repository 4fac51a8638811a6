"""The replay loop. Simulation time moves only by events (a discrete clock): wall-clock time never reaches a
decision. The replay is a generator of reports, so a console can stop between any two of them:

    RoundStarted  -> (Reconstructed)* -> (SessionResult)* -> RoundEnded      per round
    ReplayEnded                                                              once, at the end

Rounds are numbered from 1 in the order run; in a round, reconstructed dispatches are reported first, then the
picker's decisions in order.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Literal, overload

from refsim.model.jobid import JobId
from refsim.model.jobs import JobState
from refsim.model.resources import SLOTS
from refsim.model.units import format_number
from refsim.sched.decisions import Allocation, Dispatch, NoDecision, Pend, PendReason
from refsim.sched.disciplines import discipline
from refsim.sched.faults import FaultPlan
from refsim.sched.reconstruct import reconstructed_allocation
from refsim.sched.reservations import Reservation
from refsim.sched.results import HeldCount, KnownOutcomes, SessionResult
from refsim.sched.session import ObserverFactory, run_session
from refsim.sched.state import SchedulerState
from refsim.sim.jobtable import JobRecord, JobTable
from refsim.sim.recording import (Finish, HostChange, RecordedDispatch, Recording, Remove, SessionMark, SessionPolicy,
                                  Submit)

# The order of events at one instant (docs/simulator.md, "Instants"): completions, then everything else recorded
# (arrivals among it) in file order, then the session. Each is (rank, action) in the event queue.
_AUTOMATIC_FINISH, _RECORDED_FINISH, _RECORDED, _SESSION = range(4)

SessionHook = Callable[[int], ObserverFactory | None]
JobHook = Callable[[JobRecord, float], None]


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
class ReplayWarning:
    """Something in the recording the replay ignored, stamped with the time of the event it concerns."""

    time: float
    message: str

    def __str__(self) -> str:
        return f"t={format_number(self.time)}: {self.message}"


@dataclass(frozen=True)
class ReplayEnded:
    statistics: Statistics
    warnings: tuple[ReplayWarning, ...] = ()


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
        self._compact: bool  # set by reports(), which runs every round
        self._bulk: bool  # set by reports(): the jobs a discipline holds, counted (HeldCount)
        self._record_of: dict[int, JobRecord] = {}  # each job's record by job object (id): no JobId hashing
        self.round = 0
        self.time = self._began = recording.events[0].time if recording.events else 0.0
        self.warnings: list[ReplayWarning] = []
        # (time, rank, seq, action): at an instant, in rank order, then in the order pushed
        self._queue: list[tuple[float, int, int, object]] = []
        self._pushed = itertools.count()  # the seq: only the order of pushes counts
        self._recorded_left = len(recording.events)  # recorded events not yet applied (finishes run are not)
        self._reconstruct: list[tuple[float, RecordedDispatch]] = []
        self._slot_seconds = 0.0
        self.in_session = False
        # told of each submission, finish and removal as it happens (the --sim-output job records)
        self.job_hook: JobHook | None = None
        # The spec's session in progress: from its start until its last decision or no-decision selection has
        # been reported (in_session above also covers the stretch up to the round's end, for `info round`).
        self.session_in_progress = False
        self.discipline = discipline(recording.discipline)
        for event in recording.events:
            self._push(event.time, _rank(event.action), event.action)

    def _push(self, time: float, rank: int, action: object) -> None:
        heapq.heappush(self._queue, (time, rank, next(self._pushed), action))

    @overload
    def reports(self, compact: Literal[False] = False, bulk: Literal[False] = False) -> Iterator[Report]: ...

    @overload
    def reports(self, compact: bool = False, bulk: bool = False) -> Iterator[Report | KnownOutcomes | HeldCount]: ...

    def reports(self, compact: bool = False, bulk: bool = False) -> Iterator[Report | KnownOutcomes | HeldCount]:
        """Run the replay to its end, one report at a time. `compact`, for a caller that takes decisions in bulk
        (a batch run that writes no record of each): sessions report each run of bucket hits as one KnownOutcomes
        instead of a SessionResult per job (refsim/sched/session.py). `bulk` too, for a compact caller that reads
        no job's pend (metrics only): a strict session's jobs behind its blocker, and each run of jobs EASY holds
        behind its reservation, and every other run of pends, come as one HeldCount, a count, and their records keep
        the outcome of their previous session; a plain job's pend on a one-slot cluster may carry no reason
        (docs/planning.md, "Strict's held-back tail", "EASY's held runs, counted" and "Pends nobody reads")."""
        self._compact, self._bulk = compact, compact and bulk
        self.state.explains_pends = not self._bulk
        policy = self.recording.sessions
        interval = policy.interval if policy.policy is SessionPolicy.EVERY else None
        next_tick = self.time if interval is not None else None  # the first session at the first event's time
        changed = False  # an event changed something since the last tick
        while True:
            self._drop_stale_finishes()
            instant = self._queue[0][0] if self._queue else float("inf")
            if next_tick is not None and interval is not None and next_tick < instant:
                # Ticks go on while recorded events remain or something changed: a running job's finish still to
                # come does not keep them going.
                if not (self._recorded_left or changed):
                    break
                self.time, changed = next_tick, False
                next_tick += interval
                yield from self._round()
                continue
            if not self._queue:
                break
            self.time = instant
            activity = False
            while self._queue and self._queue[0][0] == instant:
                _, rank, _, action = heapq.heappop(self._queue)
                self._recorded_left -= rank != _AUTOMATIC_FINISH
                if isinstance(action, SessionMark):
                    yield from self._round()
                else:
                    activity |= self._apply(action)
            changed |= activity
            if activity and policy.policy is SessionPolicy.AFTER_EVENTS:
                yield from self._round()
        # in time order: a recorded dispatch is only found stale at the session after it
        yield ReplayEnded(self.statistics(), tuple(sorted(self.warnings, key=lambda w: w.time)))

    def _drop_stale_finishes(self) -> None:
        """Forget automatic finishes of jobs that stopped earlier (finished by a recorded finish, or removed), so
        the clock never moves to an instant where nothing happens."""
        while self._queue and isinstance(action := self._queue[0][3], _RunEnds):
            record = self.jobs[action.job]
            if record.state is JobState.RUNNING and record.start_time == action.started:
                return
            heapq.heappop(self._queue)

    # --- events ------------------------------------------------------------------------------------------------

    def _warn(self, message: str) -> None:
        self.warnings.append(ReplayWarning(self.time, message))

    def _apply(self, action: object) -> bool:
        """Apply one event; True when it changed something (only then does it call for a session)."""
        if isinstance(action, Submit):
            record = self._record_of[id(action.job)] = self.jobs.add(action.job, self.time)
            self.state.submit(action.job)
            if self.job_hook is not None:
                self.job_hook(record, self.time)
            return True
        if isinstance(action, _RunEnds):
            return self._finish(action.job, action.started)
        if isinstance(action, Finish):
            return self._finish(action.job, None)
        if isinstance(action, Remove):
            return self._remove(action.job)
        if isinstance(action, HostChange):
            host = self.state.cluster.host(action.host)
            assert host is not None  # the recording's reader knows only the cluster's hosts
            if host.status is action.status:
                return False
            self.state.set_cluster(self.state.cluster.with_host(replace(host, status=action.status)))
            return True
        assert isinstance(action, RecordedDispatch), action  # a session mark never gets here: it starts a session
        return self._recorded_dispatch(action)

    def _recorded_dispatch(self, action: RecordedDispatch) -> bool:
        state = self.jobs[action.job].state
        if state is not JobState.PENDING:
            self._warn(f"recorded dispatch of job {action.job}, which is {state.value}, ignored")
            return False
        self._reconstruct.append((self.time, action))
        return True

    def _finish(self, job: JobId, started: float | None) -> bool:
        record = self.jobs.get(job)
        if record is None:  # a finish comes before the arrivals of its instant, so before this job's submit
            self._warn(f"finish of job {job} before its submission at the same time, ignored")
            return False
        if record.state is not JobState.RUNNING or (started is not None and record.start_time != started):
            if started is None:
                self._warn(f"finish of job {job}, which is {record.state.value}, ignored")
            return False
        self.state.finish(job, self.time)
        self._slot_seconds += record.slot_seconds(self.time)
        record.state, record.end_time = JobState.FINISHED, self.time
        if self.job_hook is not None:
            self.job_hook(record, self.time)
        return True

    def _remove(self, job: JobId) -> bool:
        """Take a pending or running job out; removing a job that has ended changes nothing."""
        record = self.jobs[job]
        if record.state not in (JobState.PENDING, JobState.RUNNING):
            return False
        if record.state is JobState.RUNNING:
            self._slot_seconds += record.slot_seconds(self.time)
        self.state.remove(job, self.time)
        record.state, record.end_time = JobState.REMOVED, self.time
        if self.job_hook is not None:
            self.job_hook(record, self.time)
        return True

    def _start(self, job: JobId, allocation: Allocation) -> None:
        record = self.jobs[job]
        record.state, record.start_time, record.allocation = JobState.RUNNING, self.time, allocation
        self._push(self.time + record.job.run, _AUTOMATIC_FINISH, _RunEnds(job, self.time))

    # --- rounds ------------------------------------------------------------------------------------------------

    def _round(self) -> Iterator[Report | KnownOutcomes | HeldCount]:
        self.round += 1
        yield RoundStarted(self.round, self.time)
        observer_for = self.session_hook(self.round) if self.session_hook is not None else None
        self.in_session = True
        dispatched: list[JobId] = []
        pended: list[tuple[JobId, tuple[PendReason, ...]]] = []
        no_decision: list[JobId] = []
        for recorded in self._take_reconstructed():
            dispatched.append(recorded.job)
            # a recorded dispatch still to apply is of a pending job (a removed one is only warned about), so the
            # pending jobs tell whether anything is left to report, reconstructions included
            self.session_in_progress = bool(self.state.pending)
            yield recorded
        to_report = len(self.state.pending)
        for result in run_session(self.state, self.round, observer_for=observer_for, discipline=self.discipline,
                                  now=self.time, start_of=self.start_of, compact=self._compact, bulk=self._bulk):
            if isinstance(result, HeldCount):  # a bulk caller reads no pend: no record or summary takes them
                to_report -= result.selected
            elif isinstance(result, KnownOutcomes):
                self._record_known(result, pended, no_decision)
                to_report -= len(result.outcomes)
            else:
                self._record(result, dispatched, pended, no_decision)
                to_report -= 1
            self.session_in_progress = to_report > 0
            yield result
        self.in_session = self.session_in_progress = False
        yield RoundEnded(RoundSummary(self.round, self.time, tuple(dispatched), tuple(pended), tuple(no_decision)))

    def start_of(self, job: JobId) -> float | None:
        return self.jobs[job].start_time

    def _take_reconstructed(self) -> Iterator[Reconstructed]:
        while self._reconstruct:
            time, recorded = self._reconstruct.pop(0)
            record = self.jobs[recorded.job]
            if record.state is not JobState.PENDING:  # removed between the event and this session
                self.warnings.append(ReplayWarning(time, f"recorded dispatch of job {recorded.job}, which is "
                                                         f"{record.state.value}, ignored"))
                continue
            allocation = reconstructed_allocation(self.state, record.job, recorded.hosts, recorded.shared)
            self.state.dispatched(recorded.job, allocation)
            self._start(recorded.job, allocation)
            record.reconstructed = True  # a job starts once: one the scheduler dispatches keeps its record's False
            yield Reconstructed(self.round, recorded.job, allocation)

    def _record(self, result: SessionResult, dispatched: list[JobId],
                pended: list[tuple[JobId, tuple[PendReason, ...]]], no_decision: list[JobId]) -> None:
        # called for every decision of every session: a loaded replay makes millions, so it reads each field once
        outcome = result.outcome
        record = self.jobs.records.get(result.job)
        if record is not None:
            record.last_outcome, record.last_round = outcome, result.round
            record.reservation = planned(result)
        if isinstance(outcome, Pend):
            pended.append((result.job, outcome.reasons))
        elif isinstance(outcome, Dispatch):
            dispatched.append(result.job)
            self._start(result.job, outcome.allocation)
        elif isinstance(outcome, NoDecision):
            no_decision.append(result.job)

    def _record_known(self, known: KnownOutcomes, pended: list[tuple[JobId, tuple[PendReason, ...]]],
                      no_decision: list[JobId]) -> None:
        """_record() for each job of a run of bucket hits (pends and no-reason no-decisions, never a dispatch, and
        no backfill reservation: planned() of each is None): a loaded replay makes millions."""
        record_of, round_no, outcomes = self._record_of, known.round, known.outcomes
        # every job of a session was submitted through _apply, which keeps its record by the job object; a record
        # holds its job, so no id is reused
        records = list(map(record_of.__getitem__, map(id, known.jobs)))
        for record, outcome in zip(records, outcomes):
            record.last_outcome = outcome
            record.last_round = round_no
            record.reservation = None
        pends = [(o.job, o.reasons) for o in outcomes if type(o) is Pend]
        pended += pends
        if len(pends) < len(outcomes):
            no_decision += [o.job for o in outcomes if type(o) is not Pend]

    def statistics(self) -> Statistics:
        records = self.jobs.records.values()
        busy = self._slot_seconds + sum(r.slot_seconds(self.time) for r in records if r.state is JobState.RUNNING)
        slots = sum(h.total(SLOTS) for h in self.state.cluster.hosts)
        span = self.time - self._began
        return Statistics(self.round, self.time, len(self.jobs.records),
                          sum(1 for r in records if r.start_time is not None),
                          self.jobs.count(JobState.FINISHED), self.jobs.count(JobState.RUNNING),
                          self.jobs.count(JobState.PENDING), self.jobs.count(JobState.REMOVED),
                          busy / (slots * span) if slots and span > 0 else 0.0)


def _rank(action: object) -> int:
    if isinstance(action, Finish):
        return _RECORDED_FINISH
    return _SESSION if isinstance(action, SessionMark) else _RECORDED


def planned(result: SessionResult) -> Reservation | None:
    """The backfill reservation a pended job holds after its session (non-greedy disciplines), else None."""
    ruling = result.ruling
    return ruling.reservation if ruling is not None and isinstance(result.outcome, Pend) else None
