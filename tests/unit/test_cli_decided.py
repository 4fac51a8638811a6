"""Rules of the `refsim` command that only a boundary case or a rarely taken path decides: the seed's range, which
input an output collides with, and SIGTERM in a command run in-process."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from refsim.cli import main
from refsim.sweep import tasks
from tests.hostile.harness import ENDLESS

ROOT = Path(__file__).resolve().parents[2]
TRACE = "job_submit_time,num_nodes,exit_status,queue,time_limit\n0,2,0,pbatch,10\n"


def run(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_seed_of_run_time_samples_goes_up_to_2_to_the_63_minus_1(tmp_path: Path):
    """`--seed` takes 0 to 2**63 - 1 (its help shows the range): the largest seed imports, one more is a usage
    error naming the range, and no recording is written.
    Kills: cli.py:import_csv the seed's upper bound `2**63 - 1` -> `2**63 + 1`."""
    trace = tmp_path / "trace.csv"
    trace.write_text(TRACE)
    largest = run("import", "csv", trace, "--nodes", 4, "-o", tmp_path / "a.yaml", "--run-time", "distribution",
                  "--distribution", "normal:10,1", "--seed", 2**63 - 1)
    assert largest.exit_code == 0, largest.output
    assert largest.stdout == f"{tmp_path / 'a.yaml'}: 1 job on 4 hosts\n"
    beyond = run("import", "csv", trace, "--nodes", 4, "-o", tmp_path / "b.yaml", "--run-time", "distribution",
                 "--distribution", "normal:10,1", "--seed", 2**63)
    assert beyond.exit_code == 2
    assert beyond.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--seed': 9223372036854775808 is not in the range 0<=x<=9223372036854775807.")
    assert not (tmp_path / "b.yaml").exists()


def test_an_imported_schedule_cannot_overwrite_its_workload(tmp_path: Path):
    """`import schedule -o` naming the workload file is refused, the error saying it is the workload (not the
    schedule), and the workload is left as it was.
    Kills: cli.py:import_schedule the workload's role name "the workload" mutated."""
    workload, schedule = tmp_path / "trace.csv", tmp_path / "schedule.csv"
    workload.write_text(TRACE)
    schedule.write_text("job_id,start_time,end_time\n0,0,10\n")
    result = run("import", "schedule", schedule, "--workload", workload, "--nodes", 4, "-o", workload)
    assert result.exit_code == 2
    assert result.stderr == (f"Error: import -o {workload}: is the same file as the workload {workload}; "
                             "refused so that nothing is overwritten\n")
    assert workload.read_text() == TRACE


def _terminate_once_writing(folder: Path, done: threading.Event) -> None:
    """Send SIGTERM to this process once the replay has started writing (its hidden temporary output exists), or
    after 60 s at the latest, so the run always ends."""
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".tmp") for p in folder.iterdir()):
        if time.monotonic() > deadline:
            break
        time.sleep(0.02)
    else:
        done.set()
    time.sleep(0.2)
    os.kill(os.getpid(), signal.SIGTERM)


def test_sigterm_during_a_command_run_in_process_says_so_on_stderr_and_leaves_no_partial_file(tmp_path: Path):
    """SIGTERM mid-replay ends the command with status 143 (128 + SIGTERM) and one line on stderr, nothing on
    stdout; the earlier output file is untouched and no temporary file is left (as `kill` on the command line,
    tests/hostile/test_signals.py, here measured in this process).
    Kills: cli.py:_Refsim.invoke the terminated line sent to stdout (`err=True` -> False)."""
    (tmp_path / "rec.yaml").write_text(ENDLESS)
    (tmp_path / "out.jsonl").write_text("an earlier output\n")
    writing = threading.Event()
    killer = threading.Thread(target=_terminate_once_writing, args=(tmp_path, writing), daemon=True)
    killer.start()
    result = run("sim", tmp_path / "rec.yaml", "--sim-output", tmp_path / "out.jsonl")
    killer.join()
    assert writing.is_set()
    assert result.exit_code == 143
    assert result.stdout == ""
    assert result.stderr == "refsim: terminated; no partial output file was left\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl", "rec.yaml"]
    assert (tmp_path / "out.jsonl").read_text() == "an earlier output\n"


def test_a_plot_without_matplotlib_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """`refsim plot` needs the plot extra: without matplotlib it fails with status 2 (a set-up the command cannot
    use, like an unusable input) and the install line, and writes no image. Kills: cli.py:plot the install message mutated or its handler dropped."""
    run_file = tmp_path / "run.jsonl"
    assert run("sim", "--example", "limits", "--sim-output", run_file).exit_code == 0
    for name in ["matplotlib"] + [n for n in sys.modules if n.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)  # importing any of them raises ImportError, as when absent
    monkeypatch.delitem(sys.modules, "refsim.report.plot", raising=False)  # imported afresh, so it meets that
    result = run("plot", run_file, "-o", tmp_path / "plot.png")
    assert result.exit_code == 2
    assert result.stderr == "Error: plotting needs matplotlib: pip install 'refsim[plot]'\n"
    assert not (tmp_path / "plot.png").exists()


