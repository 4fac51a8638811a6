"""`trace on ... file F json J` refusals: a path open as the other kind of trace file, two paths naming one file, a
file that cannot be opened. Each refusal names what was wrong and leaves the settings, the open files and the folder
as they were."""

from __future__ import annotations

import json
import os
from pathlib import Path

from refsim.repl.console import Console
from refsim.sim.batch import demo_recording
from refsim.sim.load import load_recording
from tests.support.console import recording_lines

NEXT = "for the next session: trace on for all jobs, level summary, at most 1000 lines per decision, "


def _run(*commands: str) -> list[str]:
    return recording_lines(demo_recording(), list(commands))


def test_a_path_open_as_a_text_trace_file_is_refused_as_the_json_one(tmp_path: Path):
    """One open file receives one kind of trace: t.txt, open for text traces, cannot also take JSON ones.
    Kills: tracing.py:Tracing.replace the `is open as a ... trace file` message mutated or its check dropped."""
    text = tmp_path / "t.txt"
    lines = _run(f"trace on all file {text}", f"trace on all json {text}", "trace status")
    assert lines[1:3] == [f"error: trace on: json {text} is open as a file trace file", f"{NEXT}file {text}"]


def test_two_paths_naming_one_file_are_refused(tmp_path: Path):
    """`file t.txt json ./t.txt`: two spellings, one file (text and JSON lines would interleave in it); the check
    is by file identity, not by spelling. Kills: tracing.py:Tracing.replace the same-file check dropped or its
    message mutated."""
    text = tmp_path / "t.txt"
    text.write_text("earlier\n")
    other = f"{tmp_path}/./t.txt"
    assert _run(f"trace on all file {text} json {other}", "trace status") == [
        f"error: trace on: file {text} and json {other} are the same file", "for the next session: trace off",
        "trace store: 0 of 67108864 bytes used, 0 traces stored, 0 discarded"]
    assert text.read_text() == "earlier\n"


def test_a_json_file_that_cannot_be_opened_undoes_the_text_file_opened_before_it(tmp_path: Path):
    """The text file t.txt opens, then the JSON file cannot (its folder is missing): the command is refused, t.txt
    is closed again and removed (it did not exist before: a refused command leaves no file behind), the settings
    are unchanged, and t.txt may be used later as a JSON trace file, which receives the traces.
    Kills: tracing.py:Tracing.replace the undo of an opened file dropped (its kind kept: the later `json t.txt`
    would be refused as open for text traces; the file removed while kept open: the JSON trace would be lost)."""
    text, missing = tmp_path / "t.txt", tmp_path / "no" / "x.json"
    lines: list[str] = []
    console = Console(demo_recording(), lines.append)
    try:
        console.execute(f"trace on all file {text} json {missing}")
        assert list(tmp_path.iterdir()) == []
        for command in ("trace status", f"trace on 100 json {text}", "step"):
            console.execute(command)
    finally:
        console.close()
    assert lines[:2] == [f"error: trace on: cannot open json {missing}: No such file or directory",
                         "for the next session: trace off"]
    assert lines[3] == f"trace on for jobs 100, level summary, at most 1000 lines per decision, json {text} " \
                       "(from the next session)"
    assert [json.loads(line)["job"] for line in text.read_text().splitlines()] == ["100"]


def test_an_existing_text_file_is_kept_when_the_json_file_cannot_be_opened(tmp_path: Path):
    """A refused command removes only a file it created: an existing t.txt keeps its content.
    Kills: tracing.py:Tracing.replace removing the text file whether or not the command created it."""
    text, missing = tmp_path / "t.txt", tmp_path / "no" / "x.json"
    text.write_text("earlier\n")
    assert _run(f"trace on all file {text} json {missing}")[0].startswith("error: trace on: cannot open json ")
    assert text.read_text() == "earlier\n"


def test_a_trace_file_may_be_neither_the_recording_nor_an_output_not_yet_written(tmp_path: Path, monkeypatch):
    """The recording (by any spelling) is refused by the output-path guard, naming the option and the recording;
    the simulation output, which is written whole at the end and so does not exist yet, is refused by its path, as
    is the log; nothing is opened or changed. Kills: console.py:Console._cmd_trace_on the guard skipped for a new
    path (`path not in self.tracing.files` -> `in`), the kind words `file`/`json` mutated, and
    Console._guard_trace_file its role text or either check dropped."""
    monkeypatch.chdir(tmp_path)
    Path("rec.yaml").write_text("cluster:\n  hosts:\n    - {name: a, slots: 1}\n"
                                "events:\n  - {time: 0, submit: {id: 1, run_time: 5}}\n")
    lines: list[str] = []
    console = Console(load_recording(Path("rec.yaml")), lines.append, output="out.jsonl", log="sched.log")
    for command in ["trace on all file rec.yaml", "trace on all json ./rec.yaml", "trace on all file out.jsonl",
                    "trace on all json sched.log", "trace status"]:
        console.execute(command)
    assert not os.path.exists("out.jsonl")  # not yet: the simulation output appears when finished
    console.close()
    kept = "refused so that nothing is overwritten"
    assert lines[:-1] == [  # the last line is the trace store's use
        f"error: trace on: file rec.yaml: is the same file as the recording rec.yaml; {kept}",
        f"error: trace on: json ./rec.yaml: is the same file as the recording rec.yaml; {kept}",
        "error: trace on: file out.jsonl is the simulation output or log file",
        "error: trace on: json sched.log is the simulation output or log file",
        "for the next session: trace off",
    ]
