"""A whole sweep: read the sweep file and its recordings, expand the replays, skip those whose results exist,
run the rest on an executor, and file each result as it arrives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from refsim import __version__
from refsim.sim.paths import Named
from refsim.sweep.dotted import DottedPath
from refsim.sweep.executors import Executor
from refsim.sweep.expand import Replay, expand
from refsim.sweep.progress import SweepProgress
from refsim.sweep.results import ResultsFolder, Row, describe, row_of
from refsim.sweep.sources import resolve_sources
from refsim.sweep.spec import parse_spec
from refsim.sweep.tasks import ReplayOutcome, ReplayTask


@dataclass(frozen=True)
class SweepSummary:
    replays: int
    ran: int
    skipped: int  # results already there
    failed: int
    folder: ResultsFolder


def run_sweep(spec_path: str | Path, folder: str | Path, executor: Executor, *, sim_output: bool = False,
              force: bool = False, report: Callable[[str], None] = print,
              progress: SweepProgress | None = None) -> SweepSummary:
    """Run the sweep; each failed replay is told to `report` as one line, with its parameters and error."""
    spec = parse_spec(spec_path)
    sources = resolve_sources(spec)
    replays = expand(spec, sources, __version__)
    inputs: list[Named] = [("the sweep file", spec.file)]
    inputs += [("the recording", s.path) for s in sources]
    results = ResultsFolder(folder, inputs)
    kept = _kept(replays, {} if force else results.previous(), results, sim_output)
    todo = [r for r in replays if r.key not in kept]
    filing = _Filing(results, replays, list(kept.values()), report)
    if todo:  # with every result in place, an executor is not even asked (a Dask cluster may be gone)
        executor.start()
    try:
        results.start(spec.axis_names, filing.rows)
        progress = progress if progress is not None else SweepProgress(len(todo))
        try:
            if todo:
                executor.run([_task(r, spec.paths, spec.host_template, sim_output) for r in todo], filing.file,
                             progress)
        finally:
            progress.close()
            results.close()
    finally:
        if todo:
            executor.stop()
    results.rewrite(filing.rows)
    return SweepSummary(len(replays), len(todo), len(kept), filing.failed, results)


def _kept(replays: list[Replay], previous: dict[str, Row], results: ResultsFolder, sim_output: bool
          ) -> dict[str, Row]:
    """The rows of an earlier run that stand: replays still in the sweep that succeeded (and kept their output
    file, when one is asked for), renumbered in this sweep's order."""
    kept: dict[str, Row] = {}
    for replay in replays:
        row = previous.get(replay.key)
        if row is not None and row.get("status") == "ok" and (not sim_output or results.has_sim_output(row)):
            kept[replay.key] = row_of(replay, None, row)
    return kept


class _Filing:
    """Files each outcome as it arrives: its output file, its row in both tables, its failure line."""

    def __init__(self, results: ResultsFolder, replays: list[Replay], rows: list[Row],
                 report: Callable[[str], None]) -> None:
        self.results, self.rows, self.report = results, rows, report
        self.by_key = {r.key: r for r in replays}
        self.failed = 0

    def file(self, outcome: ReplayOutcome) -> None:
        replay = self.by_key[outcome.key]
        data = outcome.sim_output
        path = self.results.write_sim_output(replay, data) if data is not None else None
        row = row_of(replay, outcome, sim_output=path)
        if outcome.error is not None:
            self.failed += 1
            self.report(f"{describe(replay)} failed: {outcome.error}")
        self.results.append(row)
        self.rows.append(row)


def _task(replay: Replay, paths: dict[str, DottedPath], template: str | None, sim_output: bool) -> ReplayTask:
    return ReplayTask(replay.index, replay.key, replay.source, replay.parameters, paths,
                      template, __version__, sim_output)
