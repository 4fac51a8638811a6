"""Writing recordings and snapshots: JSON for a .json path, YAML otherwise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from refsim.sim.paths import atomic_write

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

Document = dict[str, Any]  # a recording or snapshot as plain data


def write_document(document: Document, path: str | Path) -> None:
    """Write whole and atomically (refsim.sim.paths): the target is replaced only once the document is complete.
    The caller checks the path with `guarded_output` first."""
    path = Path(path)
    if path.suffix == ".json":
        text = json.dumps(document, indent=1, sort_keys=False) + "\n"
    else:
        text = yaml.dump(document, Dumper=_DUMPER, sort_keys=False, default_flow_style=None, width=120)
    with atomic_write(path) as file:
        file.write(text)
