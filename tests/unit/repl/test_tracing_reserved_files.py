"""Tracing.replace keeps its own guard: the simulation output or the log is never opened as a trace file, even
by a caller that skipped the console's check (Console._guard_trace_file), and a refusal changes nothing."""

import pytest

from refsim.model.cluster import Cluster, Host
from refsim.repl.tracing import TraceFileError, Tracing
from refsim.trace.filecopy import identity
from refsim.trace.settings import OFF, TraceSettings


def _tracing() -> Tracing:
    cluster = Cluster((Host("a", {"slots": 1}),))
    return Tracing(lambda: cluster, lambda: False)


@pytest.mark.parametrize("kind", ["file", "json"])
def test_a_reserved_file_is_refused_and_left_untouched(tmp_path, kind):
    """Kills: the `is the simulation output or log file` message mutated and the `existing in reserved` check
    dropped in refsim/repl/tracing.py (the console checks first, so no console test reaches this line)."""
    output = tmp_path / "out.jsonl"
    output.write_text("decisions\n")
    tracing = _tracing()
    with pytest.raises(TraceFileError) as caught:
        tracing.replace(TraceSettings(enabled=True, **{kind: str(output)}), [identity(str(output))])
    assert str(caught.value) == f"trace on: {kind} {output} is the simulation output or log file"
    assert tracing.next == OFF and tracing.files == {} and output.read_text() == "decisions\n"


def test_a_file_that_is_not_reserved_is_opened(tmp_path):
    trace = tmp_path / "trace.txt"
    tracing = _tracing()
    settings = TraceSettings(enabled=True, file=str(trace))
    tracing.replace(settings, [identity(str(tmp_path / "elsewhere"))])
    assert tracing.next == settings and list(tracing.files) == [str(trace)]
    tracing.close_all()
