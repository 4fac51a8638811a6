"""R10.1-10.3 on real submissions: a 1,000-job prefix of the NASA iPSC log decides the same whatever is traced.

The feature scenarios of R10 use small recordings; this replays the first 1,000 jobs of the NASA log (128 hosts)
in this process under several trace settings and compares the decisions (the --sim-output records), the final
state (the snapshot: accounting and every job's state) and verification against the untraced run. It is skipped
when ../shared/data has no NASA log."""

from pathlib import Path

import pytest

from refsim.importers.swf import swf_recording
from refsim.repl.console import Console
from refsim.repl.snapshot import snapshot_document
from refsim.sim.load import recording_from

NASA = Path(__file__).resolve().parents[4] / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"
pytestmark = pytest.mark.skipif(not NASA.exists(), reason=f"the NASA iPSC log is not at {NASA}")


@pytest.fixture(scope="module")
def prefix() -> dict:
    return swf_recording(NASA, max_jobs=1000)


def _replay(document: dict, commands: list[str]) -> tuple[list[str], list[dict], dict]:
    lines: list[str] = []
    console = Console(recording_from(document, "nasa-1000"), lines.append)
    for command in commands + ["continue"]:
        console.execute(command)
    console.close()
    snapshot = snapshot_document(console.sim)
    snapshot.pop("written")
    return lines, console.outputs.records, snapshot


@pytest.fixture(scope="module")
def untraced(prefix):
    return _replay(prefix, [])


@pytest.mark.parametrize("setting", ["all", "all level full lines 50", "1 17 500 999 level full",
                                     "1000 level full file {tmp}/trace.txt"])
def test_tracing_changes_no_decision_state_or_verification(prefix, untraced, setting, tmp_path):
    """Kills any mutant that lets a trace hook change what it observes (a ledger hold, a usage commit or a pend
    reason made only when an observer is present): the records or the snapshot would differ."""
    lines, records, snapshot = _replay(prefix, [f"trace on {setting.replace('{tmp}', str(tmp_path))}"])
    plain_lines, plain_records, plain_snapshot = untraced
    assert any(line.startswith("  trace of ") for line in lines)
    assert len(plain_records) >= 1000 and records == plain_records
    assert snapshot == plain_snapshot
    assert [line for line in lines if line.startswith("replay finished")] == \
           [line for line in plain_lines if line.startswith("replay finished")]
