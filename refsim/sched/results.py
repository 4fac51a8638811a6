"""What a session gives for each selected job: its result (round, position, outcome) with, under a dispatching
discipline, the discipline's ruling (the facts that explain why a job that fits started or was held back); and a
compact session's run of results known from the job buckets.

Floor: above the decisions and reservations it carries, below the session, the disciplines and the events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.decisions import NoDecision, Outcome, Pend
from refsim.sched.reservations import Extra, Reservation


class StartRule(Enum):
    """How a job that fits was allowed to start."""

    FITS = "fits"                            # greedy: every job that fits starts
    HEAD = "head"                            # no job ahead of it in the session is waiting
    ENDS_BEFORE = "ends-before-planned-start"  # backfilled: its run limit ends by the planned start it protects
    EXTRA = "extra-resources"                # backfilled on what the planned start leaves over (textbook EASY)
    PLANNED_NOW = "planned-start-now"        # conservative: its earliest backfill reservation starts now


@dataclass(frozen=True)
class Ruling:
    """A discipline's facts about one decision. `rule` is set for a start; `reservation` is the job's own
    backfill reservation (a blocked job); `protects` are the backfill reservations the decision respected;
    `delays` names the job whose reservation a held-back job would delay; `blocked_by` the job it waits behind;
    `extra` the extra resources at the protected planned start when a job started on them; `moved` the earlier
    backfill reservations a job that started placed again on other hosts to make room (conservative)."""

    rule: StartRule | None = None
    reservation: Reservation | None = None
    protects: tuple[Reservation, ...] = ()
    delays: JobId | None = None
    blocked_by: JobId | None = None
    extra: Extra | None = None
    moved: tuple[Reservation, ...] = ()


@dataclass(frozen=True)
class SessionResult:
    """One selected job's result in a session: its round, 1-based position and outcome, and, under a dispatching
    discipline other than greedy, the discipline's ruling (the facts that explain a start or a hold-back)."""

    round: int
    position: int
    job: JobId
    outcome: Outcome
    ruling: Ruling | None = None


@dataclass(frozen=True)
class KnownOutcomes:
    """Consecutive selected jobs of a compact session (see refsim/sched/session.py) that got the outcome their
    bucket already had at the state version, a pend or a no-reason no-decision, in one piece: `outcomes[i]` is the
    outcome of `jobs[i]`, selected at position `first + i`. It stands for the SessionResults results() gives."""

    round: int
    first: int
    jobs: tuple[Job, ...]
    outcomes: tuple[Pend | NoDecision, ...]
    # under a discipline, each job's ruling (a job held back that fits has one, naming whom it waits behind; none
    # holds a backfill reservation); empty when no job has one
    rulings: tuple[Ruling | None, ...] = ()

    def results(self) -> list[SessionResult]:
        """The same decisions one at a time, as a session that is not compact reports them."""
        rulings = self.rulings or (None,) * len(self.outcomes)
        return [SessionResult(self.round, self.first + i, outcome.job, outcome, ruling)
                for i, (outcome, ruling) in enumerate(zip(self.outcomes, rulings))]


@dataclass(frozen=True)
class HeldCount:
    """Jobs of a bulk session (see refsim/sched/session.py) that its discipline holds, counted: the `selected`
    jobs from position `first` on, of which `pends` pend and the rest get no decision. Strict's jobs behind its
    blocker come as one, the rest of the session; EASY's runs of jobs that pend or are held back behind its
    reservation, each as one. It stands for their SessionResults only for a caller that reads no job's pend: it
    names no job, outcome or ruling."""

    round: int
    first: int
    selected: int
    pends: int
