"""Schedule import: a recording that dispatches every job at its recorded start, and the refusals."""

import pytest

from refsim.importers.drevt import DrevtTraceError, drevt_recording
from refsim.importers.schedule import schedule_recording
from tests.support.drevt import replay_document, write_trace

TRACE = "job_submit_time,num_nodes,queue,time_limit\n0,3,pbatch,10\n0,2,pbatch,10\n5,1,batch,10\n5,1,pbatch,10\n"


def import_schedule(tmp_path, schedule, trace=TRACE, nodes=4, **options):
    path = write_trace(tmp_path, schedule, "schedule.csv")
    return schedule_recording(path, write_trace(tmp_path, trace), nodes, **options)


def test_jobs_are_submitted_and_dispatched_at_their_starts_on_the_lowest_free_nodes(tmp_path):
    # job 0 takes nodes 1-3 on [0, 4); at 4 they are free again and job 1 (2 nodes) gets nodes 1-2; at 5 nodes 3
    # and 4 are free and job 3 gets node 3. A session follows the dispatches of each start instant, nothing else.
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n1,4,9.5\n0,0,4\n3,5,6\n")
    assert document["sessions"] == {"policy": "explicit"}
    events = [(e["time"], next(k for k in e if k != "time")) for e in document["events"]]
    assert events == [(0, "submit"), (0, "dispatch"), (0, "session"), (4, "submit"), (4, "dispatch"),
                      (4, "session"), (5, "submit"), (5, "dispatch"), (5, "session")]
    dispatches = {e["dispatch"]["job"]: sorted(e["dispatch"]["hosts"]) for e in document["events"] if "dispatch" in e}
    assert dispatches == {0: ["node0001", "node0002", "node0003"], 1: ["node0001", "node0002"], 3: ["node0003"]}
    runs = {e["submit"]["id"]: e["submit"]["run_time"] for e in document["events"] if "submit" in e}
    assert runs == {0: 4, 1: 5.5, 3: 1}
    schedule, _ = replay_document(document)
    assert schedule == "job_id,start_time,end_time\n0,0,4\n1,4,9.5\n3,5,6\n"


def test_a_start_and_an_end_at_one_instant_free_the_nodes_first(tmp_path):
    # 4 nodes: jobs 0 (3) and 3 (1) fill them until 5; job 1 (2 nodes) starts exactly at 5
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n0,0,5\n3,5,7\n1,5,8\n")
    assert replay_document(document)[0] == "job_id,start_time,end_time\n0,0,5\n1,5,8\n3,5,7\n"


def test_a_job_done_at_once_frees_its_nodes_for_the_starts_of_that_instant(tmp_path):
    """4 nodes: job 0 (3 nodes) starts and ends at 0, so its nodes are free again for job 1 (2 nodes), which starts
    at 0 too and gets the lowest nodes, 1 and 2; job 0's run time is 0. Kills: importers/schedule.py:_assign_hosts's
    test for a job that ends after it starts (with >=, a job done at once would be ended before it was placed)."""
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n0,0,0\n1,0,5\n")
    dispatches = {e["dispatch"]["job"]: sorted(e["dispatch"]["hosts"]) for e in document["events"] if "dispatch" in e}
    assert dispatches == {0: ["node0001", "node0002", "node0003"], 1: ["node0001", "node0002"]}
    assert {e["submit"]["id"]: e["submit"]["run_time"] for e in document["events"] if "submit" in e} == {0: 0, 1: 5}


def test_a_job_done_at_once_goes_before_a_lower_id_started_at_that_instant(tmp_path):
    """4 nodes: job 0 (2 nodes) starts at 0 and runs to 5; job 1 (3 nodes) starts and ends at 0. In id order job 0
    would take nodes 1-2 and leave only 2 for job 1, refusing a schedule that fits in time (job 1 holds its nodes for
    no time). Done-at-once jobs go first: job 1 gets nodes 1-3 and frees them, job 0 takes 1-2, and the dispatch
    events come in that order, so the replay frees job 1's nodes before job 0 is placed."""
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n0,0,5\n1,0,0\n",
                               trace="job_submit_time,num_nodes,queue,time_limit\n0,2,pbatch,10\n0,3,pbatch,10\n")
    order = [e["dispatch"]["job"] for e in document["events"] if "dispatch" in e]
    dispatches = {e["dispatch"]["job"]: sorted(e["dispatch"]["hosts"]) for e in document["events"] if "dispatch" in e}
    assert order == [1, 0]
    assert dispatches == {1: ["node0001", "node0002", "node0003"], 0: ["node0001", "node0002"]}
    assert replay_document(document)[0] == "job_id,start_time,end_time\n0,0,5\n1,0,0\n"


