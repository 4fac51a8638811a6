"""The recordings a sweep names: globs matched, files read whole (a task carries its recording's bytes), and each
read once here so that a bad recording stops the sweep before any replay runs."""

from __future__ import annotations

import glob
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refsim.errors import RefsimError
from refsim.importers.formats import Format, on_the_fly
from refsim.model.bounds import short
from refsim.sim.load import recording_from
from refsim.sim.reader import RecordingError, parse_text
from refsim.sweep.keys import content_digest
from refsim.sweep.spec import ImportOptions, SweepSpec


@dataclass(frozen=True)
class Source:
    name: str  # the path as shown in results: relative to the working folder where it can be
    path: str
    options: ImportOptions | None  # import options of a log imported on the fly; None for a recording
    content: bytes
    digest: str

    @property
    def importer(self) -> Format | None:
        """The format the sweep imports this file from (importers.formats); None for a recording."""
        return on_the_fly(self.path)

    @property
    def scaled_on_import(self) -> bool:
        """Whether its importer applies the time_scale axis to submit times (else the variant scales them)."""
        return self.importer is not None and "time_scale" in self.importer.options


def resolve_sources(spec: SweepSpec) -> list[Source]:
    """Every recording the sweep names, in the order listed (a glob's matches sorted), each once per set of
    import options."""
    sources: list[Source] = []
    seen: set[tuple[str, ImportOptions | None]] = set()
    for entry in spec.recordings:
        pattern = os.path.join(spec.folder, os.path.expanduser(entry.pattern))
        if glob.has_magic(entry.pattern):
            matches = sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))
            if not matches:
                raise spec.error(entry.where, f"'{short(entry.pattern)}' matches no file")
        else:
            matches = [pattern]
        for path in matches:
            options = entry.options if on_the_fly(path) is not None else None
            if (os.path.realpath(path), options) in seen:
                continue
            seen.add((os.path.realpath(path), options))
            sources.append(_read(path, options, spec, entry.where))
    return sources


def _read(path: str, options: ImportOptions | None, spec: SweepSpec, where: str) -> Source:
    try:
        content = Path(path).read_bytes()
    except OSError as exc:
        raise spec.error(where, f"{_shown(path)}: cannot read: {exc.strerror or exc}") from None
    options = (options or ImportOptions()) if on_the_fly(path) is not None else None
    return Source(_shown(path), path, options, content, content_digest(content))


def _shown(path: str) -> str:
    """Relative to the working folder, or absolute where that is shorter (a file far from it)."""
    return min(os.path.relpath(path), os.path.abspath(path), key=len)


def base_document(source: Source, time_scale: float | None = None) -> dict[str, Any]:
    """The recording's document before any parameter: a log imported on the fly with its options (and
    `time_scale`, which the importer applies to submit times), else the YAML or JSON file parsed. Errors name the
    file."""
    importer = source.importer
    if importer is not None:
        options = source.options or ImportOptions()
        scale = time_scale if time_scale is not None else (options.time_scale or 1.0)
        suffix = importer.suffix_of(source.path)
        with tempfile.TemporaryDirectory(prefix="refsim-sweep-") as folder:
            log = Path(folder) / f"log{suffix}"  # the importer reads a file; a worker may have no copy of it
            log.write_bytes(source.content)
            try:
                imported = importer.read(str(log), {"hosts": options.hosts, "jobs": options.jobs,
                                                    "time_scale": scale}, None)
            except RefsimError as exc:
                raise RecordingError(source.name, "", str(exc).replace(str(log), source.name)) from None
        return imported.document
    try:
        text = source.content.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordingError(source.name, "", "is not UTF-8 text") from None
    document = parse_text(text, source.name, json_format=source.path.endswith(".json"))
    if not isinstance(document, dict):
        recording_from(document, source.name)  # refuses it, saying what is wrong with it
    assert isinstance(document, dict)
    return document


def check_source(source: Source) -> dict[str, Any]:
    """The recording's document, having checked that the recording loads as it is."""
    document = base_document(source)
    recording_from(document, source.name)
    return document
