"""A sweep's output folder: results.csv and results.jsonl (one row per replay), and runs/ (each replay's
--sim-output file, when asked for).

Rows are appended to both files as each replay finishes, so an interrupted sweep keeps what it finished; the
next run reads results.jsonl, keeps the rows of replays that are still in the sweep and succeeded, and runs the
rest. Every path is checked with `guarded_output` first (none may be the sweep file or a recording), files are
rewritten whole through `atomic_write`, and when the sweep ends both files are rewritten in sweep order, so the
same sweep gives the same table however its replays were scheduled (CPU seconds apart)."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from refsim import __version__
from refsim.importers.formats import ON_THE_FLY
from refsim.model.bounds import short
from refsim.sim.outputs import OutputWriteError
from refsim.sim.paths import Named, OutputPathError, atomic_write, guarded_output
from refsim.sim.reader import RecordingError
from refsim.sweep.expand import Replay
from refsim.sweep.tasks import METRICS, ReplayOutcome

CSV_NAME, JSONL_NAME, RUNS = "results.csv", "results.jsonl", "runs"
FIXED = ("replay", "recording", "status", *METRICS, "cpu_seconds", "error", "sim_output", "key", "refsim")
Row = dict[str, Any]


def columns(axis_names: Iterable[str]) -> tuple[str, ...]:
    """The table's columns: the replay's number and recording, its parameters, then its figures."""
    return ("replay", "recording", *axis_names, *FIXED[2:])


def row_of(replay: Replay, outcome: ReplayOutcome | None, previous: Row | None = None,
           sim_output: str | None = None) -> Row:
    """A replay's row, from its outcome, or from its row in an earlier run of the sweep."""
    row: Row = {"replay": replay.index, "recording": replay.source.name}
    row.update(replay.parameters)
    if previous is not None:
        row.update({k: previous.get(k) for k in FIXED[2:]})
        return row
    assert outcome is not None
    row["status"] = "ok" if outcome.error is None else "failed"
    row.update({name: (outcome.metrics or {}).get(name) for name in METRICS})
    row.update(cpu_seconds=outcome.cpu_seconds, error=outcome.error, sim_output=sim_output, key=replay.key,
               refsim=__version__)
    return row


def cell(value: Any) -> str:
    """A value as a CSV cell: empty for none, numbers in Python's shortest round-trip form, lists and mappings
    (an override's value) as JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    return json.dumps(value, sort_keys=True)


class ResultsFolder:
    def __init__(self, folder: str | Path, inputs: list[Named]) -> None:
        self.folder = Path(folder)
        text = os.fspath(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise OutputPathError(f"-o {text}: is not a folder")
        self.inputs = inputs
        self.csv = Path(guarded_output(self.folder / CSV_NAME, inputs, role="results"))
        self.jsonl = Path(guarded_output(self.folder / JSONL_NAME, inputs, [("the results table", self.csv)],
                                         role="results"))
        self._files: list[IO[str]] = []
        self._columns: tuple[str, ...] = ()

    def previous(self) -> dict[str, Row]:
        """The rows of an earlier run, by key. A line cut short by an interrupt (the last one, without its
        newline) is ignored; any other line that is not a result is an error."""
        if not self.jsonl.exists():
            return {}
        try:
            text = self.jsonl.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordingError(str(self.jsonl), "", f"cannot read: {getattr(exc, 'strerror', None) or exc}") \
                from None
        rows: dict[str, Row] = {}
        lines = text.split("\n")
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                row = None
            if not isinstance(row, dict) or not isinstance(row.get("key"), str):
                if number == len(lines):  # the last line, unfinished: an interrupted append
                    continue
                raise RecordingError(str(self.jsonl), f"line {number}", "not a sweep result; use another folder "
                                                                        "or --force to replace the results")
            rows[row["key"]] = row
        return rows

    def start(self, axis_names: tuple[str, ...], rows: list[Row]) -> None:
        """Write the rows kept from an earlier run, then hold both files open for appending."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self._columns = columns(axis_names)
        self.rewrite(rows)
        self._files = [open(self.csv, "a", encoding="utf-8", newline=""),  # noqa: SIM115 (closed by close())
                       open(self.jsonl, "a", encoding="utf-8")]  # noqa: SIM115

    def append(self, row: Row) -> None:
        csv_file, jsonl_file = self._files
        for file, path, text in ((csv_file, self.csv, self._csv_text([row], header=False)),
                                 (jsonl_file, self.jsonl, _json_line(row))):
            try:
                file.write(text)
                file.flush()
            except OSError as exc:  # a full disk: the error names no file unless told
                raise OutputWriteError(f"{path}: cannot write: {exc.strerror or exc}") from None

    def close(self) -> None:
        """Close both files; closing flushes what a full disk refused, so a failure names its file too."""
        failed: OutputWriteError | None = None
        for file, path in zip(self._files, (self.csv, self.jsonl)):
            try:
                file.close()
            except OSError as exc:
                failed = failed or OutputWriteError(f"{path}: cannot write: {exc.strerror or exc}")
        self._files = []
        if failed is not None:
            raise failed

    def rewrite(self, rows: list[Row]) -> None:
        """Both files written whole with `rows` in sweep order; a failed write names its file."""
        ordered = sorted(rows, key=lambda r: int(r["replay"]))
        for path, text in ((self.csv, self._csv_text(ordered, header=True)),
                           (self.jsonl, "".join(_json_line(r) for r in ordered))):
            try:
                with atomic_write(path) as file:
                    file.write(text)
            except OSError as exc:
                raise OutputWriteError(f"{path}: cannot write: {exc.strerror or exc}") from None

    def _csv_text(self, rows: list[Row], header: bool) -> str:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if header:
            writer.writerow(self._columns)
        for row in rows:
            writer.writerow([cell(row.get(c)) for c in self._columns])
        return buffer.getvalue()

    def sim_output_path(self, replay: Replay) -> Path:
        stem = Path(replay.source.name).name
        for suffix in (".gz", *(s for f in ON_THE_FLY for s in f.suffixes), ".json", ".yaml", ".yml"):
            stem = stem.removesuffix(suffix)
        stem = stem or "recording"
        return self.folder / RUNS / f"{stem}-{replay.index:03d}-{replay.key[:12]}.jsonl.gz"

    def write_sim_output(self, replay: Replay, data: bytes) -> str:
        """Put a replay's --sim-output file in runs/; its path relative to the folder."""
        path = self.sim_output_path(replay)
        guarded_output(path, self.inputs, [("the results table", self.csv), ("the results", self.jsonl)],
                       role="--sim-output")
        path.parent.mkdir(exist_ok=True)
        with atomic_write(path, binary=True) as file:
            file.write(data)
        return path.relative_to(self.folder).as_posix()

    def has_sim_output(self, row: Row) -> bool:
        name = row.get("sim_output")
        return isinstance(name, str) and bool(name) and (self.folder / name).is_file()


def _json_line(row: Row) -> str:
    return json.dumps(row, sort_keys=False, ensure_ascii=False) + "\n"


def describe(replay: Replay) -> str:
    """A replay in a few words, for its failure line: its recording and parameters."""
    shown = ", ".join(f"{name}={short(value)}" for name, value in replay.parameters)
    return f"replay {replay.index} ({replay.source.name}{', ' + shown if shown else ''})"
