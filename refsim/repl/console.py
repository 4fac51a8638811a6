"""The console: it holds a replay in progress and carries out the operator's commands, one line at a time.
Everything it prints goes through `write`, one line per call, so drivers and tests can capture it."""

from __future__ import annotations

import dataclasses
import math
import shlex
import signal
import threading
from collections.abc import Callable, Iterator
from itertools import chain
from contextlib import contextmanager
from pathlib import Path

from refsim import __version__
from refsim.model.bounds import MAX_INDEX, MAX_LINE, MAX_TIME, short, whole_number
from refsim.model.jobid import JobId, JobIdError, format_job_ids, parse_job_id
from refsim.model.units import UnitsMode, format_number
from refsim.repl import info
from refsim.repl.breakpoints import BreakKind, Breakpoints
from refsim.repl.collapse import QuietRounds, RoundCollapser
from refsim.repl.commands import COMMANDS, CommandError, check_limits, find, help_lines, unknown
from refsim.repl.format import echo_line
from refsim.repl.snapshot import snapshot_document
from refsim.repl.tracing import TraceFileError, Tracing
from refsim.repl.format import json_text
from refsim.repl.why import why_lines, why_objects
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import SessionResult
from refsim.sim.batch import input_files
from refsim.sim.output import Record
from refsim.sim.runfile import read_output
from refsim.sim.outputs import OutputWriteError, ReplayOutputs
from refsim.sim.paths import Named, OutputPathError, guarded_output
from refsim.sim.recording import Recording, Submit
from refsim.sim.reader import RecordingError
from refsim.sim.replay import Reconstructed, ReplayEnded, Report, RoundEnded, RoundStarted, Simulator
from refsim.sim.story import job_story
from refsim.sim.storylines import story_lines
from refsim.sim.verify import compare, summary
from refsim.sim.write import write_document
from refsim.trace.filecopy import Identity, identity
from refsim.trace.records import Trace
from refsim.trace.settings import Level, OFF, TraceError, parse_trace_on

MAX_STEPS = 1_000_000


