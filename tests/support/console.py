"""Run console commands in this process on a tiny inline recording, for tests that read the printed lines."""

from __future__ import annotations

from refsim.repl.console import Console
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
