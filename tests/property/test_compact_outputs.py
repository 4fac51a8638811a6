"""A batch run writes and compares the same things whether its sessions report runs of bucket hits in one piece
(compact, taken whenever nothing needs each report as made: no --log, no listener) or one decision at a time."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings

from refsim.sim.batch import run_batch
from tests.property.test_fast_path import recordings


def _run(recording, folder: Path, name: str, compact: bool, pends_to_sink: bool = True):
    """A batch run writing --sim-output; a listener (which takes every report as made) forces one-at-a-time."""
    out, sink = folder / f"{name}.jsonl", []
    result = run_batch(recording, out, sink=sink.append, pends_to_sink=pends_to_sink,
                       on_record=None if compact else (lambda record: None))
    return _records(out), sink, result


def _records(path: Path) -> bytes:
    """The file's bytes after its header (which holds the wall-clock time it was written)."""
    header, _, records = path.read_bytes().partition(b"\n")
    assert header.startswith(b'{"format":"refsim-sim-output"')
    return records


@settings(max_examples=60, deadline=None)
@given(recordings())
def test_compact_runs_write_the_same_file_and_sink_records(tmp_path_factory, recording):
    """Kills: sim/outputs.py:report_known skipping, misplacing or miscounting a run's pends, and sim/batch.py
    counting a run's no-decisions as decisions."""
    folder = tmp_path_factory.mktemp("runs")
    one_by_one, sink, plain = _run(recording, folder, "plain", compact=False)
    compact, compact_sink, fast = _run(recording, folder, "compact", compact=True)
    assert compact == one_by_one
    assert compact_sink == sink
    assert fast.decisions == plain.decisions == sum(r.get("kind") in ("dispatch", "pend") for r in sink)


@settings(max_examples=40, deadline=None)
@given(recordings())
def test_a_sink_without_pends_gets_every_other_record_in_order(tmp_path_factory, recording):
    """The metrics sink of `refsim sim` and sweeps takes no pends (pends_to_sink=False): it must still get every
    submit, dispatch, finish, remove and end record, in the order a full sink gets them.
    Kills: sim/outputs.py giving the sink no dispatches, or pends despite the flag."""
    folder = tmp_path_factory.mktemp("runs")
    _, every, _ = _run(recording, folder, "every", compact=False)
    written, without_pends, _ = _run(recording, folder, "without", compact=True, pends_to_sink=False)
    assert without_pends == [r for r in every if r.get("kind") != "pend"]
    assert written == _run(recording, folder, "again", compact=False)[0]


@settings(max_examples=30, deadline=None)
@given(recordings())
def test_a_compact_run_verifies_against_a_one_at_a_time_file(tmp_path_factory, recording):
    """--sim-verify compares every decision of a compact run: against its one-at-a-time file, no mismatch and as
    many compared as decided. Kills: a compact run's pends not reaching the verifier."""
    folder = tmp_path_factory.mktemp("runs")
    _run(recording, folder, "expected", compact=False)
    result = run_batch(recording, verify=folder / "expected.jsonl")
    assert result.mismatches == ()
    assert result.compared == result.decisions
