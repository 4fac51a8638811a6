"""A small sweep on local processes, its results table checked against the same replays run one by one with
`refsim sim` and `refsim report` on recordings edited by hand, and against figures worked out by hand."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path

import pytest

from tests.support.descriptors import HAS_PROC_FDS, open_paths
from tests.unit.sweep.conftest import SIX_JOBS, TINY_SWF, run, without_cpu


def rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "results.csv", encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def one_by_one(tmp_path: Path, text: str, name: str) -> tuple[dict[str, object], int]:
    """`refsim sim` then `refsim report --json` on a recording: its overall figures and its decision count."""
    recording = tmp_path / f"{name}.yaml"
    recording.write_text(text)
    output = tmp_path / f"{name}.jsonl"
    assert run("sim", str(recording), "--sim-output", str(output)).exit_code == 0
    figures = json.loads(run("report", str(output), "--json").output)["all"]
    records = [json.loads(line) for line in output.read_text().splitlines()[1:]]
    return figures, sum(r["kind"] in ("dispatch", "pend") for r in records)


def by_hand(discipline: str, hosts: int) -> str:
    """six-jobs.yaml as a person would edit it: another discipline, and a copy of host n named n-1."""
    text = SIX_JOBS.read_text().replace("scheduling: {discipline: easy}", f"scheduling: {{discipline: {discipline}}}")
    assert f"discipline: {discipline}" in text
    if hosts == 2:
        text = text.replace("    - {name: n, slots: 20}\n", "    - {name: n, slots: 20}\n    - {name: n-1, slots: 20}\n")
    return text


def same_figures(row: dict[str, str], figures: dict[str, object], decisions: int) -> None:
    for name, value in figures.items():
        if name in row:
            assert (float(row[name]) if row[name] else None) == value, name
    assert int(row["decisions"]) == decisions


def test_the_table_equals_the_replays_run_one_by_one(six, tmp_path):
    result = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == f"sweep {six / 'six.yaml'}: 6 replays: 6 run, 0 skipped (results exist), 0 failed"
    table = rows(six / "out")
    assert [(r["replay"], r["discipline"], r["hosts"]) for r in table] == [
        ("1", "greedy", "1"), ("2", "greedy", "2"), ("3", "strict", "1"), ("4", "strict", "2"), ("5", "easy", "1"),
        ("6", "easy", "2")]
    for row in table:
        assert row["status"] == "ok" and row["error"] == "" and float(row["cpu_seconds"]) >= 0
        figures, decisions = one_by_one(tmp_path, by_hand(row["discipline"], int(row["hosts"])), f"r{row['replay']}")
        same_figures(row, figures, decisions)
    # By hand (conftest): greedy and easy wait 200/6 on average, strict 300/6; on two hosts nobody waits.
    waits = {(r["discipline"], r["hosts"]): float(r["wait_mean"]) for r in table}
    assert waits == {("greedy", "1"): 200 / 6, ("strict", "1"): 50.0, ("easy", "1"): 200 / 6,
                     ("greedy", "2"): 0.0, ("strict", "2"): 0.0, ("easy", "2"): 0.0}
    lines = [json.loads(line) for line in (six / "out" / "results.jsonl").read_text().splitlines()]
    assert [(r["replay"], r["discipline"], r["hosts"], r["wait_mean"]) for r in lines] == \
        [(int(r["replay"]), r["discipline"], int(r["hosts"]), float(r["wait_mean"])) for r in table]


def test_the_same_sweep_in_this_process_gives_the_same_table(six):
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "a"), "-j", "2").exit_code == 0
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "b"), "-j", "1").exit_code == 0
    assert without_cpu((six / "a" / "results.csv").read_text()) == without_cpu((six / "b" / "results.csv").read_text())


# tests/fixtures/tiny.swf on 4 one-slot hosts: job 1 (4 tasks, 100 s) from 0; jobs 2 (2 tasks, 0 s), 3 (1 task,
# 50 s) and 4 (1 task, 0 s) arrive at 5, 10 and 10 and all start at 100, when job 1 ends.
#   time scale 1:   waits 0, 95, 90, 90       -> mean 68.75
#   time scale 0.5: arrivals 0, 2.5, 5, 5     -> waits 0, 97.5, 95, 95 -> mean 71.875
def test_an_swf_log_imported_on_the_fly_under_time_scales(tmp_path):
    (tmp_path / "tiny.swf").write_bytes(TINY_SWF.read_bytes())
    (tmp_path / "s.yaml").write_text("recordings: [{path: '*.swf', import: {jobs: 4}}]\naxes: {time_scale: [1.0, 0.5]}\n")
    result = run("sweep", str(tmp_path / "s.yaml"), "-o", str(tmp_path / "out"), "-j", "1", "--sim-output")
    assert result.exit_code == 0, result.output
    table = rows(tmp_path / "out")
    assert [(r["time_scale"], float(r["wait_mean"])) for r in table] == [("1.0", 68.75), ("0.5", 71.875)]
    for row in table:
        imported = tmp_path / f"x{row['time_scale']}.json"
        assert run("import", "swf", str(tmp_path / "tiny.swf"), "-o", str(imported), "--time-scale",
                   row["time_scale"]).exit_code == 0
        figures, decisions = one_by_one(tmp_path, imported.read_text(), f"x{row['time_scale']}")
        same_figures(row, figures, decisions)
        # the kept --sim-output file holds the same records as a replay of the imported recording
        kept = gzip.decompress((tmp_path / "out" / row["sim_output"]).read_bytes()).decode().splitlines()[1:]
        assert kept == (tmp_path / f"x{row['time_scale']}.jsonl").read_text().splitlines()[1:]


def test_overrides_by_dotted_path_in_a_listed_set(six):
    # Host n with 40 slots holds the 37 slots the jobs ask for: every wait is 0; with 20 (as recorded) the
    # strict waits are those of conftest (mean 50). A listed set runs exactly the runs named.
    (six / "o.yaml").write_text("recordings: [six-jobs.yaml]\nruns:\n"
                                "  - {discipline: strict, 'cluster.hosts[name=n].slots': 40}\n"
                                "  - {discipline: strict}\n")
    assert run("sweep", str(six / "o.yaml"), "-o", str(six / "out"), "-j", "1").exit_code == 0
    table = rows(six / "out")
    assert [(r["discipline"], r["cluster.hosts[name=n].slots"], r["wait_mean"]) for r in table] == [
        ("strict", "40", "0.0"), ("strict", "", "50.0")]


def test_a_replays_cpu_seconds_are_its_own_thread_time():
    """A replay's cpu_seconds is the CPU time its thread spent replaying: not negative and no more than the thread
    used around the whole call (which also reads the recording). Run in this thread, whose clock stands well above
    the replay's own cost by now. Kills: sweep/tasks.py:_replay's CPU time (the start added, not subtracted)."""
    import time

    from refsim import __version__
    from refsim.sweep.sources import Source
    from refsim.sweep.tasks import ReplayTask, run_replay

    content = SIX_JOBS.read_bytes()
    task = ReplayTask(0, "k", Source("six-jobs.yaml", str(SIX_JOBS), None, content, "0"), (), {}, None, __version__,
                      False)
    before = time.thread_time()
    outcome = run_replay(task)
    spent = time.thread_time() - before
    assert outcome.error is None and outcome.cpu_seconds is not None
    assert 0 <= outcome.cpu_seconds <= spent


@pytest.mark.skipif(not HAS_PROC_FDS, reason="reads this process's open files from /proc")
def test_a_sweep_leaves_no_results_file_open(six, monkeypatch):
    """The six-jobs sweep run in this process has closed both results files when it returns, though its summary
    still holds the results folder (a program running many sweeps would otherwise run out of file handles).
    Kills: sweep/run.py:run_sweep's closing of the results folder."""
    import io

    from refsim.sweep.executors import SerialExecutor
    from refsim.sweep.progress import SweepProgress
    from refsim.sweep.run import run_sweep

    monkeypatch.chdir(six)
    summary = run_sweep("six.yaml", "out", SerialExecutor(), report=lambda line: None,
                        progress=SweepProgress(6, io.StringIO()))
    assert summary.replays == 6
    folder = str((six / "out").resolve())
    assert [p for p in open_paths() if p.startswith(folder)] == []


def test_a_sweep_ends_the_progress_line_it_was_given(six, monkeypatch):
    """On a terminal the progress line is rewritten in place; when the sweep returns, it has ended that line, so
    what is printed next starts on a line of its own. Kills: sweep/run.py:run_sweep's closing of the progress
    line."""
    from refsim.sweep.executors import SerialExecutor
    from refsim.sweep.progress import SweepProgress
    from refsim.sweep.run import run_sweep
    from tests.support.terminal import Terminal

    monkeypatch.chdir(six)
    terminal = Terminal()
    run_sweep("six.yaml", "out", SerialExecutor(), report=lambda line: None,
              progress=SweepProgress(6, terminal, clock=lambda: 0.0))
    assert terminal.getvalue().endswith("\r\033[Ksweep [########################] 6/6 done, 0 running, 0 failed\n")
