"""Live-mode baseline transcripts (golden/live): under protocol 1 (`refsim live --protocol 1`, what existing
controllers ask for) the live scheduler answers exactly as it did before the trace and before protocol 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from refsim.sim.live import serve
from refsim.sim.load import load_recording

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted(p.name.removesuffix(".in.jsonl") for p in (ROOT / "golden/live").glob("*.in.jsonl"))
CLUSTER = ROOT / "examples/live/cluster.yaml"


def test_there_are_cases():
    assert CASES == ["basic", "errors", "reconfig"]


@pytest.mark.parametrize("case", CASES)
def test_in_process(case):
    cluster = load_recording(CLUSTER).cluster
    lines = (ROOT / f"golden/live/{case}.in.jsonl").read_text().splitlines()
    got = "\n".join(serve(cluster, lines, protocol=1)) + "\n"
    assert got == (ROOT / f"golden/live/{case}.out.jsonl").read_text()


def test_through_the_command_line():
    case = ROOT / "golden/live/errors"
    command = [sys.executable, "-m", "refsim.cli", "live", str(CLUSTER), "--protocol", "1"]
    done = subprocess.run(command, cwd=ROOT, input=Path(f"{case}.in.jsonl").read_text(), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == Path(f"{case}.out.jsonl").read_text()