@pytest.mark.parametrize("schedule, problem", [
    ("job,start,end\n0,0,1\n", "line 1: the header must be job_id,start_time,end_time"),
    ("job_id,start_time,end_time\nx,0,1\n", "line 2, column job_id: 'x' is not a job id (a row index)"),
    ("job_id,start_time,end_time\n0,0,1\n0,2,3\n", "line 3, column job_id: job 0 is scheduled twice"),
    ("job_id,start_time,end_time\n0,a,1\n", "line 2, column start_time: 'a' is not a time (seconds from 0 to "
                                            "1000000000000)"),
    ("job_id,start_time,end_time\n0,0,\n", "line 2, column end_time: '' is not a time (seconds from 0 to "
                                           "1000000000000)"),
    ("job_id,start_time,end_time\n0,3,1\n", "line 2, column end_time: job 0 ends before it starts"),
    ("job_id,start_time,end_time\n0,0\n", "line 2: 2 cells, the header has 3"),
    ("job_id,start_time,end_time\n7,0,1\n", "line 2, column job_id: job 7 is not a data row of the trace"),
    ("job_id,start_time,end_time\n2,5,6\n", "line 2, column job_id: job 2 is a row the trace import drops "
                                            "(queue 'batch')"),
    ("job_id,start_time,end_time\n3,4,6\n", "line 2, column start_time: job 3 starts before its submit time 5"),
    ("job_id,start_time,end_time\n0,0,11\n", "line 2, column end_time: job 0 runs 11 s, beyond its time limit 10"),
    ("job_id,start_time,end_time\n3,6,17\n", "line 2, column end_time: job 3 runs 11 s, beyond its time limit 10"),
    # times are ASCII numbers from 0 to 10**12 inclusive: 10**12 is read (the limit then refuses it), a full-width
    # digit (which float() would read) and anything beyond 10**12 are not times
    ("job_id,start_time,end_time\n0,0,1000000000000\n", "line 2, column end_time: job 0 runs 1e+12 s, beyond its time "
                                                         "limit 10"),
    ("job_id,start_time,end_time\n0,0,1000000000001\n", "line 2, column end_time: '1000000000001' is not a time "
                                                         "(seconds from 0 to 1000000000000)"),
    ("job_id,start_time,end_time\n0,\uff11,2\n", "line 2, column start_time: '\uff11' is not a time (seconds from 0 "
                                               "to 1000000000000)"),
    ("job_id,start_time,end_time\n\u0661,0,1\n", "line 2, column job_id: '\u0661' is not a job id (a row index)"),
    ("job_id,start_time,end_time\n0,0,5\n1,1,5\n", "line 3: job 1 needs 2 nodes at 1, but only 1 of 4 are free then"),
])
def test_a_bad_schedule_is_a_one_line_error_naming_line_and_column(tmp_path, schedule, problem):
    with pytest.raises(DrevtTraceError) as caught:
        import_schedule(tmp_path, schedule)
    assert str(caught.value) == f"{tmp_path / 'schedule.csv'}: {problem}"


def test_a_job_the_trace_import_drops_for_its_size_is_named_with_its_nodes(tmp_path):
    """On 2 nodes the trace import drops job 0 (3 nodes): scheduling it names why. Kills: importers/schedule.py:
    schedule_recording's text of a row dropped for its node count."""
    with pytest.raises(DrevtTraceError) as caught:
        import_schedule(tmp_path, "job_id,start_time,end_time\n0,0,5\n", nodes=2)
    assert str(caught.value) == (f"{tmp_path / 'schedule.csv'}: line 2, column job_id: job 0 is a row the trace "
                                 "import drops (3 nodes)")


def test_keep_all_queues_makes_those_rows_schedulable(tmp_path):
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n2,5,6\n", keep_all_queues=True)
    assert [e["submit"]["queue"] for e in document["events"] if "submit" in e] == ["batch"]


