"""Choosing a discipline (the recording's scheduling key, `sim --discipline`, the console) and run limits: a run
limit cuts the run, bad values are one-line errors."""

import json

import pytest
import yaml
from click.testing import CliRunner

from refsim.cli import main
from refsim.repl.console import Console
from refsim.sim.load import recording_from
from refsim.sim.reader import RecordingError
from tests.unit.sched.disciplines.schedule import nodes, starts, submits

# J1 is blocked behind J0; J2 fits and ends before J0's end: only backfilling starts it at 0.
TEXT = nodes(4) + submits((0, 3, 10), (1, 4, 10), (2, 1, 5))


def load(text: str):
    return recording_from(yaml.safe_load(text), "r.yaml")


def test_the_recording_chooses_and_greedy_is_the_default():
    assert load(TEXT).discipline == "greedy"
    assert load("scheduling: {discipline: easy}\n" + TEXT).discipline == "easy"


@pytest.mark.parametrize("body, problem", [
    ("scheduling: {discipline: fifo}\n", "r.yaml: scheduling.discipline: unknown discipline 'fifo' (expected one "
                                         "of: greedy, strict, easy, conservative, easy-drevt, conservative-drevt)"),
    ("scheduling: {}\n", "r.yaml: scheduling: missing 'discipline'"),
    ("scheduling: {discipline: easy, depth: 2}\n", "r.yaml: scheduling: unknown key 'depth'"),
])
def test_a_bad_scheduling_section_is_a_one_line_error(body, problem):
    with pytest.raises(RecordingError) as caught:
        load(body + TEXT)
    assert str(caught.value).startswith(problem)


@pytest.mark.parametrize("limit", [0, -5, "soon"])
def test_a_bad_run_limit_is_a_one_line_error(limit):
    text = nodes(4) + f"events:\n  - {{time: 0, submit: {{id: 1, run_time: 5, run_limit: {json.dumps(limit)}}}}}\n"
    with pytest.raises(RecordingError) as caught:
        load(text)
    assert str(caught.value).startswith("r.yaml: events[0].submit.run_limit: ")


def test_a_job_runs_until_its_run_limit_at_most():
    # J0 runs 10 but is killed at its limit 4, so J1 (all 4 nodes) starts at 4; J1 runs its own 3 (limit 6).
    text = nodes(4) + submits((0, 4, 4, 10), (1, 4, 6, 3))
    assert starts(text, "greedy") == {0: 0, 1: 4}


def test_sim_discipline_overrides_the_recording(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("scheduling: {discipline: strict}\n" + TEXT)
    outputs = {}
    for option in ([], ["--discipline", "easy"]):
        out = tmp_path / f"o{len(option)}.jsonl"
        result = CliRunner().invoke(main, ["sim", str(path), "--sim-output", str(out)] + option)
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
        outputs[bool(option)] = [r for r in records if r["kind"] in ("dispatch", "pend")]  # decisions only
    first_round = {r["job"]: r["kind"] for r in outputs[False] if r["round"] == 1}
    assert first_round == {"100": "dispatch", "101": "pend", "102": "pend"}  # strict holds J2 behind J1
    first_round = {r["job"]: r["kind"] for r in outputs[True] if r["round"] == 1}
    assert first_round == {"100": "dispatch", "101": "pend", "102": "dispatch"}  # easy backfills it


def test_an_unknown_discipline_option_is_a_usage_error():
    result = CliRunner().invoke(main, ["sim", "--discipline", "fifo"])
    assert result.exit_code == 2 and "Invalid value for '--discipline'" in result.output
    assert "Traceback" not in result.output


def test_the_console_replays_under_the_recording_discipline():
    lines = []
    console = Console(load("scheduling: {discipline: easy}\n" + TEXT), lines.append)
    console.execute("continue")
    console.close()
    assert {str(j): r.start_time for j, r in console.sim.jobs.records.items()} == {"100": 0, "101": 10, "102": 0}


def test_the_console_takes_the_discipline_option(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text(TEXT)  # greedy by the recording; strict holds J2 in round 1, easy backfills it
    for option, j2_in_round_1 in (("strict", False), ("easy", True)):
        result = CliRunner().invoke(main, ["sim", str(path), "-i", "--discipline", option], input="step 3\nquit\n")
        assert result.exit_code == 0, result.output
        assert ("round 1 #3 dispatch 102" in result.output) is j2_in_round_1, result.output


def test_discipline_pend_reasons_in_sim_output_and_sim_verify(tmp_path):
    path, out = tmp_path / "r.yaml", tmp_path / "o.jsonl"
    path.write_text(TEXT)
    result = CliRunner().invoke(main, ["sim", str(path), "--discipline", "strict", "--sim-output", str(out)])
    assert result.exit_code == 0
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    held = next(r for r in records if r.get("round") == 1 and r["job"] == "102")
    assert held["reasons"] == [{"code": "blocked", "detail": "job 101"}]  # job-level, no times, no amounts
    same = CliRunner().invoke(main, ["sim", str(path), "--discipline", "strict", "--sim-verify", str(out)])
    assert same.exit_code == 0 and same.output.endswith("no mismatch\n")
    other = CliRunner().invoke(main, ["sim", str(path), "--discipline", "easy", "--sim-verify", str(out)])
    assert other.exit_code == 1 and "mismatch: round 1" in other.output


def test_live_mode_submits_take_a_run_limit():
    from refsim.model.jobid import JobId
    from refsim.sim.live import LiveScheduler

    live = LiveScheduler(load(TEXT).cluster, protocol=1)
    assert live.handle('{"type": "submit", "job": {"id": 7, "run_time": 50, "run_limit": 20}}') == [{"type": "ok"}]
    assert live.state.jobs[JobId(7)].run == 20
    [reply] = live.handle('{"type": "submit", "job": {"id": 8, "run_limit": -1}}')
    assert reply["type"] == "error" and "job.run_limit" in reply["message"] and JobId(8) not in live.state.jobs
