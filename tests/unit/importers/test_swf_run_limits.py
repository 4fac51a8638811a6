"""`refsim import swf --run-limit requested|run-time|F` (docs/swf.md, "Run limits").

tests/fixtures/tiny.swf, by hand: job 1 runs 100 s and requested 200 s (field 9); job 2's run time is unknown
(-1, so it runs 0 s) and it requested nothing; job 3 runs 50 s, requested nothing; job 4 runs 0 s, requested
nothing. A run limit must be above 0, so a job that runs 0 s never gets one from its run time."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.support.cli import run

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def _limits(tmp_path: Path, *args: str) -> tuple[dict[int, float | None], str]:
    out = tmp_path / "tiny.yaml"
    result = run("import", "swf", str(FIXTURE), "-o", str(out), *args)
    assert result.exit_code == 0, result.output
    jobs = [event["submit"] for event in yaml.safe_load(out.read_text())["events"]]
    return {job["id"]: job.get("run_limit") for job in jobs}, result.output


def test_by_default_the_requested_time_is_the_run_limit(tmp_path):
    limits, output = _limits(tmp_path)
    assert limits == {1: 200, 2: None, 3: None, 4: None}
    assert output == f"{tmp_path / 'tiny.yaml'}: 4 jobs on 4 hosts (1 with a run limit, from the requested times)\n"


def test_run_time_takes_each_run_time_and_gives_none_for_zero(tmp_path):
    limits, output = _limits(tmp_path, "--run-limit", "run-time")
    assert limits == {1: 100, 2: None, 3: 50, 4: None}
    assert output.endswith("(2 with a run limit, from the run times)\n")


@pytest.mark.parametrize(("factor", "one", "three", "words"), [
    ("1.5", 150, 75, "the run times x 1.5"), ("1", 100, 50, "the run times"),
    ("1e3", 100000, 50000, "the run times x 1000"),
    ("1000", 100000, 50000, "the run times x 1000")])
def test_a_factor_multiplies_the_run_time(tmp_path, factor, one, three, words):
    limits, output = _limits(tmp_path, "--run-limit", factor)
    assert limits == {1: one, 2: None, 3: three, 4: None}
    assert output.endswith(f"(2 with a run limit, from {words})\n")


@pytest.mark.parametrize("value", ["0.999", "0", "-2", "1000.5", "nan", "inf", "abc", "", "run_time"])
def test_anything_else_is_refused_in_one_line_and_nothing_is_written(tmp_path, value):
    out = tmp_path / "tiny.yaml"
    result = run("import", "swf", str(FIXTURE), "-o", str(out), "--run-limit", value)
    assert result.exit_code == 2
    assert result.output.startswith("Error: --run-limit must be requested, run-time or a factor from 1 to 1000")
    assert result.output.count("\n") == 1
    assert not out.exists()


def test_a_log_without_requested_times_says_so_and_names_the_option(tmp_path):
    swf = tmp_path / "none.swf"
    swf.write_text("1 0 -1 10 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n")
    result = run("import", "swf", str(swf), "-o", str(tmp_path / "none.yaml"))
    assert result.exit_code == 0
    assert result.output.endswith("1 job on 1 host (no job has a requested time, so none has a run limit: "
                                  "--run-limit run-time takes them from the run times)\n")
