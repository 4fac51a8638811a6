"""What the run explorer's page shows, gathered from a run's --sim-output file (and optionally a JSON trace) into
one JSON-ready object (docs/explore.md, "What the page holds").

Jobs are stored by column (one list per field, a job's figures at the same index in each), so the NASA log's tens
of thousands of jobs stay a few megabytes; each job's hosts are runs of consecutive host numbers. Stories are
told for every job of a small run and, in a large one, for the STORIES jobs that waited longest plus every traced
job: a story takes a pass over every job, so telling all of a large run's would take minutes. The file is read
once: the stories' pends are kept as it is read, for the jobs that could turn out to be among those told
(sim/keptstories.py), and told at the end from indexes over the jobs (sim/storyindex.py)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refsim.model.duration import duration_words
from refsim.model.epoch import Epoch
from refsim.report.jobs import JobRow, JobsBuilder
from refsim.report.joblist import sorted_rows
from refsim.report.runfile import read_run, run_epoch
from refsim.report.endorder import end_after_start
from refsim.report.series import run_series
from refsim.sim.output import Record, number, read_fields
from refsim.sim.keptstories import KeptStories
from refsim.sim.story import Story, job_stories
from refsim.sim.storyindex import told_stories
from refsim.sim.storylines import story_lines
from refsim.trace.reader import TraceFormatError, read

STORIES = 500  # a larger run has its stories told for this many of its longest waits (and its traced jobs)
STATES = ("finished", "removed", "running", "pending")  # a job's state when the run ended


@dataclass(frozen=True)
class Explored:
    """The page's data: `data` goes into the page as JSON; the counts are for the command's summary line."""

    data: dict[str, Any]
    jobs: int
    hosts: int
    traced: int


class _Placements:
    """Each job's hosts (from its first dispatch record) and when it left (finish or remove record)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.hosts: dict[str, list[str]] = {}
        self.ends: dict[str, float] = {}

    def add(self, record: Record) -> None:
        read_fields(self.name, record, self._add)

    def _add(self, record: Record) -> None:
        kind = record["kind"]
        if kind == "dispatch" and record["job"] not in self.hosts:
            self.hosts[str(record["job"])] = [str(h["host"]) for h in record["allocation"]["hosts"]]
        elif kind in ("finish", "remove"):
            self.ends[str(record["job"])] = number(record["time"])


def _fed(records: Iterable[Record], sinks: tuple[Callable[[Record], None], ...]) -> Iterator[Record]:
    """The records, each handed to every sink on its way past: one pass over the file feeds several readers."""
    for record in records:
        for sink in sinks:
            sink(record)
        yield record


def host_order(names: Iterable[str]) -> list[str]:
    """Host names in natural order (node2 before node10), so the timeline's rows read as a person expects."""
    def key(name: str) -> tuple[tuple[int, int | str], ...]:
        return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part)
    return sorted(set(names), key=key)


def host_runs(indices: list[int]) -> list[int]:
    """Sorted host numbers as flat (first, count) pairs: [3, 4, 5, 9] is [3, 3, 9, 1]."""
    runs: list[int] = []
    for index in sorted(indices):
        if runs and runs[-2] + runs[-1] == index:
            runs[-1] += 1
        else:
            runs += [index, 1]
    return runs


def explore(run: str | Path, trace: str | Path | None = None, label: str | None = None) -> Explored:
    """Everything the explorer page of the run `run` shows; `trace` is a JSON trace of the same replay."""
    name = str(run)
    traces = _traces(trace) if trace is not None else {}
    builder, placed, kept = JobsBuilder(name), _Placements(name), KeptStories(name, STORIES, traces)
    series = run_series(_fed(end_after_start(read_run(run), name), (builder.add, placed.add, kept.add)), name)
    rows, epoch = builder.rows(), run_epoch(run)
    hosts = host_order(h for names in placed.hosts.values() for h in names)
    told = [r.job for r in rows] if len(rows) <= STORIES else \
        [*(j for j in traces if j in builder.jobs), *(r.job for r in sorted_rows(rows, "wait", STORIES))]
    stories = {job: story_lines(_dated(story, epoch)) for job, story in _stories(run, name, kept, told).items()}
    data = {"format": "refsim-explorer", "version": 1, "run": Path(name).name, "label": label or Path(name).name,
            "epoch": None if epoch is None else {"unix": epoch.unix, "timezone": epoch.zone},
            "span": {"start": series.span.start, "end": series.span.end, "slots": series.span.slots},
            "hosts": hosts, "states": list(STATES), **_jobs(rows, placed, hosts, epoch),
            "series": {"times": list(series.times), "pending": list(series.pending), "busy": list(series.busy)},
            "stories": stories, "traced": trace is not None, "traces": traces}
    return Explored(data, len(rows), len(hosts), sum(len(t) for t in traces.values()))


def _stories(run: str | Path, name: str, kept: KeptStories, told: list[str]) -> dict[str, Story]:
    """The told jobs' stories from the one pass's kept pends; a job whose pends were let go (possible only in a
    file that submits one job twice) is told from a second pass, as before."""
    missing = [job for job in told if not kept.kept(job)]
    again = job_stories(read_run(run), name, missing) if missing else {}
    found = told_stories(kept, [job for job in told if job not in again])
    return {job: again[job] if job in again else found[job] for job in dict.fromkeys(told)
            if job in again or job in found}


def _dated(story: Story, epoch: Epoch | None) -> Story:
    return dataclasses.replace(story, epoch=epoch)


def _jobs(rows: list[JobRow], placed: _Placements, hosts: list[str], epoch: Epoch | None) -> dict[str, Any]:
    """The jobs by column, in submission order, and the queues their `queue` numbers index."""
    queues = sorted({r.queue for r in rows})
    number_of = {h: i for i, h in enumerate(hosts)}
    columns: dict[str, list[Any]] = {k: [] for k in (
        "id", "queue", "state", "tasks", "submit", "start", "end", "wait", "waited", "bsld", "sessions",
        "overtaken", "reason", "hosts", "submitDate", "startDate")}
    for row in rows:
        end = placed.ends.get(row.job)
        state = ("finished" if row.start is not None else "removed") if end is not None else \
            ("running" if row.start is not None else "pending")
        values = (row.job, queues.index(row.queue), STATES.index(state), row.tasks, row.submit, row.start, end,
                  row.wait, None if row.wait is None else duration_words(row.wait),
                  None if row.bsld is None else round(row.bsld, 2), row.sessions, row.overtaken,
                  row.reason, host_runs([number_of[h] for h in placed.hosts.get(row.job, [])]),
                  None if epoch is None else epoch.date(row.submit),
                  None if epoch is None or row.start is None else epoch.date(row.start))
        for column, value in zip(columns.values(), values):
            column.append(value)
    return {"queues": queues, "jobs": columns}


def _traces(path: str | Path) -> dict[str, list[Any]]:
    """The JSON trace's objects by job, in the order written, each checked as `refsim.trace.load` checks it."""
    name = str(path)
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.readlines()
    except OSError as exc:
        raise TraceFormatError(f"{name}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise TraceFormatError(f"{name}: not UTF-8 text") from None
    try:
        for _ in read(lines):
            pass
    except TraceFormatError as exc:
        raise TraceFormatError(f"{name}: {exc}") from None
    found: dict[str, list[Any]] = {}
    for line in lines:
        if line.strip():
            obj = json.loads(line)
            found.setdefault(str(obj["job"]), []).append(obj)
    return found
