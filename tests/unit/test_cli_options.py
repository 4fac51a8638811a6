"""The refsim command's options decide: counted verbosity, the smallest --jobs, errors on unreadable files, and
live replies that reach a controller at once."""

import json
import os
import select
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from refsim.cli import main
from tests.support.cli import run

ROOT = Path(__file__).resolve().parents[2]


def test_verbose_is_counted_and_two_log_the_pend_reasons(tmp_path):
    """Kills: `count=True` -> `count=False` on --verbose (-vv would be refused or count as one)."""
    # The demo's round 2 pends 104 on user_slots: with -v the pend line only, with -vv also its reason.
    one, two = tmp_path / "v.log", tmp_path / "vv.log"
    assert run("sim", "--log", str(one), "-v").exit_code == 0
    assert run("sim", "--log", str(two), "-vv").exit_code == 0
    assert "pend 104 (1 reason)" in one.read_text() and "cluster-limit - user_slots" not in one.read_text()
    assert "  cluster-limit - user_slots[user=alice] slots" in two.read_text()


def test_import_takes_one_job(tmp_path):
    """Kills: `IntRange(min=1)` -> `IntRange(min=2)` on --jobs (one job is the smallest import)."""
    out = tmp_path / "one.yaml"
    result = run("import", "swf", str(ROOT / "tests/fixtures/tiny.swf"), "-o", str(out), "--jobs", "1")
    assert result.exit_code == 0 and result.output == f"{out}: 1 job on 4 hosts\n"


def test_an_unwritable_log_is_one_line_naming_the_file(tmp_path):
    """Kills: the OSError message of `refsim sim` mutated (the file and the cause must be named)."""
    target = tmp_path / "no" / "such" / "sched.log"
    result = run("sim", "--log", str(target))
    assert result.exit_code == 2  # an input or output that cannot be used
    assert result.output == f"Error: {target}: No such file or directory\n"


def test_a_bad_live_cluster_file_is_one_line_naming_the_problem(tmp_path):
    """Kills: the RecordingError branch of `refsim live` (a traceback, or a wrong exit status)."""
    bad = tmp_path / "cluster.yaml"
    bad.write_text("cluster:\n  hosts:\n    - {name: a, slots: many}\n")
    result = run("live", str(bad))
    assert result.exit_code == 2  # an input or output that cannot be used
    assert result.output == f"Error: {bad}: cluster.hosts[0].slots: 'many' is not an amount\n"


def test_live_replies_reach_the_controller_before_its_next_message():
    """Kills: live replies left in the buffer (`print(reply)` for `click.echo(reply); sys.stdout.flush()`): a
    controller waiting for a reply would hang. Dropping either of the two flushes alone is equivalent (click.echo
    flushes after each line)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # a pipe is block-buffered
    process = subprocess.Popen([sys.executable, "-m", "refsim.cli", "live", "examples/live/cluster.yaml"],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        process.stdin.write(json.dumps({"type": "status"}) + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready, "no reply while stdin stays open"
        assert json.loads(process.stdout.readline())["type"] == "status"
    finally:
        process.stdin.close()
        process.wait(timeout=60)


def test_import_needs_an_output_and_takes_one_host(tmp_path):
    """Kills: `required=True` -> False on --output (a missing -o would fail later, with a traceback), and
    `IntRange(min=1)` -> `min=2` on --hosts (one host is the smallest cluster)."""
    log = str(ROOT / "tests/fixtures/tiny.swf")
    missing = run("import", "swf", log)
    assert missing.exit_code == 2 and "Missing option '-o'" in missing.output
    # tiny.swf's widest job asks 4 processors: on 1 host that host gets MaxProcs 4 // MaxNodes 4 = 1 slot, too few.
    out = tmp_path / "one-host.yaml"
    result = run("import", "swf", log, "-o", str(out), "--hosts", "1")
    assert "0 is not in the range" not in result.output and "1 is not in the range" not in result.output
    assert result.output == f"Error: {log}: job 1 needs 4 processors but the cluster has 1 (use --hosts)\n"


def test_an_unwritable_import_output_is_one_line_naming_it(tmp_path):
    """Kills: the OSError message of `refsim import swf` mutated."""
    out = tmp_path / "no" / "dir" / "rec.yaml"
    result = run("import", "swf", str(ROOT / "tests/fixtures/tiny.swf"), "-o", str(out))
    assert result.exit_code == 2  # an input or output that cannot be used
    assert result.output == f"Error: {out}: cannot write: No such file or directory\n"


def test_live_takes_a_cluster_file_with_its_format_version(tmp_path):
    """Kills: the key `refsim` dropped from the keys a live cluster file may have (examples/live/cluster.yaml
    has `refsim: 1`)."""
    result = CliRunner().invoke(main, ["live", str(ROOT / "examples/live/cluster.yaml")],
                                input=json.dumps({"type": "status"}) + "\n")
    assert result.exit_code == 0 and json.loads(result.output.splitlines()[0])["type"] == "status"


def test_a_verified_batch_run_says_how_many_decisions_matched(tmp_path):
    """Kills: the batch summary's `no mismatch` text mutated (a prefix would still pass an endswith check)."""
    out = tmp_path / "o.jsonl"
    assert run("sim", "--sim-output", str(out)).exit_code == 0
    # the demo reports 29 decisions (dispatches and pends, reconstructed included) over its 12 rounds
    assert run("sim", "--sim-verify", str(out)).output.splitlines()[-1] == "verify: 29 decisions compared, no mismatch"


def test_a_verified_batch_run_counts_its_mismatches(tmp_path):
    """Kills: the batch summary's `mismatches` text mutated."""
    out = tmp_path / "o.jsonl"
    run("sim", "--sim-output", str(out))
    out.write_text(out.read_text().replace('"user_slots[user=alice] slots"', '"made up"', 1))
    result = run("sim", "--sim-verify", str(out))
    assert result.exit_code == 1 and result.output.splitlines()[-1] == "verify: 29 decisions compared, 1 mismatches"
