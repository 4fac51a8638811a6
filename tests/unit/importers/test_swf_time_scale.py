"""`import swf --time-scale F`: submit times multiplied by F, exactly; bad factors refused with one line."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main
from refsim.importers.swf import SwfError, swf_recording

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures/tiny.swf"


def test_submit_times_are_multiplied_and_run_times_kept():
    # tiny.swf submits at 0, 5, 10, 10; x0.5 gives 0, 2.5, 5, 5; run times (100, 0, 50, 0) do not change
    plain, halved = swf_recording(FIXTURE), swf_recording(FIXTURE, time_scale=0.5)
    assert [e["time"] for e in halved["events"]] == [0.0, 2.5, 5.0, 5.0]
    assert [e["submit"] for e in halved["events"]] == [e["submit"] for e in plain["events"]]


def test_the_product_is_the_plain_float_product():
    # 5 x 0.1 is 0.5 exactly in binary floating point only by rounding; the import rounds nothing further
    times = [e["time"] for e in swf_recording(FIXTURE, time_scale=0.1)["events"]]
    assert times == [0 * 0.1, 5 * 0.1, 10 * 0.1, 10 * 0.1]


@pytest.mark.parametrize("factor", ["0", "-1", "inf", "nan"])
def test_a_factor_that_is_not_finite_and_above_zero_is_refused(tmp_path, factor):
    out = tmp_path / "rec.json"
    result = CliRunner().invoke(main, ["import", "swf", str(FIXTURE), "-o", str(out), "--time-scale", factor])
    assert result.exit_code != 0 and "--time-scale must be a finite number above 0" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_the_library_refuses_it_too():
    with pytest.raises(SwfError, match="finite number above 0"):
        swf_recording(FIXTURE, time_scale=0.0)


def test_the_cli_writes_scaled_times(tmp_path):
    out = tmp_path / "rec.json"
    result = CliRunner().invoke(main, ["import", "swf", str(FIXTURE), "-o", str(out), "--time-scale", "2"])
    assert result.exit_code == 0, result.output
    assert [e["time"] for e in json.loads(out.read_text())["events"]] == [0, 10, 20, 20]


def test_without_a_factor_the_cli_keeps_the_logged_submit_times(tmp_path):
    """No --time-scale means the times as logged: tiny.swf submits at 0, 5, 10 and 10, and the command's recording
    is the library's unscaled one. Kills: cli.py:import_swf's default factor `1.0` -> `2.0`."""
    out = tmp_path / "rec.json"
    result = CliRunner().invoke(main, ["import", "swf", str(FIXTURE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text())
    assert [e["time"] for e in written["events"]] == [0, 5, 10, 10]
    assert written == swf_recording(FIXTURE)
