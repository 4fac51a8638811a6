"""The refsim command: help, exit codes, and one-line errors without tracebacks."""

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_help_lists_every_command_and_option():
    assert all(word in run("--help").output for word in ("sim", "live", "import"))
    sim_help = run("sim", "--help").output
    assert all(o in sim_help for o in ("--sim-output", "--sim-verify", "--log", "--verbose", "RECORDING"))
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
    assert done.returncode != 0
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_bad_recording_names_the_path(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cluster:\n  hosts:\n    - {name: a, slots: many}\n")
    result = run("sim", str(bad))
    assert result.exit_code == 1
    assert f"Error: {bad}: cluster.hosts[0].slots: 'many' is not an amount" in result.output


def test_import_then_replay(tmp_path):
    out = tmp_path / "tiny.yaml"
    result = run("import", "swf", str(ROOT / "tests/fixtures/tiny.swf"), "-o", str(out))
    assert result.exit_code == 0 and result.output == f"{out}: 4 jobs on 4 hosts\n"
    assert "4 dispatched" in run("sim", str(out)).output
