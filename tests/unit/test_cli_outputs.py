"""What the commands print, exactly: JSON figures with sorted keys, the plot's one line, an option's metavar in the
help, and the import's progress bar on a terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main
from tests.support.cli import run
from tests.support.terminal import Terminal
from tests.unit.report.conftest import SMALL, record
from tests.unit.report.test_diff import THREE_HOSTS


def test_json_figures_are_indented_with_their_keys_sorted_at_every_level(tmp_path: Path):
    """`report --json` and `diff --json` print the same bytes for the same figures, whatever order the figures were
    gathered in: keys sorted at every level (the figures come as span, queues, all), two-space indents. Kills:
    cli.py _json_text without sort_keys."""
    small = record(tmp_path, SMALL, "small")
    three = record(tmp_path, THREE_HOSTS, "three")
    for args in (("report", small, "--json"), ("diff", small, three, "--json")):
        result = run(*args)
        assert result.exit_code == 0
        data = json.loads(result.output)
        assert result.output == json.dumps(data, indent=2, sort_keys=True) + "\n"
    assert list(json.loads(run("report", small, "--json").output)) == ["all", "queues", "span"]


def test_plot_without_an_image_path_is_a_usage_error(tmp_path: Path):
    """The image has no default name: `plot RUN` without -o stops at click's usage check (status 2, one line naming
    the option) before matplotlib is even looked for, and nothing is written. Kills: cli.py plot's `required=True`
    -> False on -o/--output."""
    small = record(tmp_path, SMALL, "small")
    before = sorted(tmp_path.iterdir())
    result = CliRunner().invoke(main, ["plot", small])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Missing option '-o' / '--output'."
    assert sorted(tmp_path.iterdir()) == before


def test_plot_without_a_run_is_a_usage_error(tmp_path: Path):
    """There is nothing to plot without a run: `plot -o IMAGE` alone stops at click's usage check (status 2, one line
    naming the missing argument) and writes no image. Kills: cli.py plot's `required=True` -> False on RUNS."""
    out = tmp_path / "plot.png"
    result = CliRunner().invoke(main, ["plot", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Error: Missing argument 'RUNS...'."
    assert not out.exists()


def test_plot_names_the_image_and_the_runs_it_shows(tmp_path: Path):
    """Kills: cli.py plot's closing line with its text changed."""
    pytest.importorskip("matplotlib")
    small = record(tmp_path, SMALL, "small")
    three = record(tmp_path, THREE_HOSTS, "three")
    out = tmp_path / "p.png"
    result = run("plot", small, three, "-o", str(out))
    assert result.exit_code == 0 and result.output == f"{out}: {small} vs {three}\n"


def test_the_dask_option_shows_its_argument_in_the_help():
    """Kills: cli.py sweep's --dask metavar changed (the help would show another placeholder)."""
    result = run("sweep", "--help")
    assert result.exit_code == 0
    assert any(line.split()[:2] == ["--dask", "ADDRESS"] for line in result.output.splitlines())


def test_the_csv_import_help_shows_the_seed_s_default():
    """`import csv --help` says the samples' seed is 0 unless given (click wraps the help text, so the words are
    joined first). Kills: cli.py import_csv's --seed show_default True -> False."""
    result = run("import", "csv", "--help")
    words = " ".join(result.output.split())
    assert result.exit_code == 0 and "--seed INTEGER RANGE Seed of the samples. [default: 0;" in words


def test_an_import_on_a_terminal_shows_its_bar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """With standard error a terminal, `import swf` of a log of 9000 jobs (a progress report every 4096 lines)
    draws the `importing` bar, here with no delay before it appears. Kills: cli.py import_swf passing the bar's
    update only when the bar is disabled (the condition negated: no bar on a terminal)."""
    jobs = "".join(f"{n} 0 -1 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n" for n in range(1, 9001))
    log = tmp_path / "many.swf"
    log.write_text("; MaxNodes: 1\n" + jobs)
    stream = Terminal()
    monkeypatch.setattr("refsim.progress.DELAY", 0.0)
    monkeypatch.setattr("sys.stderr", stream)
    main(["import", "swf", str(log), "-o", str(tmp_path / "many.json")], standalone_mode=False)
    assert "importing" in stream.getvalue() and "%" in stream.getvalue()
    assert (tmp_path / "many.json").exists()


def test_a_replay_bar_is_sized_by_the_last_events_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The replay's bar counts simulated time up to the last event (here at 50, after one at 10), so it is full
    when the replay reaches it. Kills: sim/batchrun.py:replay_with_files sizing the bar by another event than the
    last."""
    import refsim.sim.batchrun
    from refsim.progress import Progress

    made: list[tuple[str, float]] = []

    class Recorded(Progress):
        def __init__(self, label: str, total: float, *args, **kwargs) -> None:
            made.append((label, total))
            super().__init__(label, total, *args, **kwargs)

    recording = tmp_path / "r.yaml"
    recording.write_text("cluster: {hosts: [{name: a, slots: 1}]}\nevents:\n"
                         "  - {time: 0, submit: {id: 1, run_time: 5}}\n  - {time: 10, submit: {id: 2, run_time: 5}}\n"
                         "  - {time: 50, submit: {id: 3, run_time: 5}}\n")
    monkeypatch.setattr(refsim.sim.batchrun, "Progress", Recorded)
    assert run("sim", str(recording)).exit_code == 0
    assert made == [("replaying", 50)]


def test_a_folder_given_as_a_run_is_one_line(tmp_path: Path):
    """`report`, `diff` and `plot` read --sim-output files; a folder named instead is refused in one line."""
    small = record(tmp_path, SMALL, "small")
    for args in (("report", str(tmp_path)), ("diff", small, str(tmp_path))):
        result = run(*args)
        assert result.exit_code == 2 and result.output == f"Error: {tmp_path}: cannot read: Is a directory\n"


def test_a_folder_given_as_a_file_argument_is_a_usage_error_naming_it(tmp_path: Path):
    """Where a command takes a file (a recording, an output, a log), a folder is refused before anything runs, with
    the usage and a line naming the argument and the folder (exit 2), and the folder is left as it was.
    Kills: cli.py FILE's `dir_okay=False` -> `True`."""
    for args, name in ((("sim", str(tmp_path)), "'[RECORDING]'"),
                       (("import", "swf", "x.swf", "-o", str(tmp_path)), "'-o' / '--output'")):
        result = run(*args)
        assert result.exit_code == 2
        assert result.output.splitlines()[-1] == f"Error: Invalid value for {name}: File '{tmp_path}' is a directory."
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command, shown", [
    (("sim",), "--on-error [continue|stop] Console: go on after a failed command, or stop at the first one with "
               "exit status 1. [default: continue]"),
    (("import", "csv"), "--timezone TEXT Zone of ISO times without an offset. [default: UTC]"),
    (("import", "csv"), "--run-time [actual|limit|distribution] Run times: the actual one (else the limit), the "
                        "limit, or samples. [default: actual]"),
    (("import", "schedule"), "--timezone TEXT Zone of ISO times without an offset. [default: UTC]"),
])
def test_the_help_shows_each_options_default(command, shown):
    """An option with a default says it in the help (click wraps the text, so the words are joined first).
    Kills: cli.py the `show_default=True` of sim's --on-error, of --timezone and of import csv's --run-time -> False."""
    result = run(*command, "--help")
    assert result.exit_code == 0 and shown in " ".join(result.output.split())