def test_an_import_into_a_missing_folder_names_the_output_and_why(tmp_path: Path):
    """`import csv` and `import swf` with `-o` in a folder that does not exist: one line naming the output and
    the system's reason, status 2. Kills: cli.py:_import and cli.py:import_swf the `cannot write` message
    mutated or its handler dropped."""
    trace, out = tmp_path / "trace.csv", tmp_path / "no" / "rec.yaml"
    trace.write_text(TRACE)
    for args in (["import", "csv", trace, "--nodes", 4], ["import", "swf", ROOT / "tests" / "fixtures" / "tiny.swf"]):
        result = run(*args, "-o", out)
        assert result.exit_code == 2
        assert result.stderr == f"Error: {out}: cannot write: No such file or directory\n"
    assert not (tmp_path / "no").exists()


RECORDING = "cluster:\n  hosts: [{name: a, slots: 1}]\nevents:\n  - {time: 0, submit: {id: 1}}\n"


def test_the_verify_report_names_the_other_output_it_would_overwrite(tmp_path: Path):
    """`--verify-report` naming the file of another output of the same run is refused in one line that names that
    output by its option, and no file is written.
    Kills: cli.py:sim the role names of the other outputs ("the --sim-output file", "the --log file",
    "the --schedule file", "the --resources file") and of the report ("--verify-report") mutated."""
    recording, expected = tmp_path / "rec.yaml", tmp_path / "expected.jsonl"
    recording.write_text(RECORDING)
    assert run("sim", recording, "--sim-output", expected).exit_code == 0
    target = tmp_path / "target"
    for option in ("--sim-output", "--log", "--schedule", "--resources"):
        result = run("sim", recording, "--sim-verify", expected, option, target, "--verify-report", target)
        assert result.exit_code == 2
        assert result.stderr == (f"Error: --verify-report {target}: is the same file as the {option} file {target}; "
                                 "refused so that nothing is overwritten\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expected.jsonl", "rec.yaml"]


def test_options_only_a_batch_run_takes_are_refused_with_the_console(tmp_path: Path):
    """The tables and the verify report are written by batch runs: with `-i` they are usage errors (status 2)
    saying so, and the console never opens. Kills: cli.py:sim the two usage messages mutated."""
    recording, expected = tmp_path / "rec.yaml", tmp_path / "expected.jsonl"
    recording.write_text(RECORDING)
    assert run("sim", recording, "--sim-output", expected).exit_code == 0
    tables = run("sim", recording, "-i", "--schedule", tmp_path / "s.csv")
    assert tables.exit_code == 2 and tables.stdout == ""
    assert tables.stderr.splitlines()[-1] == \
        "Error: --schedule, --resources and --json are for batch runs, not the console"
    summary = run("sim", recording, "-i", "--json")
    assert summary.exit_code == 2 and summary.stdout == ""
    assert summary.stderr.splitlines()[-1] == \
        "Error: --schedule, --resources and --json are for batch runs, not the console"
    report = run("sim", recording, "-i", "--sim-verify", expected, "--verify-report", tmp_path / "r.jsonl")
    assert report.exit_code == 2 and report.stdout == ""
    assert report.stderr.splitlines()[-1] == "Error: --verify-report needs --sim-verify, in a batch run"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expected.jsonl", "rec.yaml"]


@pytest.mark.parametrize("name", ["report.htm", "REPORT.MD", "Report.Html"])
def test_a_sweep_report_named_htm_or_in_capitals_is_taken_as_markdown_or_html(tmp_path: Path, name: str):
    """The report's kind is read from its suffix whatever the case, and `.htm` is HTML too: such a name passes the
    -o check, so the error is about the results file itself (here not a results table), and nothing is written.
    Kills: cli.py:sweep_report the `.htm` suffix mutated (the name would be refused as neither .md nor .html)."""
    results = tmp_path / "x.csv"
    results.write_text("a,b\n1,2\n")
    result = run("sweep-report", results, "-o", tmp_path / name)
    assert result.exit_code == 2
    assert result.stderr == f"Error: {results}: line 1: not a sweep results table (no column replay, recording, " \
                            "status, wait_mean, utilisation)\n"
    assert not (tmp_path / name).exists()


_REPLAYED_HERE: list[int] = []  # a worker process imports this module afresh: its own list stays there


def _replay_noted_here(task: tasks.ReplayTask) -> tasks.ReplayOutcome:
    """The sweep's replay task, noting each replay run in the process that runs it."""
    _REPLAYED_HERE.append(os.getpid())
    return tasks.run_replay(task)


