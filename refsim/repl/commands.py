"""The command table: every console command's name, usage, help and argument kinds, in the order help lists them,
with the handler the console registers for it (`COMMANDS.handles`). Dispatch, `help` and completion all read it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from refsim.errors import RefsimError

MAX_ARGS = 16
HELP_COLUMN = 50
MAX_ARG_BYTES = 255


class CommandError(RefsimError):
    """A user mistake in a command: printed as one `error: ...` line, with nothing changed."""


class Kind(Enum):
    """The kind of an argument whose words completion offers."""

    JOB = "job"                # the job ids the replay knows
    HOST = "host"              # the cluster's host names
    UNITS = "units"            # the units modes
    BREAKPOINT = "breakpoint"  # the kinds of breakpoint


@dataclass(frozen=True)
class Argument:
    """An argument whose words completion offers: one of `kind`, following the command's name and then the words
    `after` (`break job JOBID`: a job id after ("job",))."""

    kind: Kind
    after: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    name: str           # the words that select it, e.g. "info job"
    usage: str
    summary: str
    section: str
    details: str = ""
    arguments: tuple[Argument, ...] = ()  # those completion offers words for; the handler checks every argument

    def argument(self, typed: Sequence[str]) -> Kind | None:
        """The kind of the argument that follows the words typed after the name, if completion offers it."""
        return next((a.kind for a in self.arguments if a.after == tuple(typed)), None)


Handler = Callable[..., bool | None]  # a console method taking the arguments; False ends the console
H = TypeVar("H", bound=Handler)


class CommandTable:
    """The commands in help's order, and the handler registered for each."""

    def __init__(self, *commands: Command) -> None:
        self.commands = commands
        self._handlers: dict[str, Handler] = {}

    def __iter__(self) -> Iterator[Command]:
        return iter(self.commands)

    def handles(self, name: str) -> Callable[[H], H]:
        """A decorator: the method carries out the command `name` of the table."""
        def register(handler: H) -> H:
            if name not in (c.name for c in self.commands) or name in self._handlers:
                raise LookupError(f"{name}: no command of the table, or one with a handler")
            self._handlers[name] = handler
            return handler
        return register

    def handler(self, command: Command) -> Handler:
        return self._handlers[command.name]


SECTIONS = ("Running", "Breakpoints", "Inspection", "Settings", "Trace", "Console")
UNLIMITED = ("trace on",)  # spec 1.12: any number of job ids and a path up to 4095 bytes

