"""The report, diff and plot commands, and the metrics in the batch summary."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from refsim.report.metrics import run_metrics
from refsim.report.runfile import read_run
from refsim.report.summary import metrics_data
from tests.support.cli import run
from tests.unit.report.conftest import SMALL
from tests.unit.report.test_diff import THREE_HOSTS

ROOT = Path(__file__).resolve().parents[3]

# The figures of conftest.SMALL worked out there (test_metrics): utilisation 50/340 = 14.7%, 245/340 = 72.1%,
# 295/340 = 86.8%; slowdowns (1 + 9.5 + 7)/3 = 5.83 and (1 + 9.5 + 2.6 + 7)/4 = 5.025.
SMALL_TABLE = """\
queue   jobs  started  finished  wait mean  median    p95    max  bsld mean  bsld max   util  makespan
high       1        1         1       80.0    80.0   80.0   80.0       2.60      2.60  14.7%     130.0
normal     4        3         3       70.0    90.0  120.0  120.0       5.83      9.50  72.1%     170.0
(all)      5        4         4       72.5    85.0  120.0  120.0       5.03      9.50  86.8%     170.0
"""


def test_the_batch_summary_adds_the_metrics_after_its_first_lines(tmp_path):
    recording = tmp_path / "small.yaml"
    recording.write_text(SMALL)
    result = run("sim", str(recording), "--sim-output", str(tmp_path / "small.jsonl"))
    assert result.exit_code == 0
    assert result.output == (f"replay of {recording}: 10 rounds, simulated time 170\n"
                             "jobs: 5 submitted, 4 dispatched, 4 finished, 0 running, 0 pending, 1 removed\n"
                             "utilisation: 86.8%\n" + SMALL_TABLE)
    report = run("report", str(tmp_path / "small.jsonl"))
    assert report.exit_code == 0 and report.output == SMALL_TABLE  # the same figures from the file alone


def test_report_json(small_run):
    result = run("report", small_run, "--json")
    data = json.loads(result.output)
    assert data == json.loads(json.dumps(metrics_data(run_metrics(read_run(small_run), str(small_run)))))
    assert data["all"]["wait_mean"] == 72.5 and data["queues"]["high"]["makespan"] == 130
    assert data["span"] == {"start": 0, "end": 170, "slots": 2}


def test_diff_command(tmp_path, small_run):
    from tests.unit.report.conftest import record
    other = record(tmp_path, THREE_HOSTS, "three")
    result = run("diff", small_run, other)
    assert result.exit_code == 0
    assert "decisions at the same session time in both: 8; changed: 7; in one run only: 12" in result.output
    data = json.loads(run("diff", small_run, other, "--json").output)
    assert data["decisions"]["by_kind"]["pend -> none"] == 8


def test_plot_command(tmp_path, small_run):
    pytest.importorskip("matplotlib")
    out = tmp_path / "p.png"
    result = run("plot", small_run, small_run, "-o", str(out))
    assert result.exit_code == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    three = run("plot", small_run, small_run, small_run, "-o", str(out))
    assert three.exit_code == 2 and "give one run, or two to compare" in three.output


@pytest.mark.parametrize("args", [["report", "missing.jsonl"], ["diff", "missing.jsonl", "missing.jsonl"],
                                  ["plot", "missing.jsonl", "-o", "x.png"], ["report", "README.md"]])
def test_unreadable_input_exits_2_with_one_line(args):
    done = subprocess.run([sys.executable, "-m", "refsim.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("Error: ")
    assert ("cannot read: No such file" in done.stderr) or ("not a --sim-output file" in done.stderr)


def test_plot_to_a_folder_that_does_not_exist_is_one_line(small_run):
    pytest.importorskip("matplotlib")
    result = run("plot", small_run, "-o", "/nonexistent/dir/p.png")
    assert result.exit_code == 2  # an output path that cannot be used, like unreadable input
    assert result.output.strip() == "Error: /nonexistent/dir/p.png: cannot write: No such file or directory"
