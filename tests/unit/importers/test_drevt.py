"""DR_EVT CSV import: the guide's column aliases, run-time modes, time formats, dropped rows, and one-line errors
naming row and column."""

import pytest

from refsim.importers.drevt import (DrevtTraceError, RunTimes, capped, data_rows, drevt_recording, dropped_lines,
                                    parse_distribution, read_trace, run_times)
from tests.support.drevt import replay_trace, write_trace

# The guide's example trace: job 0 (70 of 100 nodes, limit 200) runs from 0; job 1 (50 nodes) cannot start at 10
# (30 free) and waits for job 0's end at 200; job 2 (20 nodes) fits at 20 and runs 50 s to 70. With run time =
# limit this is exactly the guide's expected_output.csv.
GUIDE = "job_submit_time,num_nodes,exit_status,queue,time_limit\n0,70,0,pbatch,200\n10,50,0,pbatch,300\n" \
        "20,20,0,pbatch,50\n"
GUIDE_SCHEDULE = "job_id,start_time,end_time\n0,0,200\n1,200,500\n2,20,70\n"


def submits(document):
    return {e["submit"]["id"]: (e["time"], e["submit"]) for e in document["events"]}


def test_the_guides_trace_gives_the_guides_expected_output(tmp_path):
    schedule, _ = replay_trace(write_trace(tmp_path, GUIDE), 100, RunTimes("limit"))
    assert schedule == GUIDE_SCHEDULE


# --- the guide's eight column-alias checks (plus actual_runtime, which refsim also accepts) ---------------------

@pytest.mark.parametrize("alias", ["time_limit", "timelimit", "walltime"])
def test_each_limit_alias_is_recognised_and_drives_the_run_time(tmp_path, alias):
    # no actual run time column: each job runs its limit, so job 0 ends at 0 + 120
    path = write_trace(tmp_path, f"job_submit_time,num_nodes,queue,{alias}\n0,4,pbatch,120\n")
    schedule, _ = replay_trace(path, 4)
    assert schedule == "job_id,start_time,end_time\n0,0,120\n"


@pytest.mark.parametrize("alias", ["actual_run_time", "actual_runtime", "duration", "actual_duration", "run_time"])
def test_each_actual_run_time_alias_is_recognised_and_drives_the_run_time(tmp_path, alias):
    # limit 120, actual 45: the job ends at 45, not at its limit
    path = write_trace(tmp_path, f"job_submit_time,num_nodes,queue,time_limit,{alias}\n0,4,pbatch,120,45\n")
    schedule, _ = replay_trace(path, 4)
    assert schedule == "job_id,start_time,end_time\n0,0,45\n"


def test_a_trace_without_any_limit_column_is_refused_not_defaulted(tmp_path):
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,actual_run_time\n0,4,pbatch,45\n")
    with pytest.raises(DrevtTraceError, match="the header has no time_limit / timelimit / walltime column"):
        drevt_recording(path, 4)


def test_the_first_alias_in_the_documented_order_wins_whatever_the_column_order(tmp_path):
    # walltime comes first in the file, but time_limit is first in the alias list; likewise duration vs run_time
    path = write_trace(tmp_path, "walltime,run_time,num_nodes,time_limit,duration,job_submit_time\n"
                                 "999,7,2,100,30,5\n")
    (time, job), = submits(drevt_recording(path, 2)[0]).values()
    assert (time, job["run_limit"], job["run_time"], job["tasks"]) == (5, 100, 30, 2)


def test_header_names_are_matched_in_any_order_and_case(tmp_path):
    path = write_trace(tmp_path, " Queue ,TIME_LIMIT,Num_Nodes,job_submit_time\npbatch2,60,3,1.5\n")
    assert submits(drevt_recording(path, 3)[0])[0] == (1.5, {"id": 0, "queue": "pbatch2", "tasks": 3,
                                                          "run_time": 60, "run_limit": 60})


# --- run times ---------------------------------------------------------------------------------------------------

RUNS = "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n0,1,pbatch,100,\n0,1,pbatch,100,30\n" \
       "0,1,pbatch,100,250\n"