COMMANDS = CommandTable(
    Command("step", "step [N]", "report the next N decisions, one echo line each (default 1)", "Running",
            "N is a whole number from 1 to 1000000. Stops early at a breakpoint or at the end of the replay. "
            "Selections that end in no decision are not echoed and do not count."),
    Command("continue", "continue", "run to the next breakpoint or the end, one line per round", "Running",
            "Runs of alike rounds (nothing dispatched, the same jobs pended for the same reasons) are joined into "
            "one 'rounds A-B' line. Ctrl-C stops between two reported decisions."),
    Command("break", "break round-begin | round N | job JOBID | time T", "set a breakpoint", "Breakpoints",
            "round-begin stops before every round; round N before round N; time T before the first round at or "
            "after simulated time T; job JOBID right after that job's decision (an array id: any element).",
            (Argument(Kind.BREAKPOINT), Argument(Kind.JOB, ("job",)))),
    Command("delete", "delete [N]", "delete breakpoint N, or all breakpoints", "Breakpoints"),
    Command("info break", "info break", "list the breakpoints and how often each was hit", "Breakpoints"),
    Command("info job", "info job JOBID", "a job's state, request and latest decision", "Inspection",
            "An array id lists every element.", (Argument(Kind.JOB),)),
    Command("info host", "info host NAME", "a host's status, capacity, usage and running jobs", "Inspection",
            arguments=(Argument(Kind.HOST),)),
    Command("info queue", "info queue [NAME]", "queues with their priority and pending and running jobs",
            "Inspection"),
    Command("info round", "info round", "the current round, time and what it has reported so far", "Inspection"),
    Command("info trace", "info trace JOBID", "re-print a job's latest stored trace (an array: each element's)",
            "Inspection", "Shown at the level it was captured, in the current units mode; also for finished or "
            "removed jobs. Says so when the trace was discarded under the store's memory bound."),
    Command("why", "why JOBID [level summary|full]",
            "explain now why a pending job is not dispatched (a dry run)", "Inspection",
            "Runs the scheduler's evaluation of the job against a copy of the current state and prints it in the "
            "trace format (summary level unless full is asked). Nothing is changed, stored or written to a trace "
            "file. An array id explains each pending element."),
    Command("history", "history JOBID", "a job's story in the run so far: waits, reasons, who took what it needed",
            "Inspection", "The story `refsim report RUN --job ID` tells from a finished run's output (docs/report.md), "
            "from the records of the run so far.", (Argument(Kind.JOB),)),
    Command("info limit", "info limit", "limits with their consumers, values and usage per scope", "Inspection"),
    Command("show", "show", "the current settings", "Inspection"),
    Command("snapshot", "snapshot FILE", "write the simulator state to FILE (YAML; JSON for .json)", "Inspection",
            "Written whole: FILE is replaced only once the snapshot is complete. Refused when FILE is the "
            "recording, an output being written, a directory or a device."),
    Command("set units", "set units raw|auto|KB|MB|GB|TB", "how amounts of memory are shown", "Settings",
            arguments=(Argument(Kind.UNITS),)),
    Command("set continue", "set continue normal|quiet", "how continue reports rounds", "Settings",
            "quiet: no round lines, one progress line every 1000 rounds; breakpoints still stop it, and traced "
            "decisions and their rounds are still printed. normal (the default): one line per round."),
    Command("set output", "set output FILE", "send the simulated decisions from now on to FILE", "Settings",
            "Like --sim-output: the file is started afresh with a header and appears when finished (the next set "
            "output, quit or the end of input); the previous output is finished and put in place now. Refused "
            "when FILE is the recording, the output in effect, the log or an open trace file."),
    Command("trace on", "trace on all|JOBID... [level summary|full] [lines N] [file PATH] [json PATH]",
            "explain decisions from the next session on, for all jobs or the jobs named", "Trace",
            "level: summary (the default) counts host verdicts per plan position, full shows every host; lines: "
            "the bound on a decision's requirement, check, plan and host lines, 50 to 100000 (default 1000). "
            "file: also append every trace printed to PATH (up to 4095 bytes); json: append each of them to PATH as "
            "one JSON object per line (docs/trace.schema.json). An array id selects every element; "
            "an id not yet in the replay is traced once it appears. A new trace on replaces every setting."),
    Command("trace off", "trace off", "stop explaining decisions from the next session on", "Trace",
            "Stored traces stay available to info trace."),
    Command("trace status", "trace status",
            "the trace settings in effect, any that replace them next session, and the store's use", "Trace"),
    Command("help", "help [COMMAND]", "list the commands, or describe one", "Console"),
    Command("quit", "quit", "leave the simulator (end of input does the same)", "Console"),
)


def find(words: list[str]) -> tuple[Command, list[str]] | None:
    """The command the words select (two-word names first) and its arguments."""
    if len(words) >= 2:
        for command in COMMANDS:
            if command.name == f"{words[0]} {words[1]}":
                return command, words[2:]
    for command in COMMANDS:
        if command.name == words[0]:
            return command, words[1:]
    return None


def unknown(words: list[str]) -> str:
    """The error for words that select no command. A trace subcommand is named like the other trace errors;
    other command words keep their established message."""
    if words[0] == "trace":
        subcommands = ", ".join(c.name.split()[1] for c in COMMANDS if c.name.startswith("trace "))
        if len(words) == 1:
            return f"trace: expected a subcommand ({subcommands})"
        return f"trace: unknown subcommand '{words[1]}' (expected {subcommands})"
    return f"unknown command '{words[0]}' (try 'help')"


def help_lines(topic: list[str]) -> list[str]:
    if not topic:
        lines = []
        for section in SECTIONS:
            lines.append(f"{section}:")
            for c in (c for c in COMMANDS if c.section == section):
                if len(c.usage) < HELP_COLUMN:
                    lines.append(f"  {c.usage:<{HELP_COLUMN}}{c.summary}")
                else:  # a long usage gets its own line, so the column stays where it is
                    lines += [f"  {c.usage}", f"  {'':<{HELP_COLUMN}}{c.summary}"]
        return lines
    found = find(topic)
    if found is None or found[1]:
        raise CommandError(f"help: no command '{' '.join(topic)}'")
    command = found[0]
    return [f"usage: {command.usage}", f"  {command.summary}"] + ([f"  {command.details}"] if command.details else [])


def check_limits(words: list[str]) -> None:
    if " ".join(words[:2]) in UNLIMITED:
        return
    if len(words) - 1 > MAX_ARGS:
        raise CommandError(f"too many arguments: {len(words) - 1} (at most {MAX_ARGS})")
    for i, word in enumerate(words):
        if len(word.encode("utf-8")) > MAX_ARG_BYTES:
            raise CommandError(f"word {i + 1} is {len(word.encode('utf-8'))} bytes long (at most {MAX_ARG_BYTES})")
