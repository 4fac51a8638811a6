"""The scheduler's log (--log FILE, -v levels). Its content is documented in docs/simulator.md:

    level 0: one line per round (time, dispatched / pended / no-decision counts) and every warning (stamped
             with the time of the event it concerns, written at the end)
    level 1 (-v): also one line per decision
    level 2 (-vv): also the pend reasons of each pend, in brief

Lines carry simulation time only, never wall-clock time, so a log is identical across runs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

from refsim.model.jobid import format_job_ids
from refsim.model.units import format_number
from refsim.sched.decisions import Dispatch, NoDecision, Pend, SessionResult
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, RoundEnded


class SchedulerLog:
    def __init__(self, path: str | Path, verbosity: int = 0) -> None:
        self.path = Path(path)
        self.verbosity = verbosity
        # "-" is standard output (read when the log is made, so a captured stdout captures it); never closed here
        self._owned = str(path) != "-"
        self._file: IO[str] = open(self.path, "w", encoding="utf-8") if self._owned else sys.stdout  # noqa: SIM115

    def _line(self, time: float, text: str) -> None:
        self._file.write(f"[t={format_number(time)}] {text}\n")

    def report(self, report: Report, time: float) -> None:
        if isinstance(report, RoundEnded):
            s = report.summary
            self._line(time, f"round {s.round}: {len(s.dispatched)} dispatched, {len(s.pended)} pended, "
                             f"{len(s.no_decision)} no decision")
        elif isinstance(report, ReplayEnded):
            for warning in report.warnings:
                self._line(warning.time, f"warning: {warning.message}")
            st = report.statistics
            self._line(time, f"replay ended after {st.rounds} rounds: {st.dispatched} dispatched, "
                             f"{st.pending} pending")
        elif self.verbosity >= 1 and isinstance(report, (Reconstructed, SessionResult)):
            self._decision(report, time)

    def _decision(self, report: Reconstructed | SessionResult, time: float) -> None:
        if isinstance(report, Reconstructed):
            self._line(time, f"round {report.round}: dispatch {report.job} (reconstructed)")
            return
        outcome = report.outcome
        where = f"round {report.round} #{report.position}"
        if isinstance(outcome, Dispatch):
            self._line(time, f"{where}: dispatch {report.job} -> "
                             + " ".join(h.host for h in outcome.allocation.hosts))
        elif isinstance(outcome, Pend):
            count = len(outcome.reasons)
            self._line(time, f"{where}: pend {report.job} ({count} reason{'' if count == 1 else 's'})")
            if self.verbosity >= 2:
                for reason in outcome.reasons:
                    self._line(time, f"  {reason.code.value} {reason.host or '-'} {reason.detail}".rstrip())
        elif isinstance(outcome, NoDecision):
            self._line(time, f"{where}: no decision for {format_job_ids([report.job])}: {outcome.kind.value}")

    def close(self) -> None:
        if not self._owned:
            self._file.flush()
        elif not self._file.closed:
            self._file.close()
