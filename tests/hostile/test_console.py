"""Console arguments written in digits that are not ASCII (superscripts pass str.isdigit() but int() refuses them)
are one `error:` line, and the session goes on; the same for the trace store's bound read from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from refsim.repl.console import Console
from refsim.sim.load import load_recording
from refsim.trace.store import BOUND_VARIABLE, DEFAULT_BOUND, bound_from_environment
from tests.hostile.harness import RECORDING

# '²⁵⁰' and '²' are superscripts, '١٢' Arabic-Indic digits, '２５０' fullwidth: all pass str.isdigit()
NOT_ASCII = ["²⁵⁰", "²", "١٢", "２５０", "9" * 5000]


@pytest.mark.parametrize("word", NOT_ASCII)
def test_trace_on_with_lines_in_other_digits_is_an_error_and_the_session_goes_on(tmp_path: Path, word: str):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    written: list[str] = []
    console = Console(load_recording(tmp_path / "rec.yaml"), written.append)
    try:
        assert console.execute(f"trace on all lines {word}") is True
        assert len(written) == 1 and written[0].startswith("error: trace on: lines '"), written
        assert "is not a whole number from 50 to 100000" in written[0]
        assert console.execute("trace status") is True  # the session goes on, its tracing left off
        assert "for the next session: trace off" in written[1:], written
    finally:
        console.close()


@pytest.mark.parametrize("word", ["²", "١٢", "0", "x"])
def test_a_store_bound_in_other_digits_falls_back_to_the_default(monkeypatch: pytest.MonkeyPatch, word: str):
    """The variable is a test seam: a value that is not a whole number of bytes from 1 is ignored, as "x" was."""
    monkeypatch.setenv(BOUND_VARIABLE, word)
    assert bound_from_environment() == DEFAULT_BOUND
