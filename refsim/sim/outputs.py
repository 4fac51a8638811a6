"""What a replay writes as it reports: the --sim-output file, the scheduler log, and the records that
--sim-verify compares. One place, so the batch run and the REPL write exactly the same things, through the same
path guard (refsim.sim.paths)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from refsim.sched.decisions import Dispatch, Pend, SessionResult
from refsim.sim.log import SchedulerLog
from refsim.sim.output import SimOutput, decision_record
from refsim.sim.paths import Named, guarded_output
from refsim.sim.replay import Reconstructed, Report

SIM_OUTPUT, LOG = "--sim-output", "--log"


class OutputWriteError(Exception):
    """An output that failed while being written (a full disk, a closed pipe); it is dropped, and the message
    names it. The replay itself is unaffected."""


class ReplayOutputs:
    def __init__(self, recording: str, output: SimOutput | None = None, log: SchedulerLog | None = None,
                 inputs: Iterable[Named] = ()) -> None:
        self.recording = recording
        self.output = output
        self.log = log
        self.inputs = list(inputs)  # the run's input files, which no output may be
        self.records: list[dict] = []

    @classmethod
    def open(cls, recording: str, inputs: Iterable[Named] = (), output: str | Path | None = None,
             log: str | Path | None = None, verbosity: int = 0) -> ReplayOutputs:
        """Check every path before opening any, so a refused one leaves every file as it was."""
        inputs = list(inputs)
        if output is not None:
            guarded_output(output, inputs, role=SIM_OUTPUT)
        if log is not None:
            guarded_output(log, inputs, [("the --sim-output file", output)] if output is not None else [],
                           appending=True, role=LOG)
        sim_output = SimOutput(output, recording) if output is not None else None
        try:
            scheduler_log = SchedulerLog(log, verbosity) if log is not None else None
        except BaseException:
            if sim_output is not None:
                sim_output.discard()
            raise
        return cls(recording, sim_output, scheduler_log, inputs)

    def claims(self) -> list[Named]:
        """The files this run writes now: another output must be none of them."""
        claims = self.output.atomic.claims("the simulation output") if self.output is not None else []
        return claims + (self.log.claims() if self.log is not None else [])

    def report(self, report: Report, time: float) -> None:
        record = None
        if isinstance(report, Reconstructed):
            record = decision_record(report.round, None, Dispatch(report.job, report.allocation))
        elif isinstance(report, SessionResult) and isinstance(report.outcome, (Dispatch, Pend)):
            record = decision_record(report.round, report.position, report.outcome)
        failures = []
        if record is not None:
            self.records.append(record)
            if self.output is not None:
                try:
                    self.output.write(record)
                except OSError as exc:
                    failures.append(self._drop_output(exc))
        if self.log is not None:
            try:
                self.log.report(report, time)
            except OSError as exc:
                failures.append(self._drop_log(exc))
        if failures:
            raise OutputWriteError("; ".join(failures))

    def _drop_output(self, exc: OSError) -> str:
        failed, self.output = self.output, None
        failed.discard()
        return f"{SIM_OUTPUT} {failed.path}: cannot write: {exc.strerror or exc}; it was not written"

    def _drop_log(self, exc: OSError) -> str:
        failed, self.log = self.log, None
        try:
            failed.discard()
        except OSError:
            pass
        return f"{LOG} {failed.path}: cannot write: {exc.strerror or exc}; it was not written"

    def switch_output(self, path: str | Path, reserved: Iterable[Named] = ()) -> None:
        """Send the records reported from now on to a new --sim-output file (`set output`). The path is checked
        first; then the previous output is finished and put in place, and the new one started."""
        guarded_output(path, self.inputs, self.claims() + list(reserved), role="set output")
        new = SimOutput(path, self.recording)
        previous, self.output = self.output, new
        if previous is not None:
            try:
                previous.close()
            except OSError as exc:
                raise OutputWriteError(f"{SIM_OUTPUT} {previous.path}: cannot write: {exc.strerror or exc}; "
                                       "it was not written") from None

    def close(self) -> None:
        """Finish every output: the --sim-output file appears now."""
        failures = []
        if self.output is not None:
            try:
                self.output.close()
            except OSError as exc:
                failures.append(f"{SIM_OUTPUT} {self.output.path}: cannot write: {exc.strerror or exc}; "
                                "it was not written")
        if self.log is not None:
            try:
                self.log.close()
            except OSError as exc:
                failures.append(f"{LOG} {self.log.path}: cannot write: {exc.strerror or exc}")
        if failures:
            raise OutputWriteError("; ".join(failures))

    def discard(self) -> None:
        """After an interrupt or failure: drop the unfinished --sim-output file (the target keeps its old content)
        and close the log."""
        if self.output is not None:
            self.output.discard()
        if self.log is not None:
            try:
                self.log.discard()
            except OSError:
                pass
