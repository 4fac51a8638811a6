"""The CSV files of a finished replay (`--schedule`, `--resources`): their paths checked by the output-path guard
before the replay starts, each written whole and atomically at its end (refsim.sim.paths)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from refsim.model.cluster import Cluster
from refsim.sim.jobtable import JobTable
from refsim.sim.outputs import OutputWriteError
from refsim.sim.paths import Named, atomic_write, guarded_output
from refsim.sim.schedule import schedule_text, spans
from refsim.sim.timeline import timeline_text

SCHEDULE, RESOURCES = "--schedule", "--resources"


def check_tables(schedule: str | Path | None, resources: str | Path | None, inputs: Iterable[Named],
                 other_outputs: Iterable[tuple[str, str | Path | None]]) -> None:
    """Refuse a table output that is a directory, a device, an input or another output of the run
    (OutputPathError, one line naming both paths); an output without a path is none."""
    inputs = list(inputs)
    others: list[Named] = [(role, path) for role, path in other_outputs if path is not None]
    for role, path in ((SCHEDULE, schedule), (RESOURCES, resources)):
        if path is not None:
            guarded_output(path, inputs, others, role=role)
            others.append((f"the {role} file", path))


def write_tables(jobs: JobTable, cluster: Cluster, schedule: str | Path | None = None,
                 resources: str | Path | None = None) -> None:
    """Each table asked for, written whole; a failed write (a full disk) is one OutputWriteError naming the
    option and the file, and leaves the file as it was."""
    job_spans = spans(jobs)
    for role, path, text in ((SCHEDULE, schedule, schedule_text),
                             (RESOURCES, resources, lambda s: timeline_text(s, cluster))):
        if path is not None:
            try:
                with atomic_write(path) as file:
                    file.write(text(job_spans))
            except OSError as exc:
                raise OutputWriteError(f"{role} {path}: cannot write: {exc.strerror or exc}") from None
