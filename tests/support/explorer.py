"""Runs with a JSON trace for the explorer's tests: a recording replayed in this process by the console, writing
its --sim-output file and, at full level, a JSON trace of every decision."""

from __future__ import annotations

from pathlib import Path

from refsim.repl.console import Console
from refsim.sim.load import load_recording


def traced_run(folder: Path, text: str, name: str = "run") -> tuple[str, str]:
    """Replay the recording `text` to its end; the paths of its --sim-output file and its JSON trace."""
    recording, output, trace = folder / f"{name}.yaml", folder / f"{name}.jsonl", folder / f"{name}-trace.jsonl"
    recording.write_text(text)
    console = Console(load_recording(recording), lambda _line: None, output=str(output))
    try:
        for command in (f"trace on all level full json {trace}", "continue"):
            console.execute(command)
    finally:
        console.close()
    return str(output), str(trace)
