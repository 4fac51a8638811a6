"""The two results files a sweep writes, whole: the CSV table's columns and cells, the JSON lines' keys and values,
and how an earlier run's results.jsonl is read back to resume from."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import refsim.sweep.executors as executors
from refsim import __version__
from tests.unit.sweep.conftest import run

# One host of 2 slots, one 1-slot job of 10 s submitted at 0: it starts at once and ends at 10, so every wait is 0,
# its bounded slowdown 1.0, the host half used over the 10 s makespan (utilisation 0.5), and one decision.
ONE_JOB = """cluster:
  hosts: [{name: a, slots: 2}]
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
"""
# Two listed runs over a recording whose name is beyond ASCII: one replaces the host by a mapping written with its
# keys out of name order, the other renames the host (a text value).
TWO_RUNS = """recordings: [tâches.yaml]
runs:
  - {"cluster.hosts[0]": {slots: 2, name: a}}
  - {"cluster.hosts[0].name": b}
"""
FIGURES_CSV = "ok,1,1,1,0.0,0,0,0,1.0,1.0,0.5,10,1"  # status, then jobs to decisions, worked out above
FIGURES_JSON = ('"status": "ok", "jobs": 1, "started": 1, "finished": 1, "wait_mean": 0.0, "wait_median": 0, '
                '"wait_p95": 0, "wait_max": 0, "bsld_mean": 1.0, "bsld_max": 1.0, "utilisation": 0.5, "makespan": 10, '
                '"decisions": 1')


@pytest.fixture
def two_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tâches.yaml").write_text(ONE_JOB, encoding="utf-8")
    (tmp_path / "s.yaml").write_text(TWO_RUNS, encoding="utf-8")
    return tmp_path


def _jsonl_rows(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in (folder / "results.jsonl").read_text(encoding="utf-8").splitlines()]


def test_the_results_table_whole(two_runs: Path):
    """The CSV: replay and recording, the parameter columns in the order first named, the status and figures,
    CPU seconds, error, sim_output, key and refsim version; an empty cell for nothing (the other run's parameter,
    no error, no file), a mapping as JSON with its keys sorted, a text value as itself.
    Kills: sweep/results.py:cell's sort_keys and its plain-text case (a text would be quoted JSON), columns and
    FIXED's names and order."""
    assert run("sweep", "s.yaml", "-o", "out", "-j", "1").exit_code == 0
    rows = _jsonl_rows(two_runs / "out")
    lines = (two_runs / "out" / "results.csv").read_text(encoding="utf-8").splitlines()
    assert lines == [
        "replay,recording,cluster.hosts[0],cluster.hosts[0].name,status,jobs,started,finished,wait_mean,wait_median,"
        "wait_p95,wait_max,bsld_mean,bsld_max,utilisation,makespan,decisions,cpu_seconds,error,sim_output,key,refsim",
        f'1,tâches.yaml,"{{""name"": ""a"", ""slots"": 2}}",,{FIGURES_CSV},{rows[0]["cpu_seconds"]},,,'
        f'{rows[0]["key"]},{__version__}',
        f'2,tâches.yaml,,b,{FIGURES_CSV},{rows[1]["cpu_seconds"]},,,{rows[1]["key"]},{__version__}']


def test_the_results_lines_whole(two_runs: Path):
    """Each JSON line holds the row's keys in the table's order, only the parameters its run names, values as
    JSON (a mapping as written, keys unsorted), null for nothing, and text beyond ASCII as itself.
    Kills: sweep/results.py:_json_line's sort_keys and ensure_ascii, row_of's fields."""
    assert run("sweep", "s.yaml", "-o", "out", "-j", "1").exit_code == 0
    rows = _jsonl_rows(two_runs / "out")
    text = (two_runs / "out" / "results.jsonl").read_text(encoding="utf-8")
    assert text == (
        f'{{"replay": 1, "recording": "tâches.yaml", "cluster.hosts[0]": {{"slots": 2, "name": "a"}}, {FIGURES_JSON}, '
        f'"cpu_seconds": {rows[0]["cpu_seconds"]}, "error": null, "sim_output": null, "key": "{rows[0]["key"]}", '
        f'"refsim": "{__version__}"}}\n'
        f'{{"replay": 2, "recording": "tâches.yaml", "cluster.hosts[0].name": "b", {FIGURES_JSON}, '
        f'"cpu_seconds": {rows[1]["cpu_seconds"]}, "error": null, "sim_output": null, "key": "{rows[1]["key"]}", '
        f'"refsim": "{__version__}"}}\n')
    assert all(isinstance(r["cpu_seconds"], float) and len(r["key"]) == 64 for r in rows)


