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
