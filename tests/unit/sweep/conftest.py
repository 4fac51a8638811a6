"""Tiny recordings and sweep files whose replays are worked out by hand in the tests that use them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.cli import run  # noqa: F401 (the sweep tests import it from here)

ROOT = Path(__file__).resolve().parents[3]
SIX_JOBS = ROOT / "examples" / "six-jobs.yaml"
TINY_SWF = ROOT / "tests" / "fixtures" / "tiny.swf"

# examples/six-jobs.yaml: one host n of 20 slots, six jobs submitted at 0 with run time = run limit
# (12x50, 4x100, 10x200, 6x50, 3x100, 2x40). Start times per discipline (docs/disciplines.md, scaled to 20 nodes):
#   greedy and easy: 0, 0, 50, 100, 0, 50 -> waits sum 200, mean 33.33, max 100
#   strict: 0, 0, 50, 50, 100, 100 -> waits sum 300, mean 50
# With 2 hosts (40 slots) the 37 slots asked for fit at once: every wait 0 under every discipline.
SIX_SWEEP = """
recordings: [six-jobs.yaml]
host_template: n
axes:
  discipline: [greedy, strict, easy]
  hosts: [1, 2]
"""


@pytest.fixture
def six(tmp_path: Path) -> Path:
    """A folder holding six-jobs.yaml and a sweep file six.yaml over it (6 replays)."""
    shutil.copy(SIX_JOBS, tmp_path / "six-jobs.yaml")
    (tmp_path / "six.yaml").write_text(SIX_SWEEP)
    return tmp_path


def without_cpu(text: str) -> list[list[str]]:
    """A results.csv's cells without the CPU seconds column, which no two runs share."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text)))
    drop = rows[0].index("cpu_seconds")
    return [r[:drop] + r[drop + 1:] for r in rows]
