"""What runs on a worker: one replay, from the recording's bytes to its metrics (and, when asked, its
--sim-output file, gzip-compressed). Module-level functions and plain frozen data, so any executor can send them:
a local process or a Dask worker on another machine with no shared filesystem.

A worker whose refsim version differs from the sweep's refuses the task: its decisions might differ, and its
results would be filed under the wrong key."""

from __future__ import annotations

import gzip
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from refsim import __version__
from refsim.report.metrics import FIELDS, MetricsBuilder
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from
from refsim.sim.outputs import OutputWriteError
from refsim.sim.reader import RecordingError
from refsim.sim.recording import Recording
from refsim.sweep.dotted import DottedPath, DottedPathError
from refsim.sweep.sources import Source, base_document
from refsim.sweep.spec import Parameters
from refsim.sweep.variant import VariantError, variant

Figure = float | int | None
METRICS = (*FIELDS, "decisions")  # the report's overall figures, then the replay's decision count


@dataclass(frozen=True)
class ReplayTask:
    index: int
    key: str
    source: Source  # carries the recording's bytes
    parameters: Parameters
    paths: dict[str, DottedPath]
    host_template: str | None
    version: str  # the sweep's refsim version
    sim_output: bool


@dataclass(frozen=True)
class ReplayOutcome:
    index: int
    key: str
    metrics: dict[str, Figure] | None  # None when the replay failed
    error: str | None
    cpu_seconds: float | None  # the replay's own CPU time (its thread), loading excluded
    sim_output: bytes | None = None  # the --sim-output file, gzip-compressed


def installed_version() -> str:
    """The refsim version this process runs (asked of every Dask worker before a sweep)."""
    return __version__


def run_replay(task: ReplayTask) -> ReplayOutcome:
    """Replay one variant; a failure comes back as an outcome with its error, never as an exception, so one
    broken replay never stops the others."""
    if task.version != __version__:
        return _failed(task, f"refused: this worker runs refsim {__version__}, the sweep refsim {task.version}")
    try:
        return _replay(task, build_recording(task))
    except (RecordingError, DottedPathError, VariantError, OutputWriteError) as exc:
        return _failed(task, str(exc))
    except OSError as exc:
        return _failed(task, f"{exc.filename}: {exc.strerror}" if exc.filename else str(exc))
    except Exception as exc:  # noqa: BLE001 (a replay that breaks is reported with its error; the rest go on)
        return _failed(task, f"{type(exc).__name__}: {exc}")


def build_recording(task: ReplayTask) -> Recording:
    """The replay's recording: the source's document with the task's parameters applied."""
    scale = dict(task.parameters).get("time_scale") if task.source.scaled_on_import else None
    document = base_document(task.source, scale)
    document = variant(document, task.parameters, task.paths, task.host_template,
                       scale_times=not task.source.scaled_on_import)
    return recording_from(document, task.source.name)


def _replay(task: ReplayTask, recording: Recording) -> ReplayOutcome:
    metrics = MetricsBuilder(task.source.name)
    with tempfile.TemporaryDirectory(prefix="refsim-sweep-") as folder:
        output = Path(folder) / "run.jsonl" if task.sim_output else None
        start = time.thread_time()
        result = run_batch(recording, output, sink=metrics.add, pends_to_sink=False)  # metrics read no pends
        cpu = time.thread_time() - start
        compressed = gzip.compress(output.read_bytes(), mtime=0) if output is not None else None
    overall = metrics.metrics().overall
    figures: dict[str, Figure] = {name: getattr(overall, name) for name in FIELDS}
    figures["decisions"] = result.decisions
    return ReplayOutcome(task.index, task.key, figures, None, cpu, compressed)


def _failed(task: ReplayTask, error: str) -> ReplayOutcome:
    return ReplayOutcome(task.index, task.key, None, " ".join(error.split()), None)
