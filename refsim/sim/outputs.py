"""What a replay writes as it reports: the --sim-output file, the scheduler log, and the records that
--sim-verify compares. One place, so the batch run and the REPL write exactly the same things."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from refsim.model.resources import SLOTS
from refsim.sched.decisions import Dispatch, Pend, SessionResult
from refsim.sim.jobtable import JobRecord
from refsim.sim.log import SchedulerLog
from refsim.sim.output import SimOutput, decision_record, end_record, job_record
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, Simulator

RecordSink = Callable[[dict], None]


class ReplayOutputs:
    def __init__(self, recording: str, output: str | Path | None = None, log: SchedulerLog | None = None,
                 sink: RecordSink | None = None) -> None:
        self.recording = recording
        self.output = SimOutput(output, recording) if output is not None else None
        self.log = log
        self.sink = sink  # also given every record written (e.g. to compute metrics as the replay runs)
        self.records: list[dict] = []
        self._simulator: Simulator | None = None
        self._start = 0.0

    def attach(self, simulator: Simulator) -> None:
        """Also write `simulator`'s job records (submit, finish, remove) and, when it ends, the end record."""
        self._simulator, self._start = simulator, simulator.time
        simulator.job_hook = self._job_changed

    def _job_changed(self, record: JobRecord, time: float) -> None:
        self._write(job_record(record, time))

    def _write(self, record: dict) -> None:
        if self.output is not None:
            self.output.write(record)
        if self.sink is not None:
            self.sink(record)

    def report(self, report: Report, time: float) -> None:
        record = None
        if isinstance(report, Reconstructed):
            record = decision_record(report.round, None, Dispatch(report.job, report.allocation))
        elif isinstance(report, SessionResult) and isinstance(report.outcome, (Dispatch, Pend)):
            record = decision_record(report.round, report.position, report.outcome)
        if record is not None:
            record["time"] = time
            self.records.append(record)
            self._write(record)
        elif isinstance(report, ReplayEnded) and self._simulator is not None:
            slots = sum(h.total(SLOTS) for h in self._simulator.state.cluster.hosts)
            self._write(end_record(report.statistics.time, self._start, slots))
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
