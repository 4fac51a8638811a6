"""Fuzzing the console: random command sequences mixing valid commands with hostile arguments (Unicode digits, NUL
bytes, NaN, huge numbers, inputs and open outputs as paths, directories, devices, unbalanced quotes, long lines).
Invariants: no exception escapes, only `quit` ends the session, a command answered with `error:` changes nothing,
and the recording and every earlier output are byte-identical at the end."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.repl.console import Console
from refsim.sim.load import load_recording
from tests.hostile.harness import RECORDING, folder_state

HOSTILE_WORDS = ["²", "١٢", "nan", "inf", "1e999", "9" * 30, "-1", "1e3", "'", '"', "a\x00b", "0", "x"]
WORDS = HOSTILE_WORDS + ["1", "2", "3", "all", "round-begin", "round", "job", "time", "level", "full", "lines", "50",
                         "file", "raw", "auto", "GB"]
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


NUMERIC = ["step", "break round", "break time", "delete", "info job", "info trace", "break job", "trace on",
           "trace on all lines",
           "set units", "info host", "help"]
LINE = st.one_of(
    st.tuples(st.sampled_from(COMMANDS), st.lists(st.sampled_from(WORDS), max_size=3)).map(
        lambda t: " ".join([t[0], *t[1]])),
    st.tuples(st.sampled_from(NUMERIC), st.sampled_from(HOSTILE_WORDS)).map(" ".join),
    st.tuples(st.sampled_from(["snapshot", "set output", "trace on all file", "trace on 1 level full file"]),
              st.sampled_from(PATHS)).map(lambda t: f"{t[0]} '{t[1]}'"),
    st.text(max_size=20),
    st.sampled_from(["step " + "9" * 300, "x" * 70_000, "help " + "w " * 40]),
)


@settings(max_examples=max(settings().max_examples, 300))  # cheap: about 30 ms an example
@given(st.lists(LINE, min_size=1, max_size=15))
def test_the_console_survives_any_command_sequence(lines):
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        cwd = os.getcwd()
        os.chdir(folder)  # relative paths drawn (`snapshot 3`) land in the folder, never in the project
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
            os.chdir(cwd)
        after = folder_state(folder)
        assert {k: after.get(k) for k in inputs} == inputs  # the recording, its link and the earlier output
        assert not [name for name in after if name.endswith(".tmp")]
