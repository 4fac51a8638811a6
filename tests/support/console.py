"""Run console commands in this process on a tiny inline recording, for tests that read the printed lines."""

from __future__ import annotations

import json
from pathlib import Path

from refsim.repl.console import Console
from refsim.sim.load import recording_from
from refsim.sim.recording import Recording
from steps.transcripts import block_lines
from tests.support.recordings import CLUSTER, recording


def console_lines(text: str, commands: list[str], cluster: str = CLUSTER, **options) -> list[str]:
    """The lines the console prints for `commands` on the recording `text` (see tests.support.recordings)."""
    return recording_lines(recording(text, cluster), commands, **options)


def recording_lines(loaded: Recording, commands: list[str], **options) -> list[str]:
    """The lines the console prints for `commands` on a loaded recording, up to a command that ends it (quit)."""
    lines: list[str] = []
    console = Console(loaded, lines.append, **options)
    try:
        for command in commands:
            if not console.execute(command):
                break
    finally:
        console.close()
    return lines


def trace_lines(lines: list[str], job: str, round_no: int) -> list[str]:
    """One printed trace block, its two-space indent removed."""
    block = block_lines(lines, job, round_no)
    assert block is not None, f"no trace of {job} in round {round_no}"
    return block


def json_traces(document: dict, path: Path, commands: list[str]) -> list[dict]:
    """The JSON trace objects written to `path` by `commands` (one of them a `trace on ... json PATH`) on the
    recording `document` (a recording's mapping)."""
    console = Console(recording_from(document, "r.yaml"), lambda _line: None)
    try:
        for command in commands:
            console.execute(command)
    finally:
        console.close()
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
