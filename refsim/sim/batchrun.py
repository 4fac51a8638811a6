"""A batch run of `refsim sim` with the files it reads and writes: every output path checked before anything is
written, the replay run to its end behind a progress bar, then the --verify-report and the CSV tables written."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.progress import Progress
from refsim.sim.batch import BatchResult, input_files, run_batch
from refsim.sim.outputs import RecordSink
from refsim.sim.paths import Named, guarded_output
from refsim.sim.recording import Recording
from refsim.sim.tables import check_tables, write_tables
from refsim.sim.verify import write_report


@dataclass(frozen=True)
class BatchFiles:
    """The files of a batch run, each None when not read or written (the log may be refsim.sim.log.STDERR)."""

    output: str | None = None
    verify: str | None = None
    verify_report: str | None = None
    log: str | None = None
    verbosity: int = 0
    schedule: str | None = None
    resources: str | None = None


def _check_outputs(recording: Recording, files: BatchFiles) -> None:
    """Refuse a table or --verify-report path that is an input or another output of the run (OutputPathError, one
    line naming both), before anything is read or written."""
    inputs = input_files(recording, files.verify)
    outputs = [("the --sim-output file", files.output), ("the --log file", files.log)]
    check_tables(files.schedule, files.resources, inputs, outputs)
    if files.verify_report is not None:
        others = outputs + [("the --schedule file", files.schedule), ("the --resources file", files.resources)]
        named: list[Named] = [(role, path) for role, path in others if path is not None]
        guarded_output(files.verify_report, inputs, named, role="--verify-report")


def replay_with_files(recording: Recording, files: BatchFiles, sink: RecordSink | None = None) -> BatchResult:
    """Replay to the end writing every file asked for; `sink` is given each --sim-output record but the pends."""
    _check_outputs(recording, files)
    progress = Progress("replaying", recording.events[-1].time if recording.events else 0)
    try:
        result = run_batch(recording, files.output, files.verify, files.log, files.verbosity, sink=sink,
                           progress=progress.update if progress.enabled else None,
                           pends_to_sink=False)  # the metrics, the one sink, read no pend records
    finally:
        progress.close()
    if files.verify_report is not None:
        write_report(result.mismatches, files.verify_report)
    assert result.jobs is not None  # a batch run returns its job table
    write_tables(result.jobs, recording.cluster, files.schedule, files.resources)
    return result