def test_actual_mode_empty_means_the_limit_and_longer_is_capped(tmp_path):
    document, trace = drevt_recording(write_trace(tmp_path, RUNS), 1)
    assert [e["submit"]["run_time"] for e in document["events"]] == [100, 30, 100]
    assert [j.actual for j in trace.jobs] == [None, 30, 250]
    assert capped(trace) == 1  # Kills: capped's count `1` -> `2` (one row's actual run time, 250, is above 100)


def test_limit_mode_always_runs_the_limit(tmp_path):
    document, _ = drevt_recording(write_trace(tmp_path, RUNS), 1, choice=RunTimes("limit"))
    assert [e["submit"]["run_time"] for e in document["events"]] == [100, 100, 100]


def test_distribution_samples_are_seeded_capped_at_the_limit_and_not_negative(tmp_path):
    rows = "".join(f"0,1,pbatch,{50 + i % 7},\n" for i in range(2000))
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,time_limit,duration\n" + rows)
    trace = read_trace(path, 1, "UTC", False)
    # mean 50, spread 40: many samples fall above the 50-56 s limits and some below 0
    choice = RunTimes("distribution", parse_distribution("normal:50,40"), seed=7)
    runs = run_times(trace, data_rows(trace), choice)
    assert runs == run_times(trace, data_rows(trace), choice)  # same seed, same samples
    assert runs != run_times(trace, data_rows(trace), RunTimes("distribution", choice.distribution, seed=8))
    limits = {j.index: j.limit for j in trace.jobs}
    assert all(0 <= runs[i] <= limits[i] for i in runs)
    assert sum(runs[i] == limits[i] for i in runs) > 500 and sum(runs[i] == 0 for i in runs) > 50
    assert all(round(r, 3) == r for r in runs.values())  # millisecond samples


def test_lognormal_samples_follow_their_median(tmp_path):
    rows = "".join("0,1,pbatch,1000000,\n" for _ in range(1001))
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,time_limit,duration\n" + rows)
    trace = read_trace(path, 1, "UTC", False)
    # ln(samples) ~ N(ln 100, 0.5): the median sample is e^(ln 100) = 100, give or take sampling noise
    choice = RunTimes("distribution", parse_distribution("lognormal:4.60517,0.5"))
    runs = sorted(run_times(trace, 1001, choice).values())
    assert 90 < runs[500] < 110


def test_samples_do_not_depend_on_which_rows_are_kept(tmp_path):
    text = "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,500\n0,1,batch,500\n0,1,pbatch,500\n"
    path = write_trace(tmp_path, text)
    choice = RunTimes("distribution", parse_distribution("normal:100,30"), seed=3)
    kept = drevt_recording(path, 1, choice=choice)[0]["events"]
    every = drevt_recording(path, 1, keep_all_queues=True, choice=choice)[0]["events"]
    assert [kept[0], kept[1]] == [every[0], every[2]]


@pytest.mark.parametrize("text", ["normal", "normal:1", "gamma:1,2", "normal:1,-2", "normal:nan,1", "normal:1,x"])
def test_a_bad_distribution_is_refused(text):
    """Kills: parse_distribution's message text, asserted whole."""
    with pytest.raises(DrevtTraceError) as caught:
        parse_distribution(text)
    assert str(caught.value) == (f"--distribution: '{text}' is not normal:MEAN,STDDEV or lognormal:MU,SIGMA "
                                 "(finite numbers, spread not negative)")


def test_distribution_mode_needs_a_distribution(tmp_path):
    """Kills: run_times's message text, asserted whole."""
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(write_trace(tmp_path, RUNS), 1, choice=RunTimes("distribution"))
    assert str(caught.value) == ("--run-time distribution needs --distribution normal:MEAN,STDDEV or "
                                 "lognormal:MU,SIGMA")


# --- submit times, order, line endings ---------------------------------------------------------------------------

def test_epoch_fractions_and_iso_times_with_zones(tmp_path):
    text = ("job_submit_time,num_nodes,queue,time_limit\n"
            "1767225600.25,1,pbatch,10\n"          # 2026-01-01T00:00:00.25Z as epoch seconds
            "2026-01-01T00:00:00,1,pbatch,10\n"     # naive: read in --timezone
            "2026-01-01T01:00:00+01:00,1,pbatch,10\n"  # explicit offset: 00:00 UTC whatever the zone
            "2026-07-01 12:00:00.5,1,pbatch,10\n")
    utc = submits(drevt_recording(write_trace(tmp_path, text), 1)[0])
    assert [utc[i][0] for i in range(4)] == [1767225600.25, 1767225600, 1767225600, 1782907200.5]
    berlin = submits(drevt_recording(write_trace(tmp_path, text), 1, timezone="Europe/Berlin")[0])
    # Berlin is UTC+1 in January and UTC+2 (summer time) in July
    assert [berlin[i][0] for i in range(4)] == [1767225600.25, 1767222000, 1767225600, 1782900000.5]


