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

# One host of one slot; three alike jobs of 10 s submitted at t=0: job 1 is dispatched and jobs 2 and 3 pend; one
# job starts in each later round (t=10, t=20), the last finishing at t=30.
THREE_ALIKE = """
cluster:
  hosts:
    - {name: h1, slots: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
  - {time: 0, submit: {id: 2, run_time: 10}}
  - {time: 0, submit: {id: 3, run_time: 10}}
"""

# EASY backfilling on hosts a and b of 4 slots with 3 shared licenses: job 1 takes all 8 slots until its run limit
# ends at t=100; job 2, the first job waiting, holds the backfill reservation for t=100 (a*4 b*4, 2 licenses);
# job 3, behind it, holds none. Job 2 runs 100-110, job 3 110-120.
EASY_WITH_LICENSES = """
scheduling: {discipline: easy}
cluster:
  hosts:
    - {name: a, slots: 4}
    - {name: b, slots: 4}
  shared:
    lic: 3
events:
  - {time: 0, submit: {id: 1, tasks: 8, run_time: 100, run_limit: 100}}
  - {time: 0, submit: {id: 2, tasks: 8, run_time: 10, run_limit: 10, resreq: 'rusage[lic=2]'}}
  - {time: 0, submit: {id: 3, tasks: 8, run_time: 10, run_limit: 10}}
"""


def recording(text: str, cluster: str = CLUSTER, name: str = "test.yaml") -> Recording:
    """A recording from YAML text; `cluster` is prepended unless the text has its own."""
    body = text if "cluster:" in text else cluster + text
    return recording_from(yaml.safe_load(body), name)
