"""Running DR_EVT traces through refsim in-process: import, replay, and the schedule and timeline texts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from refsim.importers.drevt import RunTimes, drevt_recording
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from
from refsim.sim.schedule import schedule_text, spans
from refsim.sim.timeline import timeline_text


def write_trace(directory: Path, text: str, name: str = "trace.csv") -> Path:
    path = directory / name
    path.write_bytes(text.encode("utf-8"))
    return path


def replay_document(document: dict, discipline: str | None = None) -> tuple[str, str]:
    """The schedule file and the resource timeline of a replay of a recording document (under `discipline`, as
    `sim --discipline` gives, when one is named)."""
    recording = recording_from(document, "trace")
    if discipline is not None:
        recording = replace(recording, discipline=discipline)
    job_spans = spans(run_batch(recording).jobs)
    return schedule_text(job_spans), timeline_text(job_spans, recording.cluster)


def replay_trace(path: Path, nodes: int, choice: RunTimes = RunTimes(), discipline: str | None = None,
                 **options) -> tuple[str, str]:
    document, _ = drevt_recording(path, nodes, choice=choice, **options)
    return replay_document(document, discipline)
