"""The refsim command: help, exit codes, and one-line errors without tracebacks."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
import yaml
from click.testing import CliRunner

from refsim import __version__
from refsim.cli import main
from refsim.sched.state import REFERENCE_ENV
from tests.support.cli import run

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_every_command_and_option():
    assert all(word in run("--help").output for word in ("sim", "live", "import"))
    sim_help = run("sim", "--help").output
    assert all(o in sim_help for o in ("--sim-output", "--sim-verify", "--log", "--verbose", "RECORDING",
                                       "--on-error", "--example"))
    assert "--version" in run("--help").output
    assert "--hosts" in run("import", "swf", "--help").output


def test_no_command_opens_the_console_on_the_demo():
    result = CliRunner().invoke(main, [], input="step\nquit\n")
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.output == "round 1 dispatch 100 -> hostB*4 (reconstructed)\n"


def test_verify_mismatch_exits_1(tmp_path):
    out = tmp_path / "o.jsonl"
    assert run("sim", "--sim-output", str(out)).exit_code == 0
    assert run("sim", "--sim-verify", str(out)).output.endswith("no mismatch\n")
    text = out.read_text().replace('"user_slots[user=alice] slots"', '"made up"', 1)
    out.write_text(text)
    result = run("sim", "--sim-verify", str(out))
    assert result.exit_code == 1 and "mismatch: round" in result.output


@pytest.mark.parametrize("args, message", [
    (["sim", "missing.yaml"], "missing.yaml: cannot read: No such file or directory"),
    (["sim", "--sim-output", "/nonexistent/dir/o.jsonl"], "/nonexistent/dir/o.jsonl: No such file or directory"),
    (["live", "missing.yaml"], "missing.yaml: cannot read"),
    (["import", "swf", "missing.swf", "-o", "x.yaml"], "missing.swf: cannot read"),
    (["import", "swf", "x.swf", "-o", "y.yaml", "--hosts", "0"], "0 is not in the range 1<=x<=100000"),  # the documented host bound
    (["sim", "--bogus"], "No such option '--bogus'"),
])
def test_user_mistakes_get_one_line_errors(args, message):
    done = subprocess.run([sys.executable, "-m", "refsim.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2  # documented: 2 for a usage mistake or an input or output path that cannot be used
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_bad_recording_names_the_path(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cluster:\n  hosts:\n    - {name: a, slots: many}\n")
    result = run("sim", str(bad))
    assert result.exit_code == 2  # unreadable input, like a usage mistake
    assert f"Error: {bad}: cluster.hosts[0].slots: 'many' is not an amount" in result.output


def test_import_then_replay(tmp_path):
    out = tmp_path / "tiny.yaml"
    result = run("import", "swf", str(ROOT / "tests/fixtures/tiny.swf"), "-o", str(out))
    assert result.exit_code == 0
    assert result.output == f"{out}: 4 jobs on 4 hosts (1 with a run limit, from the requested times)\n"
    assert "4 dispatched" in run("sim", str(out)).output


def test_the_version_shown_is_the_installed_package_s():
    """--version, the console's banner and a sweep's worker check all show refsim.__version__: it must be the
    version pyproject.toml gives the package. Kills: refsim/__init__.py's version text changed."""
    import importlib.metadata
    import tomllib

    assert __version__ == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert __version__ == importlib.metadata.version("refsim")