@pytest.mark.parametrize("zone", ["utc", "Utc", "UTC"])
def test_utc_is_accepted_in_any_case(tmp_path, zone):
    """`--timezone utc` reads naive times as UTC like the default (the IANA database knows only the upper-case
    key "UTC", so the name is matched without regard to case before it is looked up). 2026-01-01T00:00:00 UTC is
    epoch 1767225600. Kills: importers/drevt.py:time_zone's "UTC" text (mutated, 'utc' would be refused as an
    unknown zone)."""
    text = "job_submit_time,num_nodes,queue,time_limit\n2026-01-01T00:00:00,1,pbatch,10\n"
    assert submits(drevt_recording(write_trace(tmp_path, text), 1, timezone=zone)[0])[0][0] == 1767225600


def test_an_iso_time_gives_the_same_submit_time_as_its_epoch_seconds(tmp_path):
    """One instant written both ways gives one submit time: 7454-05-04T22:42:38.999029Z is 173069044958.999029 s
    after 1970, whose nearest double is the submit time of both rows (the ISO time's microseconds are counted
    exactly, then divided once). Counting them as a double first rounds twice, above 2^53 microseconds, and lands
    on the next double up. Kills: importers/drevt.py:_iso_seconds's whole-microsecond count (// -> /)."""
    text = ("job_submit_time,num_nodes,queue,time_limit\n"
            "173069044958.999029,1,pbatch,10\n7454-05-04T22:42:38.999029,1,pbatch,10\n")
    times = [e["time"] for e in drevt_recording(write_trace(tmp_path, text), 1)[0]["events"]]
    assert times == [173069044958.999029, 173069044958.999029]


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../etc"])
def test_an_unknown_time_zone_is_refused(tmp_path, zone):
    """The whole line, for a name the zone database lacks and one it refuses as a key.
    Kills: importers/drevt.py:time_zone's message text (a `match` on its start did not notice a changed end)."""
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(write_trace(tmp_path, GUIDE), 100, timezone=zone)
    assert str(caught.value) == f"--timezone: unknown time zone '{zone}'"


def test_rows_are_stably_sorted_by_submit_time_and_keep_their_row_index(tmp_path):
    text = "job_submit_time,num_nodes,queue,time_limit\n30,1,pbatch,5\n10,1,pbatch,5\n30,1,pbatch,5\n10,1,pbatch,5\n"
    events = drevt_recording(write_trace(tmp_path, text), 1)[0]["events"]
    assert [(e["time"], e["submit"]["id"]) for e in events] == [(10, 1), (10, 3), (30, 0), (30, 2)]


def test_crlf_and_blank_lines_are_accepted_and_blank_lines_are_not_rows(tmp_path):
    text = "job_submit_time,num_nodes,queue,time_limit\r\n\r\n0,1,pbatch,5\r\n\r\n   \r\n1,1,pbatch,6\r\n"
    events = drevt_recording(write_trace(tmp_path, text), 1)[0]["events"]
    assert [(e["submit"]["id"], e["submit"]["run_limit"]) for e in events] == [(0, 5), (1, 6)]


# --- dropped rows ---------------------------------------------------------------------------------------------------

DROPS = "job_submit_time,num_nodes,queue,time_limit\n0,1,pbatch,5\n0,1,batch,5\n0,9,pbatch3,5\n0,2,pbatch0,5\n" \
        "0,1,,5\n"


def test_other_queues_and_oversized_jobs_are_dropped_and_named_keeping_indices(tmp_path):
    path = write_trace(tmp_path, DROPS)
    document, trace = drevt_recording(path, 4)
    assert [e["submit"]["id"] for e in document["events"]] == [0, 3]
    assert dropped_lines(path, trace) == [
        f"{path}: dropped 2 rows whose queue is not pbatch, pbatch0, pbatch1, pbatch2, pbatch3 (--keep-all-queues "
        "keeps them): row 1 (line 3, 'batch'), row 4 (line 6, '')",
        f"{path}: dropped 1 rows asking more nodes than --nodes: row 2 (line 4, '9')"]


