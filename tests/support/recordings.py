"""Tiny recordings written inline, for simulator tests."""

from __future__ import annotations

import yaml

from refsim.sim.load import recording_from
from refsim.sim.recording import Recording

CLUSTER = """
cluster:
  hosts:
    - {name: a, slots: 4, mem: 8G, type: X86}
    - {name: b, slots: 4, mem: 8G, type: X86}
"""


def recording(text: str, cluster: str = CLUSTER, name: str = "test.yaml") -> Recording:
    """A recording from YAML text; `cluster` is prepended unless the text has its own."""
    body = text if "cluster:" in text else cluster + text
    return recording_from(yaml.safe_load(body), name)
