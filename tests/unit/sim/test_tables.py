"""The schedule and resource-timeline files: DR_EVT's formats, checked against hand-derived replays."""

import os
from pathlib import Path

import pytest

from refsim.sim import tables
from refsim.sim.batch import run_batch
from refsim.sim.csvout import format_time, table_text
from refsim.sim.paths import OutputPathError
from refsim.model.jobid import JobId
from refsim.sim.load import recording_from
from refsim.sim.schedule import Span, schedule_text
from refsim.sim.tables import check_tables, write_tables
from refsim.sim.timeline import timeline_text
from tests.support.drevt import replay_document, replay_trace, write_trace
from refsim.importers.drevt import RunTimes

GUIDE = "job_submit_time,num_nodes,exit_status,queue,time_limit\n0,70,0,pbatch,200\n10,50,0,pbatch,300\n" \
        "20,20,0,pbatch,50\n"


@pytest.mark.parametrize("seconds, text", [(200.0, "200"), (0.0, "0"), (20.5, "20.5"), (0.1, "0.1"),
                                           (1e-05, "0.00001"), (1e16, "10000000000000000"),
                                           (1767225600.25, "1767225600.25"), (1 / 3, "0.3333333333333333")])
def test_times_print_whole_seconds_bare_and_others_as_the_shortest_exact_decimal(seconds, text):
    assert format_time(seconds) == text and float(text) == seconds


def test_the_guides_timeline(tmp_path):
    # job 0: 70 nodes [0, 200); job 2: 20 nodes [20, 70); job 1: 50 nodes [200, 500) on 100 nodes. The first two
    # rows are the guide's own example; the set then changes at 70 (job 2 ends), 200 (0 ends, 1 starts) and 500.
    _, timeline = replay_trace(write_trace(tmp_path, GUIDE), 100, RunTimes("limit"))
    assert timeline == ('time,nodes_used,nodes_free,running_jobs\n0,70,30,0\n20,90,10,"0,2"\n70,70,30,0\n'
                        "200,50,50,1\n500,0,100,\n")


def test_one_row_per_instant_and_a_job_done_at_once_changes_nothing(tmp_path):
    # at 10 job 0 ends and job 1 starts (one row, not two); job 2 runs 0 s at 10 and never shows; job 3 starts at
    # 10 too. Fractional times print as decimals.
    trace = ("job_submit_time,num_nodes,queue,time_limit,actual_run_time\n0,2,pbatch,10,\n10,1,pbatch,5,2.5\n"
             "10,1,pbatch,5,0\n10,1,pbatch,5,1\n")
    schedule, timeline = replay_trace(write_trace(tmp_path, trace), 2)
    assert schedule == "job_id,start_time,end_time\n0,0,10\n1,10,12.5\n2,10,10\n3,10,11\n"
    assert timeline == ('time,nodes_used,nodes_free,running_jobs\n0,2,0,0\n10,2,0,"1,3"\n11,1,1,1\n'
                        "12.5,0,2,\n")


def test_multi_slot_hosts_count_slots():
    # two 4-slot hosts; job 1 takes 6 slots, job 2 the 2 left; job 1 ends at 10, job 2 at 20
    document = {"cluster": {"hosts": [{"name": "a", "slots": 4}, {"name": "b", "slots": 4}]},
                "events": [{"time": 0, "submit": {"id": 1, "tasks": 6, "run_time": 10}},
                           {"time": 0, "submit": {"id": 2, "tasks": 2, "run_time": 20}}]}
    schedule, timeline = replay_document(document)
    assert schedule == "job_id,start_time,end_time\n1,0,10\n2,0,20\n"
    assert timeline == 'time,slots_used,slots_free,running_jobs\n0,8,0,"1,2"\n10,2,6,2\n20,0,8,\n'


