"""Writing recordings: JSON for a .json path, YAML otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def write_document(document: dict, path: str | Path) -> None:
    """Write to a temporary file first, so a failed write never leaves half a recording behind."""
    path = Path(path)
    if path.suffix == ".json":
        text = json.dumps(document, indent=1, sort_keys=False) + "\n"
    else:
        text = yaml.dump(document, Dumper=_DUMPER, sort_keys=False, default_flow_style=None, width=120)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
