"""Hand-written --sim-output files, for reports on runs a replay would never write (a job still running at the
end, a start a hair before the end, a file from before decisions carried times)."""

from __future__ import annotations

import json
from pathlib import Path

HEADER = {"format": "refsim-sim-output", "version": 1}


def write_run(path: Path, records: list[dict[str, object]]) -> str:
    """Write the header and `records`, one JSON object a line; return the path as text."""
    path.write_text("".join(json.dumps(r) + "\n" for r in [HEADER, *records]))
    return str(path)


def one_second_on_one_slot(path: Path, started: float) -> str:
    """A run from 0 to 1 s on one slot (host a): job 1, submitted at 0, runs from `started` to 1."""
    return write_run(path, [
        {"kind": "submit", "job": "1", "queue": "normal", "time": 0},
        {"kind": "dispatch", "job": "1", "round": 1, "position": 1, "time": started,
         "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1}}]}},
        {"kind": "finish", "job": "1", "time": 1},
        {"kind": "end", "time": 1, "start": 0, "slots": 1}])