def test_each_row_is_on_disk_as_soon_as_its_replay_ends(two_runs: Path, monkeypatch: pytest.MonkeyPatch):
    """When the second replay starts, the first one's row is already in both files (a sweep killed outright
    keeps it). Kills: sweep/results.py:ResultsFolder.append's flush dropped (the row would wait in the buffer)."""
    real, seen = executors.run_replay, []

    def replay(task):  # type: ignore[no-untyped-def]
        if task.index == 2:
            seen.append(((two_runs / "out" / "results.csv").read_text(encoding="utf-8").count("\n"),
                         (two_runs / "out" / "results.jsonl").read_text(encoding="utf-8").count("\n")))
        return real(task)

    monkeypatch.setattr(executors, "run_replay", replay)
    assert run("sweep", "s.yaml", "-o", "out", "-j", "1").exit_code == 0
    assert seen == [(2, 1)]  # the CSV's header and first row; the first JSON line


def test_a_replay_that_failed_is_run_again_and_filed_in_sweep_order(six: Path, monkeypatch: pytest.MonkeyPatch):
    """The six-jobs sweep (6 replays, conftest) with replay 2 failing: run again, only replay 2 runs, and it is
    appended last, yet both files end in sweep order 1 to 6. Kills: sweep/results.py:ResultsFolder.rewrite
    keeping the order the rows were filed in, and row_of's status of a failed replay."""
    monkeypatch.chdir(six)
    real = executors.run_replay
    monkeypatch.setattr(executors, "run_replay", lambda task: real(task) if task.index != 2 else
                        executors.ReplayOutcome(task.index, task.key, None, "broken", None))
    first = run("sweep", "six.yaml", "-o", "out", "-j", "1")
    assert "6 replays: 6 run, 0 skipped (results exist), 1 failed" in first.stdout
    assert [(r["status"], r["error"], r["jobs"]) for r in _jsonl_rows(six / "out")][:3] == [
        ("ok", None, 6), ("failed", "broken", None), ("ok", None, 6)]  # a failed replay measured nothing
    monkeypatch.undo()
    monkeypatch.chdir(six)
    again = run("sweep", "six.yaml", "-o", "out", "-j", "1")
    assert "6 replays: 1 run, 5 skipped (results exist), 0 failed" in again.stdout
    assert [r["replay"] for r in _jsonl_rows(six / "out")] == [1, 2, 3, 4, 5, 6]
    csv_lines = (six / "out" / "results.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in csv_lines] == ["replay", "1", "2", "3", "4", "5", "6"]
    assert [line.split(",")[4] for line in csv_lines[1:]] == ["ok"] * 6  # after discipline and hosts


def test_blank_lines_between_results_are_passed_over(six: Path, monkeypatch: pytest.MonkeyPatch):
    """A results.jsonl with a blank line after its first row (edited by hand) still gives all six rows: nothing
    runs again. Kills: sweep/results.py:ResultsFolder.previous stopping at a blank line instead of passing it."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    results = six / "out" / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text(lines[0] + "\n  \n" + "".join(lines[1:]))
    again = run("sweep", "six.yaml", "-o", "out", "-j", "1")
    assert "6 replays: 0 run, 6 skipped (results exist), 0 failed" in again.stdout


@pytest.mark.parametrize("line", ["[1, 2]", '{"replay": 1, "key": 7}', '"text"'])
def test_a_line_that_is_json_but_not_a_result_is_an_error(six: Path, monkeypatch: pytest.MonkeyPatch, line: str):
    """A line of JSON that is not a mapping, or a mapping whose key is not text, is not a result either: one line
    naming it, nothing changed. Kills: sweep/results.py:ResultsFolder.previous's test of a row (either half
    dropped, or `or` taken as `and`: a list would be read as a row and break the sweep)."""
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    results = six / "out" / "results.jsonl"
    text = results.read_text()
    lines = text.splitlines(keepends=True)
    results.write_text(lines[0] + line + "\n" + "".join(lines[1:]))
    refused = run("sweep", "six.yaml", "-o", "out", "-j", "1")
    assert refused.exit_code == 2
    assert refused.stderr == (f"Error: {Path('out') / 'results.jsonl'}: line 2: not a sweep result; use another "
                              "folder or --force to replace the results\n")
    assert results.read_text() == lines[0] + line + "\n" + "".join(lines[1:])


def test_a_failed_replay_without_parameters_is_named_by_its_recording_alone(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch):
    """A sweep with no axis replays each recording as it is: a failed replay's line names its number and
    recording, with no parameter list. Kills: sweep/results.py:describe's text for a replay without parameters."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text(ONE_JOB)
    (tmp_path / "s.yaml").write_text("recordings: [r.yaml]\n")
    monkeypatch.setattr(executors, "run_replay",
                        lambda task: executors.ReplayOutcome(task.index, task.key, None, "broken", None))
    result = run("sweep", "s.yaml", "-o", "out", "-j", "1")
    assert result.stderr.splitlines()[0] == "replay 1 (r.yaml) failed: broken"