class Console:
    def __init__(self, recording: Recording, write: Callable[[str], None], output: str | None = None,
                 verify: str | None = None, log: str | None = None, verbosity: int = 0,
                 on_error: str = "continue") -> None:
        self.recording = recording
        self.write = write
        self.stop_on_error = on_error == "stop"  # `--on-error stop`: the first failed command ends the console
        self.failed = False  # a command failed (`error: ...`)
        self.expected = read_output(verify) if verify is not None else None
        self.sim = Simulator(recording, session_hook=lambda round_no: self.tracing.session_started(round_no))
        self.job_log: list[Record] = []  # the run's submit, finish and remove records, for `history`
        self.outputs = ReplayOutputs.open(recording.source, input_files(recording, verify), output, log, verbosity,
                                          sink=self._keep_job_record, pends_to_sink=False, epoch=recording.epoch)
        self.outputs.attach(self.sim)
        self.units = UnitsMode.AUTO
        self.quiet_continue = False
        self.breaks = Breakpoints()
        self.finished = False
        self.interrupted = False
        self._reports = self.sim.reports()
        self._held: RoundStarted | None = None  # the round start execution stopped at, not yet entered
        self._previous_round_time: float | None = None
        self._round_lines: list[str] = []
        self.tracing = Tracing(lambda: self.sim.state.cluster, lambda: self.sim.session_in_progress)
        self._round_traced = False

    # --- commands ----------------------------------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Carry out one command line; False when the console should end."""
        if len(line) > MAX_LINE:
            return self._failed(f"the line is {len(line)} characters long (at most {MAX_LINE}); ignored")
        try:
            words = shlex.split(line, comments=False)
        except ValueError as exc:
            return self._failed(str(exc))
        if not words:
            return True
        try:
            check_limits(words)
            found = find(words)
            if found is None:
                raise CommandError(unknown(words))
            command, args = found
            return COMMANDS.handler(command)(self, args) is not False
        except CommandError as exc:
            return self._failed(str(exc))

    def _failed(self, message: str) -> bool:
        self.write(f"error: {message}")
        self.failed = True
        return not self.stop_on_error

    def banner(self) -> str:
        """The line a terminal session opens with: what is loaded, and where to start."""
        jobs = sum(isinstance(e.action, Submit) for e in self.recording.events)
        hosts = len(self.recording.cluster.hosts)
        return (f"refsim {__version__}: {self.recording.source}, {hosts} host{'' if hosts == 1 else 's'}, "
                f"{jobs} job{'' if jobs == 1 else 's'}; type help for the commands, quit to leave")

    def close(self) -> None:
        """Finish writing every output file, trace files included."""
        self.tracing.close_all()
        self.outputs.close()

    @staticmethod
    def _no_args(name: str, args: list[str]) -> None:
        if args:
            raise CommandError(f"{name}: unexpected argument '{args[0]}'")

    @COMMANDS.handles("quit")
    def _cmd_quit(self, args: list[str]) -> bool:
        self._no_args("quit", args)
        return False

    @COMMANDS.handles("help")
    def _cmd_help(self, args: list[str]) -> None:
        for line in help_lines(args):
            self.write(line)

    @COMMANDS.handles("step")
    def _cmd_step(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"step: unexpected argument '{args[1]}'")
        count: int | None = 1
        if args:
            count = whole_number(args[0], 1, MAX_STEPS)
            if count is None:
                raise CommandError(f"step: '{short(args[0])}' is not a whole number from 1 to {MAX_STEPS}")
        with self._interruptible():
            self._run(count)

    @COMMANDS.handles("continue")
    def _cmd_continue(self, args: list[str]) -> None:
        self._no_args("continue", args)
        with self._interruptible():
            self._run(None)

    @COMMANDS.handles("break")
    def _cmd_break(self, args: list[str]) -> None:
        usage = "break: expected round-begin, round N, job JOBID or time T"
        if not args or args[0] not in ("round-begin", "round", "job", "time"):
            raise CommandError(usage)
        kind = BreakKind(args[0])
        if (kind is BreakKind.ROUND_BEGIN) != (len(args) == 1) or len(args) > 2:
            raise CommandError(usage)
        round_no: int | None = None
        job: JobId | None = None
        time: float | None = None
        if kind is BreakKind.ROUND:
            round_no = whole_number(args[1], 1, 10**18)
            if round_no is None:
                raise CommandError(f"break round: '{short(args[1])}' is not a round number (1 or more)")
        elif kind is BreakKind.JOB:
            job = self._job_id(args[1], "break job")
        elif kind is BreakKind.TIME:
            time = self._number(args[1], "break time")
        point = self.breaks.add(kind, round=round_no, job=job, time=time)
        self.write(f"breakpoint {point.number}: {point}")

    @COMMANDS.handles("delete")
    def _cmd_delete(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"delete: unexpected argument '{args[1]}'")
        number = whole_number(args[0], 0, MAX_INDEX) if args else None
        if args and number is None:
            raise CommandError(f"delete: '{short(args[0])}' is not a breakpoint number")
        if not self.breaks.delete(number):
            raise CommandError(f"delete: no breakpoint {number}")
        self.write("deleted all breakpoints" if number is None else f"deleted breakpoint {number}")

    @COMMANDS.handles("info break")
    def _cmd_info_break(self, args: list[str]) -> None:
        self._no_args("info break", args)
        if not self.breaks.points:
            self.write("no breakpoints")
        for p in self.breaks.points:
            hits = self.breaks.hits[p.number]
            self.write(f"{p.number}: {p} (hit {hits} time{'' if hits == 1 else 's'})")

    @COMMANDS.handles("info job")
    def _cmd_info_job(self, args: list[str]) -> None:
        if len(args) not in (1, 2) or args[1:] not in ([], ["json"]):
            raise CommandError("info job: expected one JOBID")  # unchanged for the shipped command (spec 11.5)
        job = self._job_id(args[0], "info job")
        if args[1:] == ["json"]:
            found = info.job_objects(self.sim, job)
            for obj in found:
                self.write(json_text(obj))
            if not found:
                self.write(json_text({"job": str(job), "state": "unknown"}))
            return
        for line in info.job_lines(self.sim, job):
            self.write(line)

    @COMMANDS.handles("info host")
    def _cmd_info_host(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("info host: expected one host NAME")
        for line in info.host_lines(self.sim, args[0], self.units):
            self.write(line)

    @COMMANDS.handles("info queue")
    def _cmd_info_queue(self, args: list[str]) -> None:
        if len(args) > 1:
            raise CommandError(f"info queue: unexpected argument '{args[1]}'")
        for line in info.queue_lines(self.sim, args[0] if args else None):
            self.write(line)

    @COMMANDS.handles("info round")
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

    @COMMANDS.handles("info limit")
    def _cmd_info_limit(self, args: list[str]) -> None:
        self._no_args("info limit", args)
        for line in info.limit_lines(self.sim, self.units):
            self.write(line)

    @COMMANDS.handles("show")
    def _cmd_show(self, args: list[str]) -> None:
        self._no_args("show", args)
        output = self.outputs.output.path if self.outputs.output is not None else "none"
        self.write(f"units {self.units.value}")
        self.write(f"output {output}")
        self.write(f"breakpoints {len(self.breaks.points)}")
        self.write(f"continue {'quiet' if self.quiet_continue else 'normal'}")

    @COMMANDS.handles("trace on")
    def _cmd_trace_on(self, args: list[str]) -> None:
        try:
            settings = parse_trace_on(args)
            for kind, path in (("file", settings.file), ("json", settings.json)):
                if path is not None and path not in self.tracing.files:
                    self._guard_trace_file(kind, path)
            self.tracing.replace(settings, self._reserved_files())
        except (TraceError, TraceFileError, OutputPathError) as exc:
            raise CommandError(str(exc)) from None
        self.write(f"trace {settings.describe()} (from the next session)")

    def _guard_trace_file(self, kind: str, path: str) -> None:
        """The output-path guard for a trace file (text or JSON): never an input, the simulation output or the log."""
        guarded_output(path, self.outputs.inputs, appending=True, role=f"trace on: {kind}")
        try:  # also by path: the simulation output may not exist yet under its own name
            guarded_output(path, [], self.outputs.claims(), appending=True)
        except OutputPathError:  # in the words of spec 8.3/8.4
            raise TraceFileError(f"trace on: {kind} {path} is the simulation output or log file") from None

    @COMMANDS.handles("trace off")
    def _cmd_trace_off(self, args: list[str]) -> None:
        self._no_args("trace off", args)
        self.tracing.replace(OFF, [])
        self.write("trace off (from the next session)")

    @COMMANDS.handles("trace status")
    def _cmd_trace_status(self, args: list[str]) -> None:
        self._no_args("trace status", args)
        for line in self.tracing.status_lines():
            self.write(line)

    @COMMANDS.handles("info trace")
    def _cmd_info_trace(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("info trace: expected one JOBID")
        for line in self.tracing.recall_lines(self._job_id(args[0], "info trace"), self.sim.jobs, self.units):
            self.write(line)

    def _reserved_files(self) -> list[Identity]:
        """Files a trace file must not be: the simulation output in effect and the scheduler's log."""
        return [i for i in (identity(path) for _, path in self.outputs.claims()) if i is not None]

    def _trace_files(self) -> list[Named]:
        return [("the trace file", path) for path in self.tracing.files]

    @COMMANDS.handles("set units")
    def _cmd_set_units(self, args: list[str]) -> None:
        modes = [m.value for m in UnitsMode]
        if len(args) != 1 or args[0] not in modes:
            word = args[0] if args else ""
            raise CommandError(f"set units: '{word}' is not one of {', '.join(modes)}")
        self.units = UnitsMode(args[0])
        self.write(f"units {self.units.value}")

    @COMMANDS.handles("set continue")
    def _cmd_set_continue(self, args: list[str]) -> None:
        if len(args) != 1 or args[0] not in ("normal", "quiet"):
            word = args[0] if args else ""
            raise CommandError(f"set continue: '{word}' is not normal or quiet")
        self.quiet_continue = args[0] == "quiet"
        self.write(f"continue {args[0]}")

    def _keep_job_record(self, record: Record) -> None:
        if record["kind"] not in ("dispatch", "pend"):  # decisions are kept in outputs.records
            self.job_log.append(record)

    @COMMANDS.handles("history")
    def _cmd_history(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("history: expected one JOBID")
        job = format_job_ids([self._job_id(args[0], "history")])
        records = chain(self.job_log, self.outputs.records or ())
        try:
            story = job_story(records, "the run so far", job)
        except RecordingError:
            self.write(f"history {job}: the job is unknown (not submitted so far)")
            return
        if story.run_end is None:
            story = dataclasses.replace(story, run_end=self.sim.time, ongoing=True)
        story = dataclasses.replace(story, epoch=self.recording.epoch)
        for line in story_lines(story):
            self.write(line)

    @COMMANDS.handles("why")
    def _cmd_why(self, args: list[str]) -> None:
        as_json = args[-1:] == ["json"] and len(args) > 1
        words = args[:-1] if as_json else args
        if len(words) not in (1, 3) or (len(words) == 3 and words[1] != "level"):
            raise CommandError("why: expected JOBID [level summary|full] [json]")
        try:
            level = Level(words[2]) if len(words) == 3 else Level.SUMMARY
        except ValueError:
            raise CommandError(f"why: level '{words[2]}' is not summary or full") from None
        job = self._job_id(words[0], "why")
        if as_json:
            for obj in why_objects(self.sim, job, level, self._where()):
                self.write(json_text(obj))
            return
        for line in why_lines(self.sim, job, level, self.units, self._where()):
            self.write(line)

    def _where(self) -> tuple[str, int]:
        """Where the replay stands, in words, and the round a dry run there is numbered in."""
        t = format_number
        if self._held is not None:
            return f"before round {self._held.round} (t={t(self._held.time)})", self._held.round
        if self.sim.in_session:
            return f"during round {self.sim.round} (t={t(self.sim.time)})", self.sim.round
        # Before round 1 no job is known yet (submissions are applied as rounds start), so nothing shows this
        return f"after round {self.sim.round} (t={t(self.sim.time)})", self.sim.round + 1

    @COMMANDS.handles("set output")
    def _cmd_set_output(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("set output: expected one FILE")
        try:
            guarded_output(args[0], role="set output")  # the path itself first: a NUL byte cannot even be looked up
            existing = identity(args[0])  # checked before opening, so a refused command never truncates the file
            if existing is not None and existing in self.tracing.open_identities():
                raise CommandError(f"set output: {args[0]} is a trace file still open for writing")
            self.outputs.switch_output(args[0], self._trace_files())
        except (OutputPathError, OutputWriteError) as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"set output: cannot open {args[0]}: {exc.strerror}") from None
        self.write(f"output {args[0]}")

    @COMMANDS.handles("snapshot")
    def _cmd_snapshot(self, args: list[str]) -> None:
        if len(args) != 1:
            raise CommandError("snapshot: expected one FILE")
        try:
            guarded_output(args[0], self.outputs.inputs, self.outputs.claims() + self._trace_files(),
                           role="snapshot")
            write_document(snapshot_document(self.sim), Path(args[0]))
        except OutputPathError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"snapshot: cannot write {args[0]}: {exc.strerror}") from None
        self.write(f"snapshot written to {args[0]}")

    # --- running -----------------------------------------------------------------------------------------------

    def _job_id(self, text: str, where: str) -> JobId:
        try:
            return parse_job_id(text)
        except JobIdError as exc:
            raise CommandError(f"{where}: {exc}") from None

    @staticmethod
    def _number(text: str, where: str) -> float:
        try:  # ASCII only: float() would also read Unicode digits; text that is no number reads as NaN
            value = float(text) if text.isascii() and len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not 0 <= value <= MAX_TIME:  # also refuses NaN and infinity
            bound = "0 or more" if not value > MAX_TIME else f"at most {MAX_TIME}"
            raise CommandError(f"{where}: '{short(text)}' is not a time (a number of seconds, {bound})")
        return value

    @contextmanager
    def _interruptible(self) -> Iterator[None]:
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
        lines, failures = self.tracing.shown(trace, self.units)
        for failed in failures:  # a full disk: say which file, stop copying to it, keep the session
            self.write(f"error: trace file {failed.path}: cannot write: {failed.reason}; copying stopped")
        for line in lines:
            self.write(line)

    def _next(self) -> Report:
        if self._held is not None:
            held, self._held = self._held, None
            return held
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
        rounds: RoundCollapser | None = None
        if steps is None:
            rounds = QuietRounds(self.write) if self.quiet_continue else RoundCollapser(self.write)
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
        try:
            self.outputs.report(report, self.sim.time)
        except OutputWriteError as exc:  # that output is dropped; the replay and the session go on
            self.write(f"error: {exc}")
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
            self._reported()
        return 0

    def _reported(self) -> None:
        """After a decision or no-decision is reported: the last one of its session ends the session."""
        if not self.sim.session_in_progress:
            self.tracing.session_ended()

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
        self._reported()
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
            assert self.outputs.records is not None  # the console's outputs keep their records
            mismatches = compare(self.expected, self.outputs.records)
            for line in summary(mismatches):
                self.write(line)
            self.write(f"verify: {len(mismatches)} mismatches" if mismatches else "verify: no mismatch")
        raise _Stop("")


class _Stop(Exception):
    """Ends a step or continue run: a breakpoint, an interruption or the end of the replay."""

    def __init__(self, message: str) -> None:  # Exception.__new__ already keeps `message` in args
        self.message = message
