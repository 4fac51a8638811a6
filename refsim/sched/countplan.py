"""Conservative's plan by slot counts, kept from one bulk session to the next while it stands (docs/planning.md,
"Ninth pass").

In a bulk session conservative sketches the waiting jobs, in picker order, by slot counts (refsim/sched/slotplan.py):
each job's start is the first candidate start whose run meets no instant with too few free slots, around the
running jobs and every job sketched ahead of it. The sketch of one session stands in the next, job for job, when
what it was sketched from is the same from the next session's `now` on:

- the same state on the fast path, with the same free index and every host still open;
- the same running jobs (a job's allocation does not change while it runs), but for jobs that ended by now at their
  planned ends (start + run limit): from now on those held nothing. Usage changes only as jobs start and end, and a
  job runs until its start + run time cut at its run limit, an end the replay takes before the session of its
  instant, so no running job is past its planned end (where the profile would hold it until just after now);
- no sketched start is before now.

Then over [now, inf) the slots held by the running jobs and the jobs ahead of a sketched job are what its search
met (jobs started since were ahead of it and hold what their sketches held, or are behind it), and its start is
the one a search now finds. That search tries the same candidate starts after now, and now itself when the job fits
now. Where its run fits from now, it fitted from the earlier search's last candidate start at or before now: no
slot was given back after that start (every end after the earlier session is a candidate start) or taken (the
jobs ahead hold from candidate starts, or from before that session), so the slots held there are those held at
now, and the job fitted then too (a run that counts fit finds free hosts). So the earlier search found now. A job
that starts at its sketched start leaves the slots held as they were. Which jobs a session walks, and in what
order, it checks as it goes: the sketch stands for each job that is the next one it holds.

Floor: beside the slot plan, below the disciplines (conservative is its one user)."""

from __future__ import annotations

from dataclasses import dataclass, field

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.freeindex import FreeIndex
from refsim.sched.profile import INF
from refsim.sched.slotplan import SlotPlan
from refsim.sched.state import SchedulerState


@dataclass
class Sketched:
    """A sketch and the waiting jobs it holds, in picker order, each with its start (None: never placeable)."""

    sketch: SlotPlan
    jobs: list[Job] = field(default_factory=list)
    starts: list[float | None] = field(default_factory=list)


class CountPlan:
    """One replay's count plan across its bulk sessions: the sketch kept, and what it was made from."""

    def __init__(self) -> None:
        self._sketched: Sketched | None = None
        self._state: SchedulerState | None = None
        self._index: FreeIndex | None = None
        self._running: dict[JobId, float] = {}  # each running job's planned end, as the sketch holds it
        self.carried_to = 0  # sessions the sketch was carried into, for tests and benchmarks

    def carried(self, state: SchedulerState, now: float) -> Sketched | None:
        """The sketch kept, as of `now`, if it stands (see above): it stays kept, for the caller to keep up.
        None otherwise, and nothing is kept."""
        sketched, self._sketched = self._sketched, None
        if sketched is None or not self._stands(state, now, sketched):
            return None
        sketched.sketch.carry_to(now)
        self._sketched = sketched
        self.carried_to += 1
        return sketched

    def _stands(self, state: SchedulerState, now: float, sketched: Sketched) -> bool:
        index = state.free_index()
        if state is not self._state or index is not self._index or not state.fast_path or not index.open.all():
            return False
        running, known = state.usage.running, self._running
        if any(job not in known for job in running):
            return False  # started outside a session: a recorded dispatch
        ended = [job for job in known if job not in running]
        if any(known[job] > now for job in ended):
            return False  # ended before its planned end, or was removed
        if any(start is not None and start < now for start in sketched.starts):
            return False
        for job in ended:
            del known[job]
        return True

    def keep(self, sketched: Sketched, state: SchedulerState, ends: dict[JobId, float]) -> None:
        """Keep a sketch just made of the state as it is; `ends`: each running job's planned end as the sketch
        holds it."""
        self._sketched, self._state, self._index = sketched, state, state.free_index()
        self._running = {job: ends[job] for job in state.usage.running}

    def started(self, job: JobId, end: float) -> None:
        """A job started in the session, held in the kept sketch until `end`."""
        if self._sketched is not None:
            self._running[job] = end

    def drop(self) -> None:
        """Keep nothing: no sketch stands for the next session."""
        self._sketched = None