def test_the_output_folder_is_made_with_the_folders_above_it(two_runs: Path):
    """-o naming a folder two levels below ones that do not exist yet: both are made. Kills:
    sweep/results.py:ResultsFolder.start making only the last folder (parents=False)."""
    assert run("sweep", "s.yaml", "-o", "new/deeper", "-j", "1").exit_code == 0
    assert sorted(p.name for p in (two_runs / "new" / "deeper").iterdir()) == ["results.csv", "results.jsonl"]


@pytest.mark.parametrize("name, what", [("results.csv", "the results table"), ("results.jsonl", "the results")])
def test_a_replays_output_file_that_is_a_results_file_is_refused(two_runs: Path, name: str, what: str):
    """A replay's --sim-output file in runs/ that is a link to one of the results files would overwrite it: the
    sweep stops with one line naming both, and the link is left in place. Kills: sweep/results.py:
    ResultsFolder.write_sim_output's names of the results files in its refusal."""
    assert run("sweep", "s.yaml", "-o", "out", "-j", "1").exit_code == 0  # no files asked for: learn the keys
    key = _jsonl_rows(two_runs / "out")[0]["key"]
    (two_runs / "out" / "runs").mkdir()
    link = two_runs / "out" / "runs" / f"tâches-001-{key[:12]}.jsonl.gz"
    link.symlink_to(two_runs / "out" / name)
    result = run("sweep", "s.yaml", "-o", "out", "-j", "1", "--sim-output")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: --sim-output {Path('out') / 'runs' / link.name}: is the same file as {what} "
        f"{Path('out') / name}; refused so that nothing is overwritten")
    assert link.is_symlink()


def test_a_sweep_keeps_no_output_files_unless_asked(six: Path):
    """run_sweep called as a library, without sim_output: no replay's --sim-output file is kept (no runs/ folder,
    every row's sim_output empty), as `refsim sweep` without --sim-output. Kills: sweep/run.py:run_sweep's
    default for sim_output."""
    from refsim.sweep.executors import SerialExecutor
    from refsim.sweep.progress import SweepProgress
    from refsim.sweep.run import run_sweep

    summary = run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None,
                        progress=SweepProgress(6, io.StringIO()))
    assert (summary.replays, summary.ran, summary.failed) == (6, 6, 0)
    assert sorted(p.name for p in (six / "out").iterdir()) == ["results.csv", "results.jsonl"]
    assert [r["sim_output"] for r in _jsonl_rows(six / "out")] == [None] * 6