def test_the_largest_node_count_is_read_and_dropped_for_the_cluster_size(tmp_path):
    """1,000,000 nodes is the most a row may ask (1,000,001 is refused as a bad cell): on 4 nodes it is a row
    dropped for its size, not an error. Kills: importers/drevt.py:_Row.nodes's upper bound (<= -> <)."""
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,time_limit\n0,1000000,pbatch,5\n")
    document, trace = drevt_recording(path, 4)
    assert document["events"] == []
    assert dropped_lines(path, trace) == [f"{path}: dropped 1 rows asking more nodes than --nodes: row 0 (line 2, "
                                          "'1000000')"]


def test_keep_all_queues_keeps_them_as_queues(tmp_path):
    document, trace = drevt_recording(write_trace(tmp_path, DROPS), 4, keep_all_queues=True)
    assert [(e["submit"]["id"], e["submit"]["queue"]) for e in document["events"]] == [
        (0, "pbatch"), (1, "batch"), (3, "pbatch0"), (4, "pbatch")]
    assert [q["name"] for q in document["cluster"]["queues"]] == ["pbatch", "batch", "pbatch0"]
    assert [d.index for d in trace.dropped] == [2]


def test_a_trace_without_a_queue_column_keeps_every_row(tmp_path):
    document, _ = drevt_recording(write_trace(tmp_path, "job_submit_time,num_nodes,time_limit\n0,1,5\n"), 1)
    assert document["events"][0]["submit"]["queue"] == "pbatch"


# --- bad input: one line naming the row and the column --------------------------------------------------------------

HEADER = "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n"


@pytest.mark.parametrize("row, problem", [
    ("0,x,pbatch,10,", "line 3 (row 1), column num_nodes: 'x' is not a whole number of nodes from 1 to 1000000"),
    ("0,-2,pbatch,10,", "line 3 (row 1), column num_nodes: node count -2 is negative"),
    ("0,0,pbatch,10,", "line 3 (row 1), column num_nodes: '0' is not a whole number of nodes from 1 to 1000000"),
    ("0,1.5,pbatch,10,", "line 3 (row 1), column num_nodes: '1.5' is not a whole number of nodes from 1 to "
                        "1000000"),
    ("0,1000001,pbatch,10,", "line 3 (row 1), column num_nodes: '1000001' is not a whole number of nodes from 1 to "
                             "1000000"),
    ("0,1,pbatch,ten,", "line 3 (row 1), column time_limit: 'ten' is not a number"),
    ("0,1,pbatch,,", "line 3 (row 1), column time_limit: '' is not a number"),
    ("0,1,pbatch,-5,", "line 3 (row 1), column time_limit: -5 is negative"),
    ("0,1,pbatch,0,", "line 3 (row 1), column time_limit: a time limit must be positive"),
    ("0,1,pbatch,10,nan", "line 3 (row 1), column actual_run_time: 'nan' is not a number"),
    ("0,1,pbatch,10,1e999", "line 3 (row 1), column actual_run_time: 1e999 is above 1000000000000 seconds"),
    ("yesterday,1,pbatch,10,", "line 3 (row 1), column job_submit_time: 'yesterday' is neither epoch seconds nor "
                               "an ISO 8601 time"),
    ("2026-13-01T00:00:00,1,pbatch,10,", "line 3 (row 1), column job_submit_time: '2026-13-01T00:00:00' is "
                                         "neither epoch seconds nor an ISO 8601 time"),
    ("-1,1,pbatch,10,", "line 3 (row 1), column job_submit_time: submit time -1 is before 1970"),
    ("1e13,1,pbatch,10,", "line 3 (row 1), column job_submit_time: submit time 1e13 is above 1000000000000 "
                          "seconds"),
    ("0,1,pbatch,1" + "0" * 60 + ",", "line 3 (row 1), column time_limit: 1000000000000000000000000000000000000000... "
                                      "is above 1000000000000 seconds"),
    ("0,1,pbatch,10", "line 3 (row 1): 4 cells, the header has 5"),
])
def test_a_bad_cell_is_a_one_line_error_naming_row_and_column(tmp_path, row, problem):
    path = write_trace(tmp_path, HEADER + "0,1,pbatch,10,\n" + row + "\n")
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(path, 4)
    assert str(caught.value) == f"{path}: {problem}"