def test_the_trace_must_import(tmp_path):
    with pytest.raises(DrevtTraceError, match="the header has no num_nodes column"):
        import_schedule(tmp_path, "job_id,start_time,end_time\n", trace="job_submit_time,time_limit\n0,1\n")


def test_a_job_starts_and_ends_at_the_recorded_times_even_where_float_sums_round(tmp_path):
    # 0.3 - 0.1 is 0.19999999999999998 in binary floating point, and 0.1 plus that is exactly 0.3: the replay ends
    # the job at exactly 0.3
    trace = "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,10\n"
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n0,0.1,0.3\n", trace=trace, nodes=1)
    run = next(e["submit"]["run_time"] for e in document["events"] if "submit" in e)
    assert 0.1 + run == 0.3
    assert replay_document(document)[0] == "job_id,start_time,end_time\n0,0.1,0.3\n"


@pytest.mark.parametrize("trace", ["job_submit_time,num_nodes,queue,time_limit,actual_run_time\n0,1,pbatch,10,0.2\n",
                                   "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,0.2\n"])
def test_the_traces_own_run_time_is_kept_where_it_reaches_the_end(tmp_path, trace):
    """Job 0 runs 0.2 s from 0.1 (its actual run time, or its limit when the trace gives none): 0.1 + 0.2 is
    0.30000000000000004 in binary floating point, the end the schedule records. The run time kept is the trace's
    0.2, as in the run that wrote the schedule, not the difference 0.30000000000000004 - 0.1 =
    0.20000000000000004 (which reaches the same end). Kills: importers/schedule.py:_run_between's test that the
    trace's run time reaches the end (Add->Sub) and that it is within the limit (a run time equal to it is)."""
    document = import_schedule(tmp_path, "job_id,start_time,end_time\n0,0.1,0.30000000000000004\n", trace=trace,
                               nodes=1)
    assert next(e["submit"]["run_time"] for e in document["events"] if "submit" in e) == 0.2


def test_an_end_no_run_time_reaches_from_the_start_is_refused(tmp_path):
    """From 8.64, no float run time ends at exactly 246.84: 246.84 - 8.64 is 238.2, and 8.64 + 238.2 is
    246.83999999999997 (a rounding tie, broken away from 246.84); the next run time up, 238.20000000000002, gives
    246.84000000000003 (the other tie, broken away too). So the line is refused rather than replayed at another
    time. (This replaces a search for a nearby run time, which never found one: see _run_between.)"""
    assert (8.64 + 238.2, 8.64 + 238.20000000000002) == (246.83999999999997, 246.84000000000003)
    trace = "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,1000\n"
    with pytest.raises(DrevtTraceError) as caught:
        import_schedule(tmp_path, "job_id,start_time,end_time\n0,8.64,246.84\n", trace=trace, nodes=1)
    assert str(caught.value) == (f"{tmp_path / 'schedule.csv'}: line 2: no run time takes job 0 from 8.64 to "
                                 "exactly 246.84")


def test_the_schedule_import_refuses_the_rows_the_csv_import_drops(tmp_path):
    # the same reading of the trace: dropped rows are dropped by both
    trace = write_trace(tmp_path, TRACE)
    assert [e["submit"]["id"] for e in drevt_recording(trace, 4)[0]["events"]] == [0, 1, 3]


def test_a_missing_schedule_file_is_a_one_line_error_naming_it(tmp_path):
    """Kills: importers/schedule.py:read_schedule's message for a file it cannot open (its text and cause)."""
    trace = write_trace(tmp_path, TRACE)
    with pytest.raises(DrevtTraceError) as caught:
        schedule_recording(tmp_path / "none.csv", trace, 4)
    assert str(caught.value) == f"{tmp_path / 'none.csv'}: cannot read: No such file or directory"


def test_a_schedule_that_is_not_text_is_a_one_line_error_naming_it(tmp_path):
    """Kills: importers/schedule.py:read_schedule's message for bytes that are not UTF-8 (0xff cannot start a UTF-8
    character), instead of a traceback."""
    path = tmp_path / "schedule.csv"
    path.write_bytes(b"\xff\xfe\x00,1\n")
    with pytest.raises(DrevtTraceError) as caught:
        schedule_recording(path, write_trace(tmp_path, TRACE), 4)
    assert str(caught.value) == f"{path}: is not a CSV text file"
