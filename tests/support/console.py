"""Run console commands in this process on a tiny inline recording, for tests that read the printed lines."""

from __future__ import annotations

import json
from pathlib import Path

from refsim.repl.console import Console
from refsim.sim.load import recording_from
from steps.transcripts import block_lines
from tests.support.recordings import CLUSTER, recording


def console_lines(text: str, commands: list[str], cluster: str = CLUSTER, **options) -> list[str]:
    """The lines the console prints for `commands` on the recording `text` (see tests.support.recordings)."""
    lines: list[str] = []
    console = Console(recording(text, cluster), lines.append, **options)
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
