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


def test_a_closed_trace_file_can_be_reopened_as_the_other_kind(tmp_path):
    """Once `trace off` has closed a text trace file (no session in progress), the same path may become the JSON
    copy. Kills: `self._kinds.pop(path, None)` dropped in Tracing.close_unused (refsim/repl/tracing.py), which
    would keep refusing the path as 'open as a file trace file'."""
    path = str(tmp_path / "trace.out")
    tracing = _tracing()
    tracing.replace(TraceSettings(enabled=True, file=path), [])
    tracing.replace(OFF, [])
    assert tracing.files == {}
    as_json = TraceSettings(enabled=True, json=path)
    tracing.replace(as_json, [])
    assert tracing.next == as_json and list(tracing.files) == [path]
    tracing.close_all()
