"""What a replay writes as it reports: the --sim-output file, the scheduler log, and the records that
--sim-verify compares. One place, so the batch run and the REPL write exactly the same things, through the same
path guard (refsim.sim.paths). A record is built only when something takes it (an output file, a verifier, a sink,
or a caller that keeps records)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from refsim.model.epoch import Epoch
from refsim.errors import RefsimError
from refsim.model.resources import SLOTS
from refsim.sched.decisions import Dispatch, Pend
from refsim.sched.reservations import Reservation
from refsim.sched.results import HeldCount, KnownOutcomes, SessionResult
from refsim.sim.jobtable import JobRecord
from refsim.sim.log import SchedulerLog
from refsim.sim.output import DecisionLines, Record, SimOutput, end_record, job_record, output_record
from refsim.sim.paths import Named, guarded_output
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, Simulator, planned
from refsim.sim.verify import Verifier

RecordSink = Callable[[Record], None]

SIM_OUTPUT, LOG = "--sim-output", "--log"


class OutputWriteError(RefsimError):
    """An output that failed while being written (a full disk, a closed pipe); it is dropped, and the message
    names it. The replay itself is unaffected."""


class ReplayOutputs:
    def __init__(self, recording: str, output: SimOutput | None = None, log: SchedulerLog | None = None,
                 inputs: Iterable[Named] = (), sink: RecordSink | None = None, verifier: Verifier | None = None,
                 keep_records: bool = True, pends_to_sink: bool = True, epoch: Epoch | None = None) -> None:
        self.recording = recording
        self.epoch = epoch  # the recording's, for the header of each --sim-output file
        self.output = output
        self.log = log
        self.inputs = list(inputs)  # the run's input files, which no output may be
        self.sink = sink  # also given every record written (e.g. to compute metrics as the replay runs)
        self.pends_to_sink = pends_to_sink  # False: the sink is not given pend records (metrics never read them)
        self.verifier = verifier  # compares each decision record as it is reported
        self.records: list[Record] | None = [] if keep_records else None
        self.decisions = 0
        self.listener: RecordSink | None = None  # sees each decision record (tests that look at them)
        self._lines = DecisionLines()
        self._failures: list[str] = []  # what failed while writing the current report
        self._simulator: Simulator | None = None
        self._start = 0.0

    @classmethod
    def open(cls, recording: str, inputs: Iterable[Named] = (), output: str | Path | None = None,
             log: str | Path | None = None, verbosity: int = 0, sink: RecordSink | None = None,
             verifier: Verifier | None = None, keep_records: bool = True,
             pends_to_sink: bool = True, epoch: Epoch | None = None) -> ReplayOutputs:
        """Check every path before opening any, so a refused one leaves every file as it was."""
        inputs = list(inputs)
        if output is not None:
            guarded_output(output, inputs, role=SIM_OUTPUT)
        if log is not None:
            guarded_output(log, inputs, [("the --sim-output file", output)] if output is not None else [],
                           appending=True, role=LOG)
        sim_output = SimOutput(output, recording, epoch=epoch) if output is not None else None
        try:
            scheduler_log = SchedulerLog(log, verbosity) if log is not None else None
        except BaseException:
            if sim_output is not None:
                sim_output.discard()
            raise
        return cls(recording, sim_output, scheduler_log, inputs, sink, verifier, keep_records, pends_to_sink, epoch)

    def claims(self) -> list[Named]:
        """The files this run writes now: another output must be none of them."""
        claims = self.output.atomic.claims("the simulation output") if self.output is not None else []
        return claims + (self.log.claims() if self.log is not None else [])

    def attach(self, simulator: Simulator) -> None:
        """Also write `simulator`'s job records (submit, finish, remove) and, when it ends, the end record."""
        self._simulator, self._start = simulator, simulator.time
        simulator.job_hook = self._job_changed

    def _job_changed(self, record: JobRecord, time: float) -> None:
        # called from inside the replay (an event being applied): a failure raised here would end the replay, so it
        # is named by the next report() instead, where a caller such as the console names it and goes on
        self._write(job_record(record, time), self._failures)

    def _raise_failures(self) -> None:
        failures = self._failures
        if failures:
            message = "; ".join(failures)
            failures.clear()
            raise OutputWriteError(message)

    def _take(self, record: Record, pend: bool) -> None:
        """A decision record for everything but the --sim-output file, which report() wrote already."""
        if self.records is not None:
            self.records.append(record)
        if self.sink is not None and (self.pends_to_sink or not pend):
            self.sink(record)
        if self.verifier is not None:
            self.verifier.add(record)
        if self.listener is not None:
            self.listener(record)

    def _write(self, record: Record, failures: list[str]) -> None:
        output = self.output
        if output is not None:
            try:
                output.write(record)
            except OSError as exc:
                failures.append(self._drop_output(output, exc))
        if self.sink is not None:
            self.sink(record)

    def _decided(self, round_no: int, position: int | None, decision: Dispatch | Pend, time: float,
                 reservation: Reservation | None, failures: list[str]) -> None:
        self.decisions += 1
        output = self.output
        if output is not None:
            # encoded straight from the decision: a loaded replay writes millions of pends, and building each
            # one's record only to encode it would cost more than the rest of the replay
            try:
                lines = self._lines
                output.write_line(lines.pend(round_no, position, decision, time)
                                  if reservation is None and type(decision) is Pend
                                  else lines.line(round_no, position, decision, time, reservation))
            except OSError as exc:
                failures.append(self._drop_output(output, exc))
        pend = type(decision) is Pend
        if (self.sink is not None and (self.pends_to_sink or not pend)) or self.verifier is not None \
                or self.records is not None or self.listener is not None:
            record = output_record(round_no, position, decision, self._lines.forms, reservation)
            record["time"] = time
            self._take(record, pend)

    def report(self, report: Report, time: float) -> None:
        failures = self._failures  # one list for every report: a new one per decision would cost GC time
        if isinstance(report, SessionResult):
            outcome = report.outcome
            if isinstance(outcome, (Dispatch, Pend)):
                # a result without a ruling holds no backfill reservation (planned() reads the ruling)
                reservation = planned(report) if report.ruling is not None else None
                self._decided(report.round, report.position, outcome, time, reservation, failures)
        elif isinstance(report, Reconstructed):
            self._decided(report.round, None, Dispatch(report.job, report.allocation), time, None, failures)
        elif isinstance(report, ReplayEnded) and self._simulator is not None:
            slots = sum(h.total(SLOTS) for h in self._simulator.state.cluster.hosts)
            self._write(end_record(report.statistics.time, self._start, slots), failures)
        log = self.log
        if log is not None:
            try:
                log.report(report, time)
            except OSError as exc:
                failures.append(self._drop_log(log, exc))
        if failures:
            self._raise_failures()

    def report_known(self, known: KnownOutcomes, time: float) -> None:
        """report() for each decision of a compact session's run of bucket hits, written exactly as report() writes
        them one at a time (a greedy run holds pends and no-decisions only, and no reservation). Only for outputs
        without a log: the log writes each result its own way, so run_batch asks for compact sessions only when
        there is none."""
        assert self.log is None, "a run with a log takes each session result through report()"
        failures, round_no, position = self._failures, known.round, known.first
        for outcome in known.outcomes:
            if type(outcome) is Pend:
                self._decided(round_no, position, outcome, time, None, failures)
            position += 1
        if failures:
            self._raise_failures()

    @property
    def reads_pends(self) -> bool:
        """Whether anything here takes each pend (the log, --sim-output, --sim-verify, kept records, a listener, or
        a sink given pends): only without any may a replay report the jobs a discipline holds as a count (HeldCount)."""
        return (self.log is not None or self.output is not None or self.verifier is not None
                or self.records is not None or self.listener is not None
                or (self.sink is not None and self.pends_to_sink))

    def report_held(self, held: HeldCount) -> None:
        """report() for the decisions a HeldCount counts: its pends, as decisions; no record is made, since
        nothing here reads one (reads_pends)."""
        assert not self.reads_pends, "only a replay whose outputs read no pend reports held jobs as a count"
        self.decisions += held.pends

    def _drop_output(self, failed: SimOutput, exc: OSError) -> str:
        self.output = None
        failed.discard()
        return f"{SIM_OUTPUT} {failed.path}: cannot write: {exc.strerror or exc}; it was not written"

    def _drop_log(self, failed: SchedulerLog, exc: OSError) -> str:
        self.log = None
        try:
            failed.discard()
        except OSError:
            pass
        return f"{LOG} {failed.path}: cannot write: {exc.strerror or exc}; it was not written"

    def switch_output(self, path: str | Path, reserved: Iterable[Named] = ()) -> None:
        """Send the records reported from now on to a new --sim-output file (`set output`). The path is checked
        first; then the previous output is finished and put in place, and the new one started."""
        guarded_output(path, self.inputs, self.claims() + list(reserved), role="set output")
        new = SimOutput(path, self.recording, epoch=self.epoch)
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
