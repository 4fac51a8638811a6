"""Metrics of a run, checked against figures worked out by hand (the run is described in conftest.SMALL)."""

import json

import pytest

from refsim.report.metrics import bounded_slowdown, nearest_rank, run_metrics
from refsim.report.runfile import ReportError, read_run
from refsim.sim.batch import demo_recording, run_batch
from refsim.sim.load import load_recording
from tests.support.runfiles import one_second_on_one_slot, write_run
from tests.unit.report.conftest import record


def test_the_small_run_by_hand(small_run):
    m = run_metrics(read_run(small_run), str(small_run))
    normal, high, overall = m.queues["normal"], m.queues["high"], m.overall
    assert list(m.queues) == ["high", "normal"]
    # normal: jobs 1, 2, 4, 5 (5 removed while pending: counted as a job, never started)
    # waits: job 1 0, job 2 100-10 = 90, job 4 150-30 = 120 -> mean 210/3 = 70, median 90, p95 rank ceil(2.85) = 3
    assert (normal.jobs, normal.started, normal.finished) == (4, 3, 3)
    assert (normal.wait_mean, normal.wait_median, normal.wait_p95, normal.wait_max) == (70, 90, 120, 120)
    # slowdowns: job 1 max(1, 100/100) = 1; job 2 (90+5)/max(5,10) = 9.5; job 4 (120+20)/20 = 7
    assert normal.bsld_mean == pytest.approx((1 + 9.5 + 7) / 3) and normal.bsld_max == 9.5
    # high: job 3 waited 100-20 = 80 and ran 50: (80+50)/50 = 2.6; first submission 20, last finish 150
    assert (high.jobs, high.wait_mean, high.wait_median, high.wait_p95, high.wait_max) == (1, 80, 80, 80, 80)
    assert high.bsld_mean == pytest.approx(2.6) and high.makespan == 130
    # overall waits 0, 80, 90, 120: mean 72.5, median (80+90)/2 = 85, p95 rank ceil(3.8) = 4
    assert (overall.wait_mean, overall.wait_median, overall.wait_p95, overall.wait_max) == (72.5, 85, 120, 120)
    assert overall.bsld_mean == pytest.approx((1 + 9.5 + 2.6 + 7) / 4) and overall.makespan == 170
    # slot-seconds: job 1 2x100, job 2 1x5, job 3 1x50, job 4 2x20 = 295 of 2 slots x 170 s = 340
    assert (m.span.start, m.span.end, m.span.slots) == (0, 170, 2)
    assert normal.utilisation == pytest.approx(245 / 340) and high.utilisation == pytest.approx(50 / 340)
    assert overall.utilisation == pytest.approx(295 / 340)


def test_nearest_rank_boundaries():
    values = [float(v) for v in range(1, 21)]  # 20 values: p95 is rank ceil(19) = 19
    assert nearest_rank(values, 95) == 19
    assert nearest_rank(values[:19], 95) == 19  # ceil(18.05) = 19: the largest of 19
    assert nearest_rank(values[:1], 95) == 1 and nearest_rank(values, 100) == 20 and nearest_rank(values, 0) == 1


def test_bounded_slowdown_boundaries():
    assert bounded_slowdown(0, 0) == 1  # a job that ran no time and never waited: bounded below by 1
    assert bounded_slowdown(5, 0) == 1  # (5+0)/10 = 0.5 -> 1
    assert bounded_slowdown(20, 0) == 2  # run below 10 s counts as 10
    assert bounded_slowdown(20, 10) == 3 and bounded_slowdown(20, 20) == 2


def test_a_job_removed_while_running_counts_its_slots_until_then_and_has_no_slowdown(tmp_path):
    # job 1 runs 0..40; job 2 runs from 0 until it is removed at 50 (1 slot x 50 s); job 3 runs 0..1000, which
    # ends the replay: 3 slots x 1000 s. Slowdowns: job 1 max(1, 40/40) = 1, job 3 1000/1000 = 1; job 2 has none.
    text = """
cluster:
  hosts: [{name: a, slots: 1}, {name: b, slots: 1}, {name: c, slots: 1}]
events:
  - {time: 0, submit: {id: 1, run_time: 40}}
  - {time: 0, submit: {id: 2, run_time: 1000}}
  - {time: 0, submit: {id: 3, run_time: 1000}}
  - {time: 50, remove: 2}
"""
    m = run_metrics(read_run(path := record(tmp_path, text, "removed")), path)
    assert (m.overall.started, m.overall.finished, m.overall.bsld_max) == (3, 2, 1)
    assert m.overall.utilisation == pytest.approx((40 + 50 + 1000) / (3 * 1000))
    assert m.overall.makespan == 1000


