"""The key of a replay's results: a hash of what decides them, so a sweep run again skips replays whose results
exist. It covers the recording's content (not its name), the SWF import options, the parameters (in any order)
and refsim's version; never CPU seconds, the executor or the output folder."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

from refsim.sweep.spec import ImportOptions, Parameters


def content_digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def replay_key(digest: str, options: ImportOptions | None, parameters: Parameters, version: str) -> str:
    """A hex SHA-256 over a canonical JSON text of the replay's inputs."""
    text = json.dumps({"recording": digest, "import": asdict(options) if options is not None else None,
                       "parameters": sorted([name, value] for name, value in parameters), "refsim": version},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
