"""`refsim import lsf` and `refsim import slurm` on the command line: bad input is one line naming the file, line
and field, exit status 2, and neither the recording nor the recorded run is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main
from tests.support.lsf import job_finish, job_new, job_start, log


def _run(tmp_path: Path, text: str, *extra: str) -> tuple[int, list[str]]:
    log_path = tmp_path / "lsb.events"
    log_path.write_text(text)
    result = CliRunner().invoke(main, ["import", "lsf", str(log_path), "-o", str(tmp_path / "out.json"),
                                       "--recorded", str(tmp_path / "rec.jsonl"), *extra])
    return result.exit_code, result.output.splitlines()


@pytest.mark.parametrize("text, message", [
    # a JOB_NEW cut after its 20th field, inside the eleven rLimits (fields 15 to 25)
    (log(" ".join(job_new(1, 0).split(" ")[:20])), r"lsb.events:2: JOB_NEW field 21 \(rLimits\): missing: the "
                                                    r"record ends before it"),
    (log('"JOB_NEW" "10.108" 5 "unclosed'), r"lsb.events:2: field 4: unbalanced quote"),
    (log(job_new(1, 0), job_start(1, 1, ["n\u0153ud"])), r"lsb.events:3: JOB_START field 10 \(execHosts\): host "
                                                         r"name 'n\u0153ud' is not ASCII"),
    (log('"JOB_TELEPORT" "10.108" 5'), r"lsb.events:2: JOB_TELEPORT field 1 \(record type\): unknown record type"),
])
def test_a_bad_log_is_one_line_exit_2_and_nothing_written(tmp_path, text, message):
    status, lines = _run(tmp_path, text)
    assert status == 2 and len(lines) == 1 and lines[0].startswith("Error: ")
    assert __import__("re").search(message, lines[0]), lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lsb.events"]


def test_the_recorded_run_on_the_recording_itself_is_refused(tmp_path):
    (tmp_path / "lsb.acct").write_text(job_finish(1, submit=0, start=1, end=2, hosts=["h"]) + "\n")
    result = CliRunner().invoke(main, ["import", "lsf", str(tmp_path / "lsb.acct"), "-o", str(tmp_path / "x"),
                                       "--recorded", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"Error: --recorded {tmp_path / 'x'}: is the same file as the recording "
                                          f"{tmp_path / 'x'}; refused so that nothing is overwritten"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lsb.acct"]


def test_an_import_writes_both_files_and_says_so(tmp_path):
    # one job on h, 1..2: one job, one host
    (tmp_path / "lsb.acct").write_text(job_finish(1, submit=0, start=1, end=2, hosts=["h"]) + "\n")
    result = CliRunner().invoke(main, ["import", "lsf", str(tmp_path / "lsb.acct"), "-o", str(tmp_path / "r.json"),
                                       "--recorded", str(tmp_path / "rec.jsonl")])
    assert result.exit_code == 0
    assert result.output.startswith(f"{tmp_path / 'r.json'}: 1 job on 1 host (hosts from the exec hosts seen")
    assert (tmp_path / "rec.jsonl").read_text().count('"kind":"dispatch"') == 1


@pytest.mark.parametrize("command", [["lsf", "--run-limit", "often"], ["slurm", "--run-limit", "requested"]])
def test_a_bad_run_limit_is_a_usage_error_before_anything_is_read(tmp_path, command):
    kind, *options = command
    result = CliRunner().invoke(main, ["import", kind, str(tmp_path / "absent"), "-o", str(tmp_path / "r.json"),
                                       *options])
    assert result.exit_code == 2 and "Invalid value for --run-limit" in result.output
    assert list(tmp_path.iterdir()) == []