def test_a_removed_job_ends_at_its_removal():
    # job 1 would run 1000 s but is removed at 30; job 2, submitted at 30, starts on the freed host at 30
    document = {"cluster": {"hosts": [{"name": "a", "slots": 1}]},
                "events": [{"time": 0, "submit": {"id": 1, "run_time": 1000}}, {"time": 30, "remove": 1},
                           {"time": 30, "submit": {"id": 2, "run_time": 5}}]}
    schedule, timeline = replay_document(document)
    assert schedule == "job_id,start_time,end_time\n1,0,30\n2,30,35\n"
    assert timeline == "time,nodes_used,nodes_free,running_jobs\n0,1,0,1\n30,1,0,2\n35,0,1,\n"


def test_a_job_without_an_end_stays_in_the_timeline_and_has_an_empty_end_time():
    cluster = recording_from({"cluster": {"hosts": [{"name": "a", "slots": 2}]}, "events": []}, "r").cluster
    job_spans = [Span(JobId(0), 0, 5, 1), Span(JobId(1), 2, None, 1)]
    assert schedule_text(job_spans) == "job_id,start_time,end_time\n0,0,5\n1,2,\n"
    assert timeline_text(job_spans, cluster) == 'time,slots_used,slots_free,running_jobs\n0,1,1,0\n2,2,0,"0,1"\n' \
                                                "5,1,1,1\n"


def test_table_cells_with_commas_are_quoted_and_nothing_else():
    assert table_text(("a", "b"), [["1", "2,3"], ["", "x"]]) == 'a,b\n1,"2,3"\n,x\n'


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    recording = recording_from({"cluster": {"hosts": [{"name": "a", "slots": 1}]},
                                "events": [{"time": 0, "submit": {"id": 1, "run_time": 5}}]}, "r")
    jobs = run_batch(recording).jobs
    schedule, resources = tmp_path / "s.csv", tmp_path / "r.csv"
    resources.write_text("old\n")

    def broken(job_spans, cluster):
        raise RuntimeError("disk gone")

    monkeypatch.setattr(tables, "timeline_text", broken)
    with pytest.raises(RuntimeError):
        write_tables(jobs, recording.cluster, schedule, resources)
    # the schedule was complete and is in place; the timeline failed and its old file is untouched
    assert schedule.read_text() == "job_id,start_time,end_time\n1,0,5\n" and resources.read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "s.csv"]


def test_outputs_that_are_inputs_or_each_other_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short relative paths: the guard shortens long ones in its messages
    Path("r.yaml").write_text("x")
    Path("link.yaml").symlink_to("r.yaml")
    inputs = [("the recording", "r.yaml")]
    with pytest.raises(OutputPathError, match="^--schedule link.yaml: is the same file as the recording r.yaml"):
        check_tables("link.yaml", None, inputs, [])
    with pytest.raises(OutputPathError, match="^--resources out.csv: is the same file as the --schedule file"):
        check_tables("out.csv", "out.csv", inputs, [])
    with pytest.raises(OutputPathError, match="^--resources log: is the same file as the --log file log"):
        check_tables(None, "log", inputs, [("the --log file", "log")])
    with pytest.raises(OutputPathError, match="is a directory"):
        check_tables(".", None, inputs, [])
    check_tables("s.csv", "t.csv", inputs, [("the --log file", None)])


def test_a_cluster_with_one_multi_slot_host_among_single_slot_ones_counts_slots():
    """Kills: sim/timeline.py:header's `all(...)` mutated to `any(...)`. Counting nodes is right only when every
    host has one slot; host `b` has 3, so the counts are slots. Job 1 (4 tasks) takes all 4 slots from 0 to 10."""
    document = {"cluster": {"hosts": [{"name": "a", "slots": 1}, {"name": "b", "slots": 3}]},
                "events": [{"time": 0, "submit": {"id": 1, "tasks": 4, "run_time": 10}}]}
    _, timeline = replay_document(document)
    assert timeline == "time,slots_used,slots_free,running_jobs\n0,4,0,1\n10,0,4,\n"
