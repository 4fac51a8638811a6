"""The console: it holds a replay in progress and carries out the operator's commands, one line at a time.
Everything it prints goes through `write`, one line per call, so drivers and tests can capture it."""

from __future__ import annotations

import shlex
import signal
import threading
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from refsim.model.jobid import JobIdError, parse_job_id
from refsim.model.units import UnitsMode, format_number
from refsim.repl import info
from refsim.repl.breakpoints import BreakKind, Breakpoints
from refsim.repl.collapse import RoundCollapser
from refsim.repl.commands import CommandError, check_limits, find, help_lines
from refsim.repl.format import echo_line
from refsim.repl.snapshot import snapshot_document
from refsim.sched.decisions import Dispatch, NoDecision, Pend, SessionResult
from refsim.sim.log import SchedulerLog
from refsim.sim.output import read_output
from refsim.sim.outputs import ReplayOutputs
from refsim.sim.recording import Recording
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, RoundEnded, RoundStarted, Simulator
from refsim.sim.verify import compare
from refsim.sim.write import write_document
from refsim.repl.tracing import TraceFileError, Tracing
from refsim.trace.filecopy import identity
from refsim.trace.records import Trace
from refsim.trace.settings import OFF, TraceError, parse_trace_on

MAX_STEPS = 1_000_000


