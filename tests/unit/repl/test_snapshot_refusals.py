"""`snapshot FILE` refuses a path that is no plain file or that another output of the console writes, naming the
command and the path; nothing is written. In this process (tests/hostile runs the same through the command line)."""

import os

from tests.support.console import console_lines


def test_snapshot_refuses_a_directory_the_trace_file_and_the_simulation_output(tmp_path, monkeypatch):
    """Kills: console.py:Console._cmd_snapshot the role `snapshot` mutated (every refusal names the command), the
    trace files left out of the files it may not be, and console.py:Console._trace_files their description."""
    monkeypatch.chdir(tmp_path)
    lines = console_lines("events: []\n", ["snapshot .", "trace on all file t.txt", "snapshot t.txt",
                                             "set output o.jsonl", "snapshot o.jsonl"])
    kept = "refused so that nothing is overwritten"
    assert lines == [
        "error: snapshot .: is a directory",
        "trace on for all jobs, level summary, at most 1000 lines per decision, file t.txt (from the next session)",
        f"error: snapshot t.txt: is the same file as the trace file t.txt; {kept}",
        "output o.jsonl",
        f"error: snapshot o.jsonl: is the same file as the simulation output o.jsonl; {kept}",
    ]
    assert sorted(os.listdir(tmp_path)) == ["o.jsonl", "t.txt"]  # each output finished at close; no snapshot
    assert (tmp_path / "t.txt").read_text() == ""


def test_set_output_refuses_a_directory_and_a_nul_byte_and_keeps_no_output(tmp_path, monkeypatch):
    """The path itself is checked first (a NUL byte cannot even be looked up), then what it names; the output in
    effect stays none. Kills: console.py:Console._cmd_set_output the role `set output` mutated or the path check
    dropped (the NUL byte would reach the file system as a ValueError)."""
    monkeypatch.chdir(tmp_path)
    assert console_lines("events: []\n", ["set output .", 'set output "a\0b"', "show"]) == [
        "error: set output .: is a directory",
        "error: set output a\\0b: a path cannot contain a NUL byte",
        "units auto", "output none", "breakpoints 0", "continue normal"]
    assert os.listdir(tmp_path) == []
