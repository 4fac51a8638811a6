"""`refsim plot` and `refsim explore` given hostile inputs and outputs: an output that is an input (by name, symlink
or hard link), times that are NaN or infinite, an end before its start, and no matplotlib. Each is one line
naming what was wrong, exit status 2, and every file in the folder byte-identical afterwards."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.hostile.harness import assert_refused, cli, folder_state
from tests.support.runfiles import one_second_on_one_slot

HEADER = '{"format": "refsim-sim-output", "version": 2}\n'


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    one_second_on_one_slot(tmp_path / "run.jsonl", 0)
    (tmp_path / "link.jsonl").symlink_to("run.jsonl")
    os.link(tmp_path / "run.jsonl", tmp_path / "hard.jsonl")
    (tmp_path / "trace.jsonl").write_text("")
    return tmp_path


OVERWRITES = [
    (["plot", "run.jsonl", "-o", "run.jsonl"], "plot -o run.jsonl: is the same file as the run run.jsonl"),
    (["plot", "run.jsonl", "-o", "link.jsonl"], "plot -o link.jsonl: is the same file as the run run.jsonl"),
    (["plot", "run.jsonl", "-o", "hard.jsonl"], "plot -o hard.jsonl: is the same file as the run run.jsonl"),
    (["plot", "link.jsonl", "hard.jsonl", "-o", "./run.jsonl"], "is the same file as the run link.jsonl"),
    (["explore", "run.jsonl", "-o", "hard.jsonl"], "explore -o hard.jsonl: is the same file as the run run.jsonl"),
    (["explore", "run.jsonl", "--trace", "trace.jsonl", "-o", "trace.jsonl"],
     "explore -o trace.jsonl: is the same file as the trace trace.jsonl"),
]


@pytest.mark.parametrize("args, fragment", OVERWRITES)
def test_an_output_that_is_an_input_is_refused(folder, args, fragment):
    before = folder_state(folder)
    assert_refused(cli(folder, *args), fragment)
    assert folder_state(folder) == before


BAD_TIMES = [
    ('{"kind": "submit", "job": "1", "queue": "q", "time": NaN}\n', "line 2: not accepted as JSON: NaN is not a number JSON allows"),
    ('{"kind": "submit", "job": "1", "queue": "q", "time": 0}\n{"kind": "finish", "job": "1", "time": Infinity}\n',
     "line 3: not accepted as JSON: Infinity is not a number JSON allows"),
    ('{"kind": "end", "time": 1, "start": -Infinity, "slots": 1}\n', "line 2: not accepted as JSON: -Infinity is not a number JSON allows"),
    ('{"kind": "end", "time": 5, "start": 10, "slots": 1}\n', "the end record ends at 5, before its start 10"),
]


@pytest.mark.parametrize("command", ["plot", "explore"])
@pytest.mark.parametrize("body, fragment", BAD_TIMES)
def test_times_a_plot_cannot_place_are_one_line(folder, command, body, fragment):
    pytest.importorskip("matplotlib")
    (folder / "bad.jsonl").write_text(HEADER + body)
    before = folder_state(folder)
    assert_refused(cli(folder, command, "bad.jsonl", "-o", "out.png"), fragment)
    assert folder_state(folder) == before


def test_plot_without_matplotlib_is_exit_status_2(folder, monkeypatch):
    """As if the plot extra were not installed: importing matplotlib or any part of it fails (parts an earlier test
    imported are hidden too)."""
    for name in [n for n in sys.modules if n == "matplotlib" or n.startswith("matplotlib.")] + ["matplotlib"]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "refsim.report.plot", raising=False)
    before = folder_state(folder)
    assert_refused(cli(folder, "plot", "run.jsonl", "-o", "out.png"),
                   "plotting needs matplotlib: pip install 'refsim[plot]'")
    assert folder_state(folder) == before


def test_a_label_per_run(folder):
    before = folder_state(folder)
    result = cli(folder, "plot", "run.jsonl", "--label", "a", "--label", "b", "-o", "out.png")
    assert result.exit_code == 2 and "give one --label per run: 1 runs, 2 labels" in result.stderr
    assert folder_state(folder) == before


@pytest.mark.parametrize("trace, fragment", [
    ("missing.jsonl", "missing.jsonl: cannot read: No such file or directory"),
    ("run.jsonl", "run.jsonl: line 1: "),  # a run is not a trace: its header is no trace record
])
def test_explore_with_a_trace_it_cannot_read(folder, trace, fragment):
    before = folder_state(folder)
    assert_refused(cli(folder, "explore", "run.jsonl", "--trace", trace, "-o", "out.html"), fragment)
    assert folder_state(folder) == before