@pytest.mark.parametrize("args, cores, in_this_process", [
    (["-j", "1"], 3, True),  # -j 1: in this process, whatever the cores
    ([], 3, False),          # the default: one process per core, here 3 worker processes
    ([], None, True),        # a machine whose core count is unknown counts as one core
])
def test_sweep_runs_its_replays_in_this_process_only_with_one_job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 args: list[str], cores: int | None,
                                                                 in_this_process: bool):
    """`sweep -j N` (help: "default: the number of cores; 1: in this process"): with one job the replays run in
    refsim's own process (so a debugger or profiler sees them); otherwise on worker processes. os.cpu_count()
    may say None (undetermined): then one. Both replays succeed either way.
    Kills: cli.py:sweep the `jobs is not None` test, the core count's fallback `or 1` (-> `and`, or 1 -> 2), and
    the `count == 1` choice of the executor, mutated."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr("refsim.sweep.executors.run_replay", _replay_noted_here)
    _REPLAYED_HERE.clear()
    (tmp_path / "six-jobs.yaml").write_text((ROOT / "examples" / "six-jobs.yaml").read_text())
    (tmp_path / "s.yaml").write_text("recordings: [six-jobs.yaml]\naxes: {discipline: [greedy, easy]}\n")
    result = run("sweep", "s.yaml", "-o", "out", *args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "sweep s.yaml: 2 replays: 2 run, 0 skipped (results exist), 0 failed"
    assert _REPLAYED_HERE == ([os.getpid()] * 2 if in_this_process else [])


def test_ctrl_c_during_a_command_ends_it_with_status_130_and_one_line_on_stderr(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch):
    """Ctrl-C (KeyboardInterrupt) while a replay runs ends the command with status 130 (128 + SIGINT) and one line
    on stderr, nothing on stdout and no traceback (as Ctrl-C on the command line, tests/hostile/test_signals.py).
    Kills: cli.py:_Refsim.invoke the interrupted line dropped, its `sys.exit(INTERRUPTED)` dropped, and
    INTERRUPTED `130` -> `131`."""
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("refsim.sim.batchrun.run_batch", interrupted)
    result = run("sim", "--example", "limits")
    assert result.exit_code == 130
    assert result.stdout == ""
    assert result.stderr == "refsim: interrupted; no partial output file was left\n"


def test_a_sweep_needs_its_results_folder(tmp_path: Path):
    """`sweep SPEC` without `-o` stops at click's usage check (status 2, the last line naming the option) before
    the sweep file is even read, and nothing is made. Kills: cli.py:sweep's -o `required=True` -> False."""
    result = run("sweep", tmp_path / "spec.yaml")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Missing option '-o' / '--output'."
    assert list(tmp_path.iterdir()) == []


def test_a_sweep_report_of_another_kind_is_refused_naming_it(tmp_path: Path):
    """A report named .pdf is a usage error (status 2) whose last line names the -o value and the kinds refsim
    writes, before the results are read, and no file is written. Kills: cli.py:sweep_report's message mutated."""
    result = run("sweep-report", tmp_path / "results.csv", "-o", tmp_path / "r.pdf")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: -o {tmp_path / 'r.pdf'}: the report is written as .md or .html"
    assert list(tmp_path.iterdir()) == []


def test_a_dask_workers_refusal_is_told_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What the Dask executor warns about (a worker of another refsim version left out) goes to stderr, beside the
    error that ends the sweep, so stdout keeps only a sweep's closing lines. The sweep itself is stood in for: it
    warns as DaskExecutor does, then finds no usable worker. Kills: cli.py:sweep the Dask warning sent to stdout
    (`err=True` -> False)."""
    from refsim.sweep.executors import DaskExecutor, ExecutorError

    def refused(spec: object, folder: object, executor: DaskExecutor, **options: object) -> None:
        executor.warn("--dask: worker tcp://w:1 refused: it runs refsim 9.9, this sweep refsim 0.1.0")
        raise ExecutorError("--dask tcp://s:1: no worker runs refsim 0.1.0")

    monkeypatch.setattr("refsim.sweep.run.run_sweep", refused)
    result = run("sweep", tmp_path / "spec.yaml", "-o", tmp_path / "out", "--dask", "tcp://s:1")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == ("--dask: worker tcp://w:1 refused: it runs refsim 9.9, this sweep refsim 0.1.0\n"
                             "Error: --dask tcp://s:1: no worker runs refsim 0.1.0\n")


def test_a_distribution_without_sampled_run_times_is_refused_in_one_line(tmp_path: Path):
    """`--distribution` means nothing unless run times are sampled: without `--run-time distribution` it is refused
    in exactly one line (status 2) and no recording is written. Kills: cli.py:import_csv's message mutated."""
    trace = tmp_path / "trace.csv"
    trace.write_text(TRACE)
    result = run("import", "csv", trace, "--nodes", 4, "-o", tmp_path / "r.yaml", "--distribution", "normal:1,1")
    assert result.exit_code == 2
    assert result.stderr == "Error: --distribution is used only with --run-time distribution\n"
    assert not (tmp_path / "r.yaml").exists()


def test_a_schedule_import_needs_its_output(tmp_path: Path):
    """`import schedule` without `-o` stops at click's usage check (status 2, the last line naming the option) and
    nothing is made. Kills: cli.py:import_schedule's -o `required=True` -> False."""
    result = run("import", "schedule", tmp_path / "s.csv", "--workload", tmp_path / "t.csv", "--nodes", 1)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Missing option '-o' / '--output'."
    assert list(tmp_path.iterdir()) == []
