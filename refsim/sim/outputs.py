"""What a replay writes as it reports: the --sim-output file, the scheduler log, and the records that
--sim-verify compares. One place, so the batch run and the REPL write exactly the same things. A record is built
only when something takes it (an output file, a verifier, or a caller that keeps records)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from refsim.sched.decisions import Dispatch, Pend, SessionResult
from refsim.sim.log import SchedulerLog
from refsim.sim.output import PendReasonForms, SimOutput, output_record
from refsim.sim.replay import Reconstructed, Report
from refsim.sim.verify import Verifier


class ReplayOutputs:
    def __init__(self, recording: str, output: str | Path | None = None, log: SchedulerLog | None = None,
                 verifier: Verifier | None = None, keep_records: bool = False) -> None:
        self.recording = recording
        self.output = SimOutput(output, recording) if output is not None else None
        self.log = log
        self.verifier = verifier
        self.records: list[dict] | None = [] if keep_records else None
        self.decisions = 0
        self.listener: Callable[[dict], None] | None = None  # sees each record (tests that look at records)
        self._forms = PendReasonForms()

    def report(self, report: Report, time: float) -> None:
        decision = None
        if isinstance(report, Reconstructed):
            decision, position = Dispatch(report.job, report.allocation), None
        elif isinstance(report, SessionResult) and isinstance(report.outcome, (Dispatch, Pend)):
            decision, position = report.outcome, report.position
        if decision is not None:
            self.decisions += 1
            if self.output is not None or self.verifier is not None or self.records is not None \
                    or self.listener is not None:
                self._take(output_record(report.round, position, decision, self._forms))
        if self.log is not None:
            self.log.report(report, time)

    def _take(self, record: dict) -> None:
        if self.records is not None:
            self.records.append(record)
        if self.output is not None:
            self.output.write(record)
        if self.verifier is not None:
            self.verifier.add(record)
        if self.listener is not None:
            self.listener(record)

    def switch_output(self, path: str | Path) -> None:
        """Send the records reported from now on to a new --sim-output file (`set output`)."""
        new = SimOutput(path, self.recording)
        if self.output is not None:
            self.output.close()
        self.output = new

    def close(self) -> None:
        if self.output is not None:
            self.output.close()
        if self.log is not None:
            self.log.close()