@pytest.mark.parametrize("header, missing", [("num_nodes,time_limit", "job_submit_time"),
                                             ("job_submit_time,time_limit", "num_nodes")])
def test_a_missing_required_column_is_named(tmp_path, header, missing):
    """Kills: _columns's message text, asserted whole."""
    path = write_trace(tmp_path, header + "\n1,2\n")
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(path, 4)
    assert str(caught.value) == f"{path}: the header has no {missing} column (required)"


def test_a_bad_queue_name_is_refused_only_when_other_queues_are_kept(tmp_path):
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,time_limit\n0,1,my queue,5\n")
    assert drevt_recording(path, 1)[0]["events"] == []
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(path, 1, keep_all_queues=True)
    assert str(caught.value) == (f"{path}: line 2 (row 0), column queue: 'my queue' cannot be a queue name (spaces, "
                                 "control or format characters, or []{}=,: in it)")


@pytest.mark.parametrize("content, problem", [(b"", "the file is empty (a header row is required)"),
                                              (b"\xff\xfe,1\n", "is not UTF-8 text")])
def test_an_empty_or_binary_file_is_refused(tmp_path, content, problem):
    path = tmp_path / "t.csv"
    path.write_bytes(content)
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(path, 4)
    assert str(caught.value) == f"{path}: {problem}"


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(tmp_path / "none.csv", 4)
    assert str(caught.value) == f"{tmp_path / 'none.csv'}: cannot read: No such file or directory"


def test_a_cell_too_long_for_csv_is_a_one_line_error_naming_its_line(tmp_path):
    """Kills: importers/drevt.py:_rows's message for a row the CSV reader refuses (its text and line): a cell of 200,000
    characters is above the reader's field limit (131,072), so line 3 is not valid CSV and nothing is imported."""
    path = write_trace(tmp_path, "job_submit_time,num_nodes,time_limit\n0,1,5\n0,1," + "9" * 200_000 + "\n")
    with pytest.raises(DrevtTraceError) as caught:
        drevt_recording(path, 4)
    assert str(caught.value) == f"{path}: line 3: not valid CSV: field larger than field limit (131072)"


def test_a_run_time_of_exactly_the_time_bound_is_read(tmp_path):
    """10**12 seconds is the largest time refsim reads, so a time limit and an actual run time of exactly that are
    accepted; 1e999 is not (test_a_bad_cell_is_a_one_line_error_naming_row_and_column).
    Kills: importers/drevt.py the time bound's `value > MAX_TIME` -> `>=`."""
    path = write_trace(tmp_path, HEADER + "0,1,pbatch,1000000000000,1000000000000\n")
    document, _ = drevt_recording(path, 4)
    assert [e["submit"]["run_time"] for e in document["events"] if "submit" in e] == [1000000000000]


def test_host_names_are_numbered_from_1_with_at_least_four_digits(tmp_path):
    """docs/drevt.md's hosts are node0001, node0002, ...: four digits pad small clusters, and a cluster of 12,345
    nodes widens every name to five digits so the names sort in host order.
    Kills: importers/drevt.py:cluster_document the width's `max(4, ...)` -> `max(5, ...)`."""
    document, _ = drevt_recording(write_trace(tmp_path, "job_submit_time,num_nodes,time_limit\n0,1,5\n"), 3)
    assert [h["name"] for h in document["cluster"]["hosts"]] == ["node0001", "node0002", "node0003"]
    wide = drevt_recording(write_trace(tmp_path, "job_submit_time,num_nodes,time_limit\n0,1,5\n"), 12345)[0]
    assert [h["name"] for h in wide["cluster"]["hosts"][::12344]] == ["node00001", "node12345"]


def test_a_submit_time_of_exactly_the_time_bound_is_read(tmp_path):
    """10**12 seconds is the latest submit time refsim reads (1e13 is refused, in
    test_a_bad_cell_is_a_one_line_error_naming_row_and_column). Kills: importers/drevt.py:_Row.submit's
    `value > MAX_TIME` -> `>=`."""
    path = write_trace(tmp_path, "job_submit_time,num_nodes,time_limit\n1000000000000,1,5\n")
    document, _ = drevt_recording(path, 1)
    assert [e["time"] for e in document["events"]] == [1000000000000]