def test_a_job_running_at_the_end_counts_until_the_end(tmp_path):
    # A hand-written file (a replay always runs its jobs to their finish): job 1 (2 tasks) starts at 10 and is
    # still running at the end, 30: 2 x 20 slot-seconds of 4 slots x 30 s.
    path = tmp_path / "running.jsonl"
    write_run(path, [
        {"kind": "submit", "job": "1", "queue": "normal", "time": 0},
        {"kind": "dispatch", "job": "1", "round": 1, "position": 1, "time": 10,
         "allocation": {"hosts": [{"host": "a", "resources": {"slots": 2}}], "shared": {}, "limit_charges": []}},
        {"kind": "end", "time": 30, "start": 0, "slots": 4}])
    m = run_metrics(read_run(path), str(path))
    assert (m.overall.started, m.overall.finished, m.overall.wait_max, m.overall.makespan) == (1, 0, 10, None)
    assert m.overall.utilisation == pytest.approx(40 / 120) and m.overall.bsld_mean is None


@pytest.mark.parametrize("name", ["demo", "limits", "backlog"])
def test_overall_utilisation_is_the_simulators(tmp_path, name):
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    rec = demo_recording() if name == "demo" else load_recording(root / "examples" / f"{name}.yaml")
    out = tmp_path / "run.jsonl"
    result = run_batch(rec, output=out)
    m = run_metrics(read_run(out), str(out))
    assert m.overall.utilisation == pytest.approx(result.statistics.utilisation)
    assert (m.overall.jobs, m.overall.started) == (result.statistics.submitted, result.statistics.dispatched)


def test_the_sink_sees_the_same_records_as_the_file(tmp_path):
    seen = []
    out = tmp_path / "run.jsonl"
    run_batch(demo_recording(), output=out, sink=seen.append)
    assert [json.dumps(r, sort_keys=True) for r in seen] == \
        [json.dumps(r, sort_keys=True) for r in read_run(out)]


@pytest.mark.parametrize("text, problem", [
    ("", "line 1: not a --sim-output file (no 'refsim-sim-output' header)"),
    ('{"format":"refsim-sim-output"}\n{"kind":"dispatch","job":"1","round":1,"allocation":{"hosts":[]}}\n',
     "job 1 has a dispatch record but no submit record (written before job records were kept? replay it again)"),
    ('{"format":"refsim-sim-output"}\n{"kind":"submit","job":"1","queue":"q"}\n',
     "a submit record of job 1 has no time (written before decisions carried times? replay it again with "
     "--sim-output)"),
    ('{"format":"refsim-sim-output"}\n{"kind":"submit","job":"1","queue":"q","time":0}\n',
     "has no end record: the replay did not run to its end"),
    ('{"format":"refsim-sim-output"}\n{"kind":"submit","job":"1","time":0}\n',
     "a submit record of job 1 is malformed (KeyError: 'queue')"),
    ('{"format":"refsim-sim-output"}\nnot json\n', "line 2: not valid JSON: Expecting value"),
    ('{"format":"refsim-sim-output"}\n[1]\n', "line 2: a record needs a 'kind'"),
])
def test_bad_files_get_one_line_errors(tmp_path, text, problem):
    """Each error is the file's name, where in it (a line, when one is to blame), and the whole problem as the user
    reads it. Kills: report/metrics.py and report/runfile.py's error texts mutated (each asserted in full)."""
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(ReportError) as caught:
        run_metrics(read_run(path), str(path))
    assert str(caught.value) == f"{path}: {problem}"


def test_one_slot_busy_for_one_second_is_full_utilisation(tmp_path):
    """The smallest run with room to measure: 1 slot for 1 s (1 slot-second), used by job 1 from 0 to 1, so the
    utilisation is 1/1 = 100%. Kills: report/metrics.py:group_metrics taking a room of 1 slot-second as none
    (`width > 0` -> `width > 1`)."""
    path = tmp_path / "one.jsonl"
    one_second_on_one_slot(path, 0)
    assert run_metrics(read_run(path), str(path)).overall.utilisation == 1.0


def test_a_gzip_file_reads_the_same(tmp_path, small_run):
    import gzip
    from pathlib import Path
    packed = tmp_path / "small.jsonl.gz"
    packed.write_bytes(gzip.compress(Path(small_run).read_bytes()))
    assert list(read_run(packed)) == list(read_run(small_run))
