"""What a replay writes as it reports: the --sim-output file, the scheduler log, and the records that
--sim-verify compares. One place, so the batch run and the REPL write exactly the same things."""

from __future__ import annotations

from pathlib import Path

from refsim.sched.decisions import Dispatch, Pend, SessionResult
from refsim.sim.log import SchedulerLog
from refsim.sim.output import SimOutput, decision_record
from refsim.sim.replay import Reconstructed, Report, planned


class ReplayOutputs:
    def __init__(self, recording: str, output: str | Path | None = None, log: SchedulerLog | None = None) -> None:
        self.recording = recording
        self.output = SimOutput(output, recording) if output is not None else None
        self.log = log
        self.records: list[dict] = []

    def report(self, report: Report, time: float) -> None:
        record = None
        if isinstance(report, Reconstructed):
            record = decision_record(report.round, None, Dispatch(report.job, report.allocation))
        elif isinstance(report, SessionResult) and isinstance(report.outcome, (Dispatch, Pend)):
            record = decision_record(report.round, report.position, report.outcome, planned(report))
        if record is not None:
            self.records.append(record)
            if self.output is not None:
                self.output.write(record)
        if self.log is not None:
            self.log.report(report, time)

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