def test_samples_without_a_seed_are_those_of_the_commands_default_seed(tmp_path):
    """A distribution without a seed draws with seed 0, the default `refsim import csv --seed` shows, so importing in
    Python and on the command line give one recording. Kills: importers/drevt.py RunTimes's default seed `0` -> `1`,
    and cli.py:import_csv's `--seed` default `0` -> `1`."""
    import yaml
    from click.testing import CliRunner

    from refsim.cli import main

    rows = "".join(f"0,1,pbatch,{100 + i}\n" for i in range(20))
    path = write_trace(tmp_path, "job_submit_time,num_nodes,queue,time_limit\n" + rows)
    library, _ = drevt_recording(path, 1, choice=RunTimes("distribution", parse_distribution("normal:50,30")))
    seeded, _ = drevt_recording(path, 1, choice=RunTimes("distribution", parse_distribution("normal:50,30"), seed=0))
    other, _ = drevt_recording(path, 1, choice=RunTimes("distribution", parse_distribution("normal:50,30"), seed=1))
    out = tmp_path / "rec.yaml"
    command = CliRunner().invoke(main, ["import", "csv", str(path), "--nodes", "1", "-o", str(out), "--run-time",
                                        "distribution", "--distribution", "normal:50,30"])
    assert command.exit_code == 0, command.output
    assert library == seeded == yaml.safe_load(out.read_text()) != other


def test_a_spread_of_zero_draws_the_mean_every_time(tmp_path):
    """`normal:MEAN,0` is allowed (the spread may be 0, only not negative): every sample is the mean itself.
    Kills: importers/drevt.py:parse_distribution's `values[1] < 0` -> `<= 0`."""
    assert parse_distribution("normal:42.5,0") == parse_distribution("normal:42.5,0.0")
    choice = RunTimes("distribution", parse_distribution("normal:42.5,0"), seed=3)
    document, _ = drevt_recording(write_trace(tmp_path, RUNS), 1, choice=choice)
    assert [e["submit"]["run_time"] for e in document["events"]] == [42.5, 42.5, 42.5]


def test_an_actual_run_time_equal_to_its_limit_is_not_counted_as_capped(tmp_path):
    """Capping changes only a run time above the limit: 100 with limit 100 runs 100 and is not counted; 100.5 is.
    Kills: importers/drevt.py:capped's `j.actual > j.limit` -> `>=`."""
    text = "job_submit_time,num_nodes,time_limit,actual_run_time\n0,1,100,100\n0,1,100,100.5\n"
    document, trace = drevt_recording(write_trace(tmp_path, text), 1)
    assert [e["submit"]["run_time"] for e in document["events"]] == [100, 100]
    assert capped(trace) == 1


def test_the_recording_of_a_small_trace_reads_exactly_as_documented(tmp_path):
    """Two rows, on 2 nodes with every queue kept: two one-slot hosts node0001-node0002, the queues pbatch (the
    default, first) then debug, all at priority 0 (one priority: first come, first served), sessions after events,
    and one submit per row at its submit time, the later row last. Job 1 gives no actual run time, so it runs its
    limit. Its times are Unix seconds, so its epoch (format version 2) is 1970 in the --timezone given (UTC by
    default). Kills: importers/drevt.py:cluster_document's queue priority `0` -> `1`."""
    text = "job_submit_time,num_nodes,queue,time_limit,actual_run_time\n7,2,debug,30,12.5\n3,1,,60,\n"
    document, _ = drevt_recording(write_trace(tmp_path, text), 2, keep_all_queues=True)
    assert document == {
        "refsim": 2,
        "epoch": {"unix": 0, "timezone": "UTC"},
        "cluster": {"hosts": [{"name": "node0001", "slots": 1}, {"name": "node0002", "slots": 1}],
                    "queues": [{"name": "pbatch", "priority": 0}, {"name": "debug", "priority": 0}]},
        "sessions": {"policy": "after-events"},
        "events": [{"time": 3, "submit": {"id": 1, "queue": "pbatch", "tasks": 1, "run_time": 60, "run_limit": 60}},
                   {"time": 7, "submit": {"id": 0, "queue": "debug", "tasks": 2, "run_time": 12.5,
                                          "run_limit": 30}}]}