def test_a_bar_drawn_on_a_terminal_is_closed_when_the_command_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A replay and an import that drew their bar end it before the command returns: the bar's line is finished and
    the cursor shown again (click hides it while drawing), so the shell's prompt starts on a line of its own.
    Kills: cli.py sim's and import_swf's `progress.close()` dropped."""
    recording = tmp_path / "r.yaml"
    recording.write_text("cluster: {hosts: [{name: a, slots: 1}]}\nevents:\n"
                         "  - {time: 0, submit: {id: 1, run_time: 5}}\n  - {time: 50, submit: {id: 2, run_time: 5}}\n")
    jobs = "".join(f"{n} 0 -1 10 1 -1 -1 1 -1 -1 1 1 1 -1 1 -1 -1 -1\n" for n in range(1, 4097))
    log = tmp_path / "many.swf"
    log.write_text("; MaxNodes: 1\n" + jobs)  # 4097 lines: one progress report, after line 4096
    monkeypatch.setattr("refsim.progress.DELAY", 0.0)
    for args in (["sim", str(recording)], ["import", "swf", str(log), "-o", str(tmp_path / "many.json")]):
        stream = Terminal()
        monkeypatch.setattr("sys.stderr", stream)
        main(args, standalone_mode=False)
        assert "\x1b[?25l" in stream.getvalue() and stream.getvalue().endswith("\x1b[?25h\n")


@pytest.mark.parametrize("command, shown", [
    (("sim",), "--example NAME Replay a recording shipped with refsim; `--example list` lists them."),
    (("import", "swf"), "--time-scale F Multiply submit times by F (0 < F, finite): below 1 raises the offered "
                        "load."),
])
def test_an_options_argument_is_named_in_the_help_as_its_text_names_it(command, shown):
    """The help names an option's argument by the word its text uses (NAME, F), not click's type name.
    Kills: cli.py sim's --example metavar and import_swf's --time-scale metavar mutated."""
    result = run(*command, "--help")
    assert result.exit_code == 0 and shown in " ".join(result.output.split())
