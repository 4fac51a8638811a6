"""The CSV files of a finished replay (`--schedule`, `--resources`): checked before the replay starts, written
whole at its end."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from refsim.model.cluster import Cluster
from refsim.sim.csvout import write_whole
from refsim.sim.jobtable import JobTable
from refsim.sim.schedule import schedule_text, spans
from refsim.sim.timeline import timeline_text

Named = tuple[str, "str | Path | None"]


class TableOutputError(ValueError):
    """A table output refused before the replay; one line naming both paths."""


def _same(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_outputs(outputs: Iterable[Named], inputs: Iterable[Named]) -> None:
    """Refuse a table output that is a directory, an input or another output of the run."""
    outputs, inputs = [o for o in outputs if o[1] is not None], [i for i in inputs if i[1] is not None]
    for n, (role, path) in enumerate(outputs):
        if os.path.isdir(path):
            raise TableOutputError(f"{role} {path}: is a directory")
        for what, other in inputs + outputs[:n]:
            if _same(path, other):
                raise TableOutputError(f"{role} {path}: is the same file as {what} {other}; refused so that "
                                       "nothing is overwritten")


def write_tables(jobs: JobTable, cluster: Cluster, schedule: str | Path | None = None,
                 resources: str | Path | None = None) -> None:
    job_spans = spans(jobs)
    if schedule is not None:
        write_whole(schedule, schedule_text(job_spans))
    if resources is not None:
        write_whole(resources, timeline_text(job_spans, cluster))