def test_version_and_python_dash_m():
    assert run("--version").output == f"refsim {__version__}\n"
    done = subprocess.run([sys.executable, "-m", "refsim", "--version"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout == f"refsim {__version__}\n"
    usage = subprocess.run([sys.executable, "-m", "refsim", "sim", "--bogus"], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
    assert usage.returncode == 2 and "Usage: refsim sim" in usage.stderr


@pytest.mark.parametrize("on_error, status, output", [
    # The demo's first decision is 100's recorded dispatch; `stop` never reaches the `step` after the mistake.
    ([], 0, "error: unknown command 'frob' (try 'help')\nround 1 dispatch 100 -> hostB*4 (reconstructed)\n"),
    (["--on-error", "continue"], 0,
     "error: unknown command 'frob' (try 'help')\nround 1 dispatch 100 -> hostB*4 (reconstructed)\n"),
    (["--on-error", "stop"], 1, "error: unknown command 'frob' (try 'help')\n"),
])
def test_on_error_stop_ends_the_console_at_the_first_failed_command(on_error, status, output):
    result = CliRunner().invoke(main, ["sim", "-i", *on_error], input="frob\nstep\nquit\n")
    assert (result.exit_code, result.output) == (status, output)


def test_on_error_stop_exits_0_when_every_command_succeeds(tmp_path):
    out = tmp_path / "o.jsonl"
    result = CliRunner().invoke(main, ["sim", "-i", "--on-error", "stop", "--sim-output", str(out)],
                                input="step 2\n")
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    assert result.exit_code == 0  # and both decisions were written: 100 (reconstructed) and 102
    assert [r["job"] for r in records if r["kind"] == "dispatch"] == ["100", "102"]
    bad_quote = CliRunner().invoke(main, ["sim", "-i", "--on-error", "stop"], input="info job '100\nstep\n")
    assert bad_quote.exit_code == 1 and bad_quote.output == "error: No closing quotation\n"
    assert run("sim", "-i", "--on-error", "halt").exit_code == 2


def test_verbose_without_log_goes_to_stderr(tmp_path):
    done = subprocess.run([sys.executable, "-m", "refsim", "sim", "-v"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("replay of demo: ") and "[t=" not in done.stdout
    # -v logs each decision: the demo opens with 100's recorded dispatch, then 102 (queue high) at position 1.
    assert done.stderr.splitlines()[:2] == ["[t=0] round 1: dispatch 100 (reconstructed)",
                                            "[t=0] round 1 #1: dispatch 102 -> hostA hostC"]
    log = tmp_path / "s.log"
    with_log = subprocess.run([sys.executable, "-m", "refsim", "sim", "-v", "--log", str(log)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    assert with_log.stderr == "" and log.read_text() == done.stderr
    quiet = subprocess.run([sys.executable, "-m", "refsim", "sim"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    assert quiet.stderr == ""


def test_examples_are_listed_and_replayed():
    listing = run("sim", "--example", "list")
    names = [line.split()[0] for line in listing.output.splitlines()]
    assert listing.exit_code == 0 and names == ["demo", "backlog", "compound-alternatives", "limits", "six-jobs"]
    assert "\nbacklog                A backlog: job 1 holds the only host" in listing.output
    # backlog.yaml: three jobs on one 2-slot host; 3 needs 3 slots and never runs (golden/baseline/README.md).
    result = run("sim", "--example", "backlog")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == [
        "replay of backlog: 6 rounds, simulated time 60",
        "jobs: 3 submitted, 2 dispatched, 2 finished, 0 running, 1 pending, 0 removed"]
    assert run("sim", "--example", "demo").output == run("sim").output


@pytest.mark.parametrize("args, message", [
    (["sim", "--example", "nonesuch"],
     "Error: --example nonesuch: no such example (one of: demo, backlog, compound-alternatives, limits, six-jobs)"),
    (["sim", "--example", "limits", "x.yaml"], "Error: give either RECORDING or --example, not both"),
])
def test_example_mistakes(args, message):
    result = run(*args)
    assert result.exit_code == 2 and result.output.splitlines()[-1] == message


def spawn_console(*args: str, env_extra: dict[str, str] | None = None) -> pexpect.spawn:
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", **(env_extra or {})}
    return pexpect.spawn(sys.executable, ["-m", "refsim", *args], cwd=str(ROOT), encoding="utf-8", timeout=30,
                         dimensions=(40, 200), env=env)


def test_a_terminal_console_opens_with_a_banner_and_a_pipe_without():
    # examples/limits.yaml: hosts n1-n4, nine submit events.
    child = spawn_console("sim", "--example", "limits", "-i")
    child.expect(r"refsim \S+: limits, 4 hosts, 9 jobs; type help for the commands, quit to leave")
    child.expect(r"refsim\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    piped = CliRunner().invoke(main, ["sim", "--example", "limits", "-i"], input="quit\n")
    assert piped.output == ""


def test_a_long_replay_shows_a_progress_bar_on_a_terminal_only(tmp_path):
    # 700 one-slot jobs queueing for one slot, on the reference path (which judges every pending job in every
    # session: about 3 s on a fast machine, long enough for the bar's one-second delay; the fast path takes a
    # fraction of that).
    events = [{"time": i * 10, "submit": {"id": i, "run_time": 15}} for i in range(1, 701)]
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"cluster": {"hosts": [{"name": "a", "slots": 1}]}, "events": events}))
    child = spawn_console("sim", str(path), env_extra={REFERENCE_ENV: "1"})
    child.expect(r"replaying +\[#*-*\] +\d+%", timeout=120)
    child.expect("replay of ", timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    piped = subprocess.run([sys.executable, "-m", "refsim", "sim", str(path)], cwd=ROOT, capture_output=True,
                           text=True, timeout=120, env={**os.environ, REFERENCE_ENV: "1"})
    assert piped.stderr == "" and piped.stdout.startswith("replay of ")


def test_a_command_gives_back_the_sigterm_handler_it_found():
    """refsim turns SIGTERM into a clean exit only while a command runs: a program that calls main() in-process
    (this suite, an embedding tool) gets its own handler back, so a later `kill` still reaches it.
    Kills: cli.py:_Refsim.invoke not restoring the previous SIGTERM handler."""
    import signal

    from click.testing import CliRunner

    from refsim.cli import main

    def ours(signum, frame):  # a stand-in for the embedding program's handler
        return None

    before = signal.signal(signal.SIGTERM, ours)
    try:
        result = CliRunner().invoke(main, ["sim", "--example", "limits"])
        assert result.exit_code == 0, result.output
        assert signal.getsignal(signal.SIGTERM) is ours
    finally:
        signal.signal(signal.SIGTERM, before)
