"""`greedy`, refsim's default and LSF's: every pending job that fits starts, in picker order; nothing is held
back and run limits are never consulted."""

from __future__ import annotations

from refsim.model.jobs import Job
from refsim.sched.decisions import Outcome
from refsim.sched.disciplines.base import RoundBase
from refsim.sched.profile import StartOf
from refsim.sched.results import Ruling
from refsim.sched.state import SchedulerState


class GreedyRound(RoundBase):
    @property
    def keeps_pends(self) -> bool:
        return True

    def rule(self, job: Job, outcome: Outcome) -> tuple[Outcome, Ruling | None]:
        return outcome, None


class Greedy:
    name = "greedy"
    holds_back = False
    blocks_behind_first_waiting = False
    single_reservation = False
    plans_every_job = False
    independent_starts = False
    extra_resources_rule = False
    inclusive_shadow = False

    def open(self, state: SchedulerState, now: float, start_of: StartOf) -> GreedyRound:
        return GreedyRound(state, now, start_of)
