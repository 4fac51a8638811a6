"""Trace settings and the `trace on` / `trace off` grammar. A `trace on` replaces every setting at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import cast

from refsim.errors import RefsimError
from refsim.model.bounds import short, whole_number
from refsim.model.jobid import JobId, JobIdError, format_job_ids, parse_job_id

MIN_LINES, MAX_LINES, DEFAULT_LINES = 50, 100_000, 1000
MAX_PATH_BYTES = 4095
NO_SELECTION = "trace on: a job selection (all or job ids) is required"


class Level(Enum):
    SUMMARY = "summary"
    FULL = "full"


class TraceError(RefsimError, ValueError):
    """An invalid trace argument; the message names it."""


@dataclass(frozen=True)
class TraceSettings:
    enabled: bool = False
    jobs: tuple[JobId, ...] | None = None  # None: all jobs
    level: Level = Level.SUMMARY
    lines: int = DEFAULT_LINES
    file: str | None = None
    json: str | None = None  # the JSON Lines copy

    def traces(self, job: JobId) -> bool:
        """Whether a decision for `job` is traced: an array id selects every element, an element only itself."""
        return self.enabled and (self.jobs is None or any(s.selects(job) for s in self.jobs))

    def describe(self) -> str:
        if not self.enabled:
            return "off"
        jobs = "all jobs" if self.jobs is None else f"jobs {format_job_ids(self.jobs)}"
        text = f"on for {jobs}, level {self.level.value}, at most {self.lines} lines per decision"
        return text + (f", file {self.file}" if self.file else "") + (f", json {self.json}" if self.json else "")

    def paths(self) -> tuple[str, ...]:
        """The trace files these settings write to."""
        return tuple(p for p in (self.file, self.json) if p is not None)


OFF = TraceSettings()


def _lines(word: str) -> int:
    # whole_number takes ASCII digits only: '²⁵⁰' passes str.isdigit() yet int() refuses it
    lines = whole_number(word, MIN_LINES, MAX_LINES)
    if lines is None:
        raise TraceError(f"trace on: lines '{short(word)}' is not a whole number from {MIN_LINES} to {MAX_LINES}")
    return lines


def _level(word: str) -> Level:
    try:
        return Level(word)
    except ValueError:
        raise TraceError(f"trace on: level '{word}' is not summary or full") from None


def _path(option: str) -> Callable[[str], str]:
    def check(word: str) -> str:
        if len(word.encode("utf-8")) > MAX_PATH_BYTES:
            raise TraceError(f"trace on: {option} path is {len(word.encode('utf-8'))} bytes long "
                             f"(at most {MAX_PATH_BYTES})")
        if not word:
            raise TraceError(f"trace on: {option} path is empty")
        return word
    return check


OPTIONS: dict[str, Callable[[str], object]] = {"level": _level, "lines": _lines, "file": _path("file"),
                                               "json": _path("json")}


def _option(options: dict[str, object], name: str, value: str | None) -> None:
    if value is None:
        raise TraceError(f"trace on: option '{name}' needs a value")
    if name in options:
        raise TraceError(f"trace on: option '{name}' is given twice")
    options[name] = OPTIONS[name](value)


def parse_trace_on(args: list[str]) -> TraceSettings:
    """`all | JOBID...` then options `level summary|full`, `lines N`, `file PATH`, in any order."""
    if not args:
        raise TraceError(NO_SELECTION)
    jobs: list[JobId] | None = None if args[0] == "all" else []
    i = 1 if jobs is None else 0
    while jobs is not None and i < len(args) and args[i] not in OPTIONS:
        try:
            jobs.append(parse_job_id(args[i]))
        except JobIdError:
            raise TraceError(f"trace on: malformed job id '{args[i]}'") from None
        i += 1
    if jobs == []:  # options but no selection: tracing nothing is not what anyone means
        raise TraceError(NO_SELECTION)
    options: dict[str, object] = {}
    while i < len(args):
        if args[i] not in OPTIONS:
            what = "job id after 'all'" if jobs is None and args[i][:1].isdigit() else "option"
            raise TraceError(f"trace on: unknown {what} '{args[i]}'")
        _option(options, args[i], args[i + 1] if i + 1 < len(args) else None)
        i += 2
    if "file" in options and options.get("file") == options.get("json"):
        raise TraceError(f"trace on: file and json name the same path '{options['file']}'")
    # each value is what its OPTIONS parser returns: a Level, an int, a path
    return TraceSettings(True, None if jobs is None else tuple(dict.fromkeys(jobs)),
                         cast(Level, options.get("level", Level.SUMMARY)),
                         cast(int, options.get("lines", DEFAULT_LINES)),
                         cast(str | None, options.get("file")), cast(str | None, options.get("json")))