class Console:
    def __init__(self, recording: Recording, write: Callable[[str], None], output: str | None = None,
                 verify: str | None = None, log: str | None = None, verbosity: int = 0) -> None:
        self.recording = recording
        self.write = write
        self.expected = read_output(verify) if verify is not None else None
        self.sim = Simulator(recording, session_hook=lambda round_no: self.tracing.session_started(round_no))
        self.outputs = ReplayOutputs(recording.source, output,
                                     SchedulerLog(log, verbosity) if log is not None else None, keep_records=True)
        self.units = UnitsMode.AUTO
        self.breaks = Breakpoints()
        self.finished = False
        self.interrupted = False
        self._reports = self.sim.reports()
        self._held: RoundStarted | None = None  # the round start execution stopped at, not yet entered
        self._previous_round_time: float | None = None
        self._round_lines: list[str] = []
        self.tracing = Tracing(lambda: self.sim.state.cluster, lambda: self.sim.in_session)
        self._round_traced = False

    # --- commands ----------------------------------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Carry out one command line; False when the console should end."""
        try:
            words = shlex.split(line, comments=False)
        except ValueError as exc:
            self.write(f"error: {exc}")
            return True
        if not words:
            return True
        try:
            check_limits(words)
            found = find(words)
            if found is None:
                raise CommandError(f"unknown command '{words[0]}' (try 'help')")
            command, args = found
            handler = getattr(self, "_cmd_" + command.name.replace(" ", "_"))
            return handler(args) is not False
        except CommandError as exc:
            self.write(f"error: {exc}")
            return True

    def close(self) -> None:
        """Finish writing every output file, trace files included."""
        self.tracing.close_all()
        self.outputs.close()

    @staticmethod
    def _no_args(name: str, args: list[str]) -> None:
        if args:
            raise CommandError(f"{name}: unexpected argument '{args[0]}'")

    def _cmd_quit(self, args: list[str]) -> bool:
        self._no_args("quit", args)
        return False

    def _cmd_help(self, args: list[str]) -> None:
        for line in help_lines(args):
            self.write(line)

    def _cmd_step(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"step: unexpected argument '{args[1]}'")
        count = 1
        if args:
            if not args[0].isdigit() or not 1 <= int(args[0]) <= MAX_STEPS:
                raise CommandError(f"step: '{args[0]}' is not a whole number from 1 to {MAX_STEPS}")
            count = int(args[0])
        self._run(count)

    def _cmd_continue(self, args: list[str]) -> None:
        self._no_args("continue", args)
        with self._interruptible():
            self._run(None)

    def _cmd_break(self, args: list[str]) -> None:
        usage = "break: expected round-begin, round N, job JOBID or time T"
        if not args or args[0] not in ("round-begin", "round", "job", "time"):
            raise CommandError(usage)
        kind = BreakKind(args[0])
        if (kind is BreakKind.ROUND_BEGIN) != (len(args) == 1) or len(args) > 2:
            raise CommandError(usage)
        target: dict = {}
        if kind is BreakKind.ROUND:
            if not args[1].isdigit() or int(args[1]) < 1:
                raise CommandError(f"break round: '{args[1]}' is not a round number (1 or more)")
            target["round"] = int(args[1])
        elif kind is BreakKind.JOB:
            target["job"] = self._job_id(args[1], "break job")
        elif kind is BreakKind.TIME:
            target["time"] = self._number(args[1], "break time")
        point = self.breaks.add(kind, **target)
        self.write(f"breakpoint {point.number}: {point}")

    def _cmd_delete(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"delete: unexpected argument '{args[1]}'")
        if args and not args[0].isdigit():
            raise CommandError(f"delete: '{args[0]}' is not a breakpoint number")
        number = int(args[0]) if args else None
        if not self.breaks.delete(number):
            raise CommandError(f"delete: no breakpoint {number}")
        self.write("deleted all breakpoints" if number is None else f"deleted breakpoint {number}")

    def _cmd_info_break(self, args: list[str]) -> None:
        self._no_args("info break", args)
        if not self.breaks.points:
            self.write("no breakpoints")
        for p in self.breaks.points:
            hits = self.breaks.hits[p.number]
            self.write(f"{p.number}: {p} (hit {hits} time{'' if hits == 1 else 's'})")

    def _cmd_info_job(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("info job: expected one JOBID")
        for line in info.job_lines(self.sim, self._job_id(args[0], "info job")):
            self.write(line)

    def _cmd_info_host(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("info host: expected one host NAME")
        for line in info.host_lines(self.sim, args[0], self.units):
            self.write(line)

    def _cmd_info_queue(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"info queue: unexpected argument '{args[1]}'")
        for line in info.queue_lines(self.sim, args[0] if args else None):
            self.write(line)

    def _cmd_info_round(self, args: list[str]) -> None:
        self._no_args("info round", args)
        t = format_number
        if self._held is not None:
            self.write(f"stopped before round {self._held.round} at t={t(self._held.time)}")
        elif self.sim.round == 0:
            self.write("no round has started")
        else:
            state = "in progress" if self.sim.in_session else "completed"
            self.write(f"round {self.sim.round} at t={t(self.sim.time)}, {state}: "
                       f"{len(self._round_lines)} decision{'' if len(self._round_lines) == 1 else 's'} reported")
            for line in self._round_lines:
                self.write(f"  {line}")

    def _cmd_info_limit(self, args: list[str]) -> None:
        self._no_args("info limit", args)
        for line in info.limit_lines(self.sim, self.units):
            self.write(line)

    def _cmd_show(self, args: list[str]) -> None:
        self._no_args("show", args)
        output = self.outputs.output.path if self.outputs.output is not None else "none"
        self.write(f"units {self.units.value}")
        self.write(f"output {output}")
        self.write(f"breakpoints {len(self.breaks.points)}")

    def _cmd_trace_on(self, args: list[str]) -> None:
        try:
            settings = parse_trace_on(args)
            self.tracing.replace(settings, self._reserved_files())
        except (TraceError, TraceFileError) as exc:
            raise CommandError(str(exc)) from None
        self.write(f"trace {settings.describe()} (from the next session)")

    def _cmd_trace_off(self, args: list[str]) -> None:
        self._no_args("trace off", args)
        self.tracing.replace(OFF, [])
        self.write("trace off (from the next session)")

    def _cmd_trace_status(self, args: list[str]) -> None:
        self._no_args("trace status", args)
        for line in self.tracing.status_lines():
            self.write(line)

    def _cmd_info_trace(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("info trace: expected one JOBID")
        for line in self.tracing.recall_lines(self._job_id(args[0], "info trace"), self.sim.jobs, self.units):
            self.write(line)

    def _reserved_files(self) -> list:
        """Files a trace file must not be: the simulation output in effect and the scheduler's log."""
        paths = [self.outputs.output.path if self.outputs.output is not None else None,
                 self.outputs.log.path if self.outputs.log is not None else None]
        return [i for i in (identity(p) for p in paths if p is not None) if i is not None]

    def _cmd_set_units(self, args: list[str]) -> None:
        modes = [m.value for m in UnitsMode]
        if len(args) != 1 or args[0] not in modes:
            word = args[0] if args else ""
            raise CommandError(f"set units: '{word}' is not one of {', '.join(modes)}")
        self.units = UnitsMode(args[0])
        self.write(f"units {self.units.value}")

    def _cmd_set_output(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("set output: expected one FILE")
        existing = identity(args[0])  # checked before opening, so a refused command never truncates the file
        if existing is not None and existing in self.tracing.open_identities():
            raise CommandError(f"set output: {args[0]} is a trace file still open for writing")
        try:
            self.outputs.switch_output(args[0])
        except OSError as exc:
            raise CommandError(f"set output: cannot open {args[0]}: {exc.strerror}") from None
        self.write(f"output {args[0]}")

    def _cmd_snapshot(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("snapshot: expected one FILE")
        try:
            write_document(snapshot_document(self.sim), Path(args[0]))
        except OSError as exc:
            raise CommandError(f"snapshot: cannot write {args[0]}: {exc.strerror}") from None
        self.write(f"snapshot written to {args[0]}")

    # --- running -----------------------------------------------------------------------------------------------

    def _job_id(self, text: str, where: str):
        try:
            return parse_job_id(text)
        except JobIdError as exc:
            raise CommandError(f"{where}: {exc}") from None

    @staticmethod
    def _number(text: str, where: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not value >= 0 or value == float("inf"):
            raise CommandError(f"{where}: '{text}' is not a time (a number of seconds, 0 or more)")
        return value

    @contextmanager
    def _interruptible(self):
        """Ctrl-C during continue sets a flag that the run loop reads between two reports."""
        self.interrupted = False
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, lambda *_: setattr(self, "interrupted", True))
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _print_trace(self, trace: Trace, rounds: RoundCollapser | None) -> None:
        if rounds is not None:
            rounds.flush()
        self._round_traced = True
        for line in self.tracing.shown(trace, self.units):
            self.write(line)

    def _next(self) -> Report:
        if self._held is not None:
            report, self._held = self._held, None
            return report
        report = next(self._reports)
        if isinstance(report, RoundStarted):
            point = self.breaks.at_round_start(report.round, report.time, self._previous_round_time)
            self._previous_round_time = report.time
            if point is not None:
                self._held = report
                raise _Stop(f"breakpoint {point.number} ({point}): stopped before round {report.round} "
                            f"at t={format_number(report.time)}")
        return report

    def _run(self, steps: int | None) -> None:
        """Report decisions: `steps` of them (step mode), or until a stop (continue mode, `steps` None)."""
        if self.finished:
            raise CommandError("the replay has finished")
        rounds = RoundCollapser(self.write) if steps is None else None
        reported = 0
        try:
            while steps is None or reported < steps:
                if self.interrupted:
                    raise _Stop(f"interrupted in round {self.sim.round}")
                reported += self._handle(self._next(), rounds)
        except _Stop as stop:
            if rounds is not None:
                rounds.flush()
            if stop.message:
                self.write(stop.message)

    def _handle(self, report: Report, rounds: RoundCollapser | None) -> int:
        """Process one report; the number of decisions it reported (0 or 1)."""
        self.outputs.report(report, self.sim.time)
        if isinstance(report, RoundStarted):
            self._round_lines, self._round_traced = [], False
        elif isinstance(report, RoundEnded):
            self.tracing.session_ended()
            if rounds is not None:
                rounds.add(report.summary, traced=self._round_traced)
        elif isinstance(report, ReplayEnded):
            self._end(report, rounds)
        elif isinstance(report, Reconstructed) or isinstance(report.outcome, (Dispatch, Pend)):
            return self._decision(report, rounds)
        elif isinstance(report.outcome, NoDecision):
            trace = self.tracing.trace_of(report)
            if trace is not None:  # printed where the decision would have been echoed; not a step
                self._print_trace(trace, rounds)
        return 0

    def _decision(self, report: Reconstructed | SessionResult, rounds: RoundCollapser | None) -> int:
        line = echo_line(report)
        self._round_lines.append(line)
        trace = self.tracing.trace_of(report)
        point = self.breaks.at_decision(report.job)
        if rounds is None or trace is not None or point is not None:
            if rounds is not None:
                rounds.flush()
            self.write(line)
        if trace is not None:
            self._print_trace(trace, rounds)
        if point is not None:
            raise _Stop(f"breakpoint {point.number} ({point}): stopped after the decision for {report.job}")
        return 1

    def _end(self, ended: ReplayEnded, rounds: RoundCollapser | None) -> None:
        if rounds is not None:
            rounds.flush()
        self.finished = True
        self.tracing.close_all()  # no trace can follow the end of the replay
        st = ended.statistics
        for warning in ended.warnings:
            self.write(f"warning: {warning}")
        self.write(f"replay finished after {st.rounds} rounds at t={format_number(st.time)}: {st.dispatched} "
                   f"dispatched, {st.finished} finished, {st.running} running, {st.pending} pending")
        if self.expected is not None:
            mismatches = compare(self.expected, self.outputs.records)
            for mismatch in mismatches:
                self.write(f"mismatch: {mismatch}")
            self.write(f"verify: {len(mismatches)} mismatches" if mismatches else "verify: no mismatch")
        raise _Stop("")


class _Stop(Exception):
    """Ends a step or continue run: a breakpoint, an interruption or the end of the replay."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
