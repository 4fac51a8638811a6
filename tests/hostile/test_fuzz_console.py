"""Fuzzing the console: random command sequences mixing valid commands with hostile arguments (Unicode digits, NUL
bytes, NaN, huge numbers, inputs and open outputs as paths, directories, devices, unbalanced quotes, long lines).
Invariants: no exception escapes, only `quit` ends the session, a command answered with `error:` changes nothing,
and the recording and every earlier output are byte-identical at the end."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from refsim.repl.console import Console
from refsim.sim.load import load_recording
from tests.hostile.harness import RECORDING, folder_state

WORDS = ["1", "2", "3", "0", "²", "١٢", "-1", "1e3", "nan", "inf", "1e999", "9" * 30, "x", "all", "'", '"',
         "a\x00b", "round-begin", "round", "job", "time", "level", "full", "lines", "50", "file", "raw", "auto", "GB"]
COMMANDS = ["step", "continue", "break", "delete", "info break", "info job", "info host", "info queue",
            "info round", "info limit", "info trace", "show", "snapshot", "set units", "set output", "trace on",
            "trace off", "trace status", "help", "bogus"]
PATHS = ["{rec}", "{dir}/link.yaml", "{dir}/out.jsonl", "{dir}/log.txt", "{dir}", "/",
         "/dev/null", "{dir}/new.jsonl", "{dir}/snap.yaml", "{dir}/trace.txt", "{dir}/no/such/dir/x"]


def fingerprint(console: Console) -> tuple:
    """What a command could change: replay position, breakpoints, settings, outputs, trace settings."""
    output = console.outputs.output
    return (console.sim.round, console.sim.time, console.finished, len(console.outputs.records),
            tuple(str(p) for p in console.breaks.points), console.units,
            str(output.path) if output is not None and not output.atomic.done else None,
            console.tracing.next, tuple(console.tracing.files))


LINE = st.one_of(
    st.tuples(st.sampled_from(COMMANDS), st.lists(st.sampled_from(WORDS), max_size=3)).map(
        lambda t: " ".join([t[0], *t[1]])),
    st.tuples(st.sampled_from(["snapshot", "set output", "trace on all file", "trace on 1 level full file"]),
              st.sampled_from(PATHS)).map(lambda t: f"{t[0]} '{t[1]}'"),
    st.text(max_size=20),
    st.sampled_from(["step " + "9" * 300, "x" * 70_000, "help " + "w " * 40]),
)


@given(st.lists(LINE, min_size=1, max_size=15))
def test_the_console_survives_any_command_sequence(lines):
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / "rec.yaml").write_text(RECORDING)
        (folder / "link.yaml").symlink_to("rec.yaml")
        (folder / "earlier.jsonl").write_text("an earlier output\n")
        inputs = folder_state(folder)
        written: list[str] = []
        console = Console(load_recording(folder / "rec.yaml"), written.append, str(folder / "out.jsonl"),
                          log=str(folder / "log.txt"))
        try:
            for template in lines:
                line = template.replace("{rec}", str(folder / "rec.yaml")).replace("{dir}", str(folder))
                before, count = fingerprint(console), len(written)
                assert console.execute(line) is True, line  # only quit ends the session, and quit is not drawn
                new = written[count:]
                if new and new[0].startswith("error:") and len(new) == 1:
                    assert fingerprint(console) == before, (line, new)
                assert all("Traceback" not in w for w in new)
        finally:
            console.close()
        after = folder_state(folder)
        assert {k: after.get(k) for k in inputs} == inputs  # the recording, its link and the earlier output
        assert not [name for name in after if name.endswith(".tmp")]
