"""`refsim sweep` as a person runs it: what it prints, and where its replays run (-j)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from refsim.cli import main
from refsim.sweep.executors import SerialExecutor
from refsim.sweep.run import run_sweep
from tests.support.terminal import Terminal
from tests.unit.sweep.conftest import run
from tests.unit.sweep.test_executor_progress import progress_lines


def test_the_closing_lines_count_the_replays_and_name_the_results(six: Path):
    """Kills: cli.py sweep's closing lines dropped or changed."""
    result = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", "1")
    assert result.exit_code == 0
    out = six / "out"
    assert result.stdout == (f"sweep {six / 'six.yaml'}: 6 replays: 6 run, 0 skipped (results exist), 0 failed\n"
                             f"results: {out / 'results.csv'}, {out / 'results.jsonl'}\n")


@pytest.mark.parametrize("jobs,running", [("1", 1), ("2", 2)])
def test_j_sets_how_many_replays_run_at_once(six: Path, monkeypatch: pytest.MonkeyPatch, jobs: str, running: int):
    """-j 1 runs one replay at a time in this process, -j 2 two on local processes: the progress line (on a
    terminal) says so from its first state. Kills: cli.py sweep choosing the executor with the -j test negated."""
    stream = Terminal()
    monkeypatch.setattr("sys.stderr", stream)
    main(["sweep", str(six / "six.yaml"), "-o", str(six / "out"), "-j", jobs], standalone_mode=False)
    assert progress_lines(stream)[0] == f"0/6 done, {running} running, 0 failed"


def test_a_sweep_closes_its_results_files(six: Path):
    """The two results files held open for appending are closed when the sweep ends, not left to the garbage
    collector. Kills: results.py ResultsFolder.close not closing them (a ResourceWarning when they are dropped)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None)
    assert [w for w in caught if issubclass(w.category, ResourceWarning)] == []


def test_dask_without_the_extra_is_one_line_saying_how_to_install_it(six: Path, monkeypatch: pytest.MonkeyPatch):
    """Kills: executors.py DaskExecutor.start's message when distributed cannot be imported, changed."""
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # `import distributed` fails
    result = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "--dask", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert result.stderr == "Error: --dask needs Dask: pip install 'refsim[dask]'\n"
    assert not (six / "out").exists()


def test_a_sweep_run_again_resumes_unless_forced(six: Path):
    """run_sweep skips the replays whose results exist unless force is asked for, as the command does without
    --force. Kills: run.py run_sweep's force defaulting to True."""
    first = run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None)
    again = run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None)
    assert (first.ran, first.skipped) == (6, 0) and (again.ran, again.skipped) == (0, 6)


def test_a_replay_whose_worker_died_fails_with_the_error_on_one_line():
    """Kills: executors.py lost() joining the error's name and text wrongly."""
    from refsim.sweep.executors import lost
    from refsim.sweep.tasks import ReplayTask

    task = ReplayTask(3, "k", None, (), {}, None, "0.1.0", False)  # type: ignore[arg-type]
    assert lost(task, RuntimeError("worker\n  died")).error == "RuntimeError: worker died"
    assert lost(task, EOFError()).error == "EOFError"
    assert (lost(task, EOFError()).index, lost(task, EOFError()).key) == (3, "k")


def test_a_glob_gives_its_recordings_in_name_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Whatever order the folder lists them in, the replays of `*.yaml` are numbered in name order, so one sweep
    file gives one table. Kills: sources.py resolve_sources keeping glob's order."""
    monkeypatch.chdir(tmp_path)
    names = ["f.yaml", "b.yaml", "e.yaml", "a.yaml", "d.yaml", "c.yaml"]
    for name in names:
        (tmp_path / name).write_text(f"cluster: {{hosts: [{{name: {name[0]}, slots: 1}}]}}\nevents: []\n")
    (tmp_path / "s.sweep").write_text("recordings: ['*.yaml']\n")
    monkeypatch.setattr("glob.glob", lambda pattern, recursive=False: list(names))  # the folder's own order
    assert run("sweep", "s.sweep", "-o", "out", "-j", "1").exit_code == 0
    rows = (tmp_path / "out" / "results.csv").read_text().splitlines()[1:]
    assert [r.split(",")[1] for r in rows] == sorted(names)


class Noted(SerialExecutor):
    """A -j 1 executor that notes what the sweep asks of it."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def start(self) -> None:
        self.calls.append("start")

    def run(self, tasks, done, progress) -> None:  # type: ignore[no-untyped-def]
        self.calls.append(f"run {len(tasks)}")
        super().run(tasks, done, progress)

    def stop(self) -> None:
        self.calls.append("stop")


def test_an_executor_is_started_and_stopped_around_the_replays_and_not_asked_when_none_is_left(six: Path):
    """A Dask executor connects in start and lets the cluster go in stop: both happen around the run, and not at
    all when every result exists (the cluster may be gone by then). Kills: run.py run_sweep's stop test negated."""
    first, again = Noted(), Noted()
    run_sweep(six / "six.yaml", six / "out", first, report=lambda line: None)
    run_sweep(six / "six.yaml", six / "out", again, report=lambda line: None)
    assert first.calls == ["start", "run 6", "stop"] and again.calls == []
