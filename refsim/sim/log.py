"""The scheduler's log (--log FILE, -v levels). Its content is documented in docs/simulator.md:

    level 0: one line per round (time, dispatched / pended / no-decision counts) and every warning (stamped
             with the time of the event it concerns, written at the end)
    level 1 (-v): also one line per decision
    level 2 (-vv): also the pend reasons of each pend, in brief

The path `-` is standard output and `/dev/stderr` standard error (where `-v` without --log sends it); neither is
opened or closed here. Lines carry simulation time only, never wall-clock time, so a log is identical across runs.
A log to a regular file is written whole (refsim.sim.paths.AtomicFile: it appears complete at the end, or not at
all); a log to another device or a FIFO is written as it goes."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import IO

from refsim.model.jobid import format_job_ids
from refsim.model.units import format_number
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import SessionResult
from refsim.sim.paths import AtomicFile, Named
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, RoundEnded

STDOUT, STDERR = "-", "/dev/stderr"


class SchedulerLog:
    def __init__(self, path: str | Path, verbosity: int = 0) -> None:
        self.path = Path(path)
        self.verbosity = verbosity
        self.atomic: AtomicFile | None = None
        self._owned = True
        streams = {STDOUT: sys.stdout, STDERR: sys.stderr}
        if str(path) in streams:
            # read when the log is made, so a captured stream captures it; never closed here
            self._file: IO[str] = streams[str(path)]
            self._owned = False
        elif _is_stream(self.path):
            # line by line, so a reader (tail, a FIFO) sees each line at once and a failing device fails at once
            self._file = open(self.path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115
        else:
            self.atomic = AtomicFile(self.path)
            self._file = self.atomic.file

    def claims(self) -> list[Named]:
        what = "the --log file"
        return self.atomic.claims(what) if self.atomic is not None else [(what, self.path)]

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
        if self.atomic is not None:
            self.atomic.commit()
        else:
            self._finish_stream()

    def discard(self) -> None:
        """After an interrupt: a log file being written whole is dropped; a stream is just closed."""
        if self.atomic is not None:
            self.atomic.discard()
        else:
            self._finish_stream()

    def _finish_stream(self) -> None:
        """A stream refsim did not open (stderr) is flushed and left open; one it opened is closed once."""
        if not self._owned:
            self._file.flush()
        elif not self._file.closed:
            self._file.close()


def _is_stream(path: Path) -> bool:
    """A device, FIFO or socket: written as it goes, since it cannot be replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)
