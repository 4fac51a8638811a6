"""DR_EVT job traces (CSV) to a refsim recording (docs/drevt.md).

A trace has a header naming its columns in any order, then one job per data row:

- `job_submit_time`: epoch seconds (fractions allowed) or ISO 8601 (naive times read in the given time zone);
- `num_nodes`: tasks, on N one-slot hosts;
- `time_limit`, `timelimit` or `walltime` (the first present in this order; required): the job's run limit;
- `actual_run_time`, `actual_runtime`, `duration`, `actual_duration` or `run_time` (the first present): the run
  time; empty means the limit, and one above the limit is capped at it;
- `queue`: only `pbatch`, `pbatch0`-`pbatch3` are kept unless every queue is kept.

The job id is the 0-based index of the data row (blank lines not counted, dropped rows keep theirs). Rows are
stably sorted by submit time, so jobs submitted at one instant keep their file order.
"""

from __future__ import annotations

import csv
import datetime as dt
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from refsim.errors import RefsimError
from refsim.model.epoch import Epoch
from refsim.model.bounds import MAX_TASKS, MAX_TIME, short

SUBMIT, NODES, QUEUE = "job_submit_time", "num_nodes", "queue"
LIMIT_COLUMNS = ("time_limit", "timelimit", "walltime")
RUN_COLUMNS = ("actual_run_time", "actual_runtime", "duration", "actual_duration", "run_time")
BATCH_QUEUES = ("pbatch", "pbatch0", "pbatch1", "pbatch2", "pbatch3")
_NUMBER = re.compile(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$")
_NAME = re.compile(r"^[^\s\[\]{}=,:]+$")
MAX_ROW = 1_048_576  # characters of one row: a DR_EVT row takes about a hundred
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


class DrevtTraceError(RefsimError, ValueError):
    """A DR_EVT workload that cannot be imported; the message is one line naming the file, and the row and column.
    A cell quoted in it may hold a newline (inside CSV quotes): RefsimError shows it as an escape."""


@dataclass(frozen=True)
class DrevtJob:
    """One data row: `index` is its 0-based data-row index (the job id), `line` its line in the file."""

    index: int
    line: int
    submit: float
    nodes: int
    limit: float
    actual: float | None  # None: the row gives no actual run time
    queue: str


@dataclass(frozen=True)
class Dropped:
    index: int
    line: int
    reason: str  # "queue" or "nodes"
    detail: str


@dataclass(frozen=True)
class DrevtTrace:
    """A DR_EVT workload as read: its kept jobs and its dropped rows (not the decision trace of refsim.trace)."""

    jobs: tuple[DrevtJob, ...]  # kept rows, stably sorted by submit time
    dropped: tuple[Dropped, ...]


@dataclass(frozen=True)
class Distribution:
    """Run-time samples in seconds: `normal` (mean, standard deviation) or `lognormal` (mu, sigma of ln seconds)."""

    kind: str
    first: float
    second: float


@dataclass(frozen=True)
class RunTimes:
    mode: str = "actual"
    distribution: Distribution | None = None
    seed: int = 0


def parse_distribution(text: str) -> Distribution:
    """Read `normal:MEAN,STDDEV` or `lognormal:MU,SIGMA`."""
    kind, _, numbers = text.partition(":")
    parts = numbers.split(",")
    try:
        values = [float(p) for p in parts] if len(parts) == 2 else []
    except ValueError:
        values = []
    if kind not in ("normal", "lognormal") or len(values) != 2 or not all(map(math.isfinite, values)) \
            or values[1] < 0:
        raise DrevtTraceError(f"--distribution: '{text}' is not normal:MEAN,STDDEV or lognormal:MU,SIGMA "
                         "(finite numbers, spread not negative)")
    return Distribution(kind, values[0], values[1])


def time_zone(name: str) -> dt.tzinfo:
    try:
        return dt.timezone.utc if name.upper() == "UTC" else ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file of the zone data
        raise DrevtTraceError(f"--timezone: unknown time zone '{short(name)}'") from None


# --- reading ----------------------------------------------------------------------------------------------------


class _RowLines:
    """The file's lines for csv.reader, each row (one line, or several inside quotes) bounded to MAX_ROW characters
    before csv builds its cells: a row of a billion commas would be a billion cells."""

    def __init__(self, handle: TextIO, path: Path) -> None:
        self.handle, self.path = handle, path
        self.number = 0  # lines read so far
        self.row = 0  # characters of the row being read so far

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = self.handle.readline(MAX_ROW + 1 - self.row)
        if not line:
            raise StopIteration
        self.number += 1
        self.row += len(line)
        if self.row > MAX_ROW:
            raise DrevtTraceError(f"{self.path}: line {self.number}: a row longer than {MAX_ROW} characters")
        return line


def _rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every non-blank row; CRLF and a UTF-8 byte-order mark are accepted."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            lines = _RowLines(handle, path)
            reader = csv.reader(lines)
            try:
                for cells in reader:
                    lines.row = 0
                    if any(c.strip() for c in cells):
                        yield reader.line_num, cells
            except csv.Error as exc:
                raise DrevtTraceError(f"{path}: line {reader.line_num}: not valid CSV: {exc}") from None
    except OSError as exc:
        raise DrevtTraceError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DrevtTraceError(f"{path}: is not UTF-8 text") from None


def _columns(path: Path, header: list[str]) -> dict[str, int]:
    """The column index of each field refsim uses; aliases: the first present in the alias list wins."""
    names = [h.strip().lower() for h in header]
    found: dict[str, int] = {}
    for field, aliases in ((SUBMIT, (SUBMIT,)), (NODES, (NODES,)), (QUEUE, (QUEUE,)),
                           ("limit", LIMIT_COLUMNS), ("actual", RUN_COLUMNS)):
        for alias in aliases:
            if alias in names:
                found[field] = names.index(alias)
                break
    for field, aliases in ((SUBMIT, (SUBMIT,)), (NODES, (NODES,)), ("limit", LIMIT_COLUMNS)):
        if field not in found:
            raise DrevtTraceError(f"{path}: the header has no {' / '.join(aliases)} column (required)")
    return found


class _Row:
    """One data row's cells, with errors naming the file, line, job (row index) and column."""

    def __init__(self, path: Path, line: int, index: int, header: list[str], cells: list[str]) -> None:
        self.path, self.line, self.index, self.header, self.cells = path, line, index, header, cells

    def error(self, column: int, problem: str) -> DrevtTraceError:
        name = short(self.header[column].strip())
        return DrevtTraceError(f"{self.path}: line {self.line} (row {self.index}), column {name}: {problem}")

    def text(self, column: int) -> str:
        return self.cells[column].strip()

    def number(self, column: int) -> float:
        text = self.text(column)
        if not _NUMBER.match(text):
            raise self.error(column, f"'{short(text)}' is not a number")
        value = float(text)
        if value < 0:
            raise self.error(column, f"{short(text)} is negative")
        if value > MAX_TIME:
            raise self.error(column, f"{short(text)} is above {MAX_TIME} seconds")
        return value

    def nodes(self, column: int) -> int:
        text = self.text(column)
        value = float(text) if _NUMBER.match(text) else math.nan
        if value < 0:
            raise self.error(column, f"node count {short(text)} is negative")
        if not 1 <= value <= MAX_TASKS or value != int(value):
            raise self.error(column, f"'{short(text)}' is not a whole number of nodes from 1 to {MAX_TASKS}")
        return int(value)

    def submit(self, column: int, zone: dt.tzinfo) -> float:
        text = self.text(column)
        value = float(text) if _NUMBER.match(text) else _iso_seconds(text, zone)
        if value is None:
            raise self.error(column, f"'{short(text)}' is neither epoch seconds nor an ISO 8601 time")
        if value < 0:
            raise self.error(column, f"submit time {short(text)} is before 1970")
        if value > MAX_TIME:
            raise self.error(column, f"submit time {short(text)} is above {MAX_TIME} seconds")
        return value


def _iso_seconds(text: str, zone: dt.tzinfo) -> float | None:
    """Epoch seconds of an ISO 8601 time, read in `zone` when it carries no offset (microseconds kept exactly)."""
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    return ((moment - _EPOCH) // dt.timedelta(microseconds=1)) / 1_000_000


def read_trace(path: str | Path, nodes: int, timezone: str, keep_all_queues: bool) -> DrevtTrace:
    """The kept rows (stably sorted by submit time) and the dropped ones, each with its reason."""
    path, zone = Path(path), time_zone(timezone)
    rows = _rows(path)
    first = next(rows, None)
    if first is None:
        raise DrevtTraceError(f"{path}: the file is empty (a header row is required)")
    header = first[1]
    columns = _columns(path, header)
    jobs: list[DrevtJob] = []
    dropped: list[Dropped] = []
    for index, (line, cells) in enumerate(rows):
        if len(cells) != len(header):
            raise DrevtTraceError(f"{path}: line {line} (row {index}): {len(cells)} cells, "
                                  f"the header has {len(header)}")
        row = _Row(path, line, index, header, cells)
        job = _job(row, columns, zone, keep_all_queues)
        if not keep_all_queues and job.queue not in BATCH_QUEUES:
            dropped.append(Dropped(index, line, "queue", job.queue))
        elif job.nodes > nodes:
            dropped.append(Dropped(index, line, "nodes", str(job.nodes)))
        else:
            jobs.append(job)
    jobs.sort(key=lambda j: j.submit)  # stable: rows submitted together keep their file order
    return DrevtTrace(tuple(jobs), tuple(dropped))


def _job(row: _Row, columns: dict[str, int], zone: dt.tzinfo, keep_all_queues: bool) -> DrevtJob:
    submit = row.submit(columns[SUBMIT], zone)
    nodes = row.nodes(columns[NODES])
    limit = row.number(columns["limit"])
    if limit == 0:
        raise row.error(columns["limit"], "a time limit must be positive")
    has_actual = "actual" in columns and row.text(columns["actual"]) != ""
    actual = row.number(columns["actual"]) if has_actual else None
    queue = row.text(columns[QUEUE]) if QUEUE in columns else "pbatch"
    if keep_all_queues:
        queue = queue or "pbatch"
        if not queue.isprintable() or not _NAME.match(queue):  # the recording loader's rule for names
            raise row.error(columns[QUEUE], f"'{short(queue)}' cannot be a queue name (spaces, control or format "
                                            "characters, or []{}=,: in it)")
    return DrevtJob(row.index, row.line, submit, nodes, limit, actual, queue)


# --- run times ----------------------------------------------------------------------------------------------------


def run_times(trace: DrevtTrace, rows: int, choice: RunTimes) -> dict[int, float]:
    """Each kept job's run time (by row index), never above its limit.

    `distribution` draws one sample per data row in row order (dropped rows too, so keeping more queues never
    changes another job's sample), clamps it to [0, limit] and rounds it to the millisecond, so the recording is
    the same on every machine."""
    if choice.mode == "limit":
        return {j.index: j.limit for j in trace.jobs}
    if choice.mode == "actual":
        return {j.index: j.limit if j.actual is None else min(j.actual, j.limit) for j in trace.jobs}
    if choice.distribution is None:
        raise DrevtTraceError("--run-time distribution needs --distribution normal:MEAN,STDDEV or lognormal:MU,SIGMA")
    draw = random.Random(choice.seed)
    d = choice.distribution
    samples = [draw.normalvariate(d.first, d.second) for _ in range(rows)]
    if d.kind == "lognormal":
        samples = [math.exp(min(s, 700.0)) for s in samples]
    return {j.index: round(min(max(samples[j.index], 0.0), j.limit), 3) for j in trace.jobs}


def data_rows(trace: DrevtTrace) -> int:
    return max([j.index for j in trace.jobs] + [d.index for d in trace.dropped], default=-1) + 1


# --- the recording ------------------------------------------------------------------------------------------------


def cluster_document(nodes: int, queues: list[str]) -> dict[str, Any]:
    """N one-slot hosts `node0001`...; the queues at one priority, so jobs run first come, first served."""
    width = max(4, len(str(nodes)))
    return {"hosts": [{"name": f"node{i:0{width}d}", "slots": 1} for i in range(1, nodes + 1)],
            "queues": [{"name": q, "priority": 0} for q in queues]}


def queue_names(trace: DrevtTrace) -> list[str]:
    """pbatch first (the default queue), then the others in order of first appearance."""
    names = ["pbatch"]
    for job in sorted(trace.jobs, key=lambda j: j.index):
        if job.queue not in names:
            names.append(job.queue)
    return names


def plain(value: float) -> float | int:
    """Whole seconds as an int, so the recording reads `200`, not `200.0`."""
    return int(value) if value == int(value) else value


def submit_event(job: DrevtJob, run_time: float, time: float | None = None) -> dict[str, Any]:
    return {"time": plain(job.submit if time is None else time),
            "submit": {"id": job.index, "queue": job.queue, "tasks": job.nodes, "run_time": plain(run_time),
                       "run_limit": plain(job.limit)}}


def drevt_recording(path: str | Path, nodes: int, timezone: str = "UTC", keep_all_queues: bool = False,
                  choice: RunTimes = RunTimes()) -> tuple[dict[str, Any], DrevtTrace]:
    """A recording document (plain data, ready to write as YAML or JSON) and the trace it was made from."""
    trace = read_trace(path, nodes, timezone, keep_all_queues)
    runs = run_times(trace, data_rows(trace), choice)
    document = {
        "refsim": 2,
        # its times are Unix seconds; dates are shown in the zone naive times were read in
        "epoch": Epoch(0, "UTC" if timezone.upper() == "UTC" else timezone).document(),
        "cluster": cluster_document(nodes, queue_names(trace)),
        "sessions": {"policy": "after-events"},
        "events": [submit_event(j, runs[j.index]) for j in trace.jobs],
    }
    return document, trace


def capped(trace: DrevtTrace) -> int:
    """How many rows give an actual run time above their limit."""
    return sum(1 for j in trace.jobs if j.actual is not None and j.actual > j.limit)


def dropped_lines(path: str | Path, trace: DrevtTrace) -> list[str]:
    """One line per reason naming the dropped rows (DR_EVT drops them silently)."""
    lines = []
    queues = [d for d in trace.dropped if d.reason == "queue"]
    large = [d for d in trace.dropped if d.reason == "nodes"]
    if queues:
        lines.append(f"{path}: dropped {len(queues)} rows whose queue is not {', '.join(BATCH_QUEUES)} "
                     f"(--keep-all-queues keeps them): {_list(queues)}")
    if large:
        lines.append(f"{path}: dropped {len(large)} rows asking more nodes than --nodes: {_list(large)}")
    return lines


def _list(dropped: list[Dropped]) -> str:
    return ", ".join(f"row {d.index} (line {d.line}, {d.detail!r})" for d in dropped)
