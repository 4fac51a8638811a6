"""The series a plot draws, worked out by hand on the small run (conftest.SMALL), checked against the run's
metrics, and found again in the drawn figure; and the PNG written."""

import struct

import pytest

from refsim.report.metrics import run_metrics
from refsim.report.runfile import read_run
from refsim.report.series import binned, run_series
from tests.support.runfiles import one_second_on_one_slot, write_run
from tests.support.series_area import integral, time_average

# Records by time: t=0 job 1 submitted and started (2 slots); 10, 20, 30, 40 jobs 2..5 submitted (1..4 pending);
# 60 job 5 removed while pending (3); 100 job 1 finishes and jobs 3 and 2 start (1 pending, 2 busy); 105 job 2
# finishes (1 busy); 150 job 3 finishes and job 4 starts (0 pending, 2 busy); 170 job 4 finishes.
TIMES = (0, 10, 20, 30, 40, 60, 100, 105, 150, 170)
PENDING = (0, 1, 2, 3, 4, 3, 1, 1, 0, 0)
BUSY = (2, 2, 2, 2, 2, 2, 2, 1, 2, 0)


def test_series_by_hand(small_run):
    series = run_series(read_run(small_run), str(small_run))
    assert (series.times, series.pending, series.busy) == (TIMES, PENDING, BUSY)
    assert series.utilisation() == tuple(b / 2 for b in BUSY)
    # waits 0 (job 1), 80 (job 3), 90 (job 2), 120 (job 4); of 4 jobs, 3 waited longer than 0, 2 than 80, ...
    assert series.waits == (0, 80, 90, 120)
    assert series.waited_longer() == (0.75, 0.5, 0.25, 0)


def test_series_agree_with_the_metrics(small_run):
    series = run_series(read_run(small_run), str(small_run))
    metrics = run_metrics(read_run(small_run), str(small_run))
    # the area under the busy-slot steps is the slot-seconds used: 2x100 + 2x5 + 1x45 + 2x20 = 295
    assert integral(series, series.busy, 170) == 295
    assert time_average(series, series.utilisation()) == pytest.approx(metrics.overall.utilisation)
    assert sum(series.waits) / len(series.waits) == metrics.overall.wait_mean
    assert series.waits[-1] == metrics.overall.wait_max


def test_binned_utilisation_by_hand(small_run):
    series = run_series(read_run(small_run), str(small_run))
    mids, means = binned(series, series.utilisation(), 2)
    # two stretches of 85 s: 0..85 fully busy; 85..170 busy 2 for 20 s, 1 for 45 s, 2 for 20 s: 62.5/85
    assert mids == (42.5, 127.5)
    assert means == pytest.approx((1.0, 62.5 / 85))


def test_stretches_shorter_than_a_second_are_averaged_too(tmp_path):
    """A run of 1 s on 1 slot: job 1 starts at 0.5 s and finishes at 1 s. Two stretches of 0.5 s: the first idle
    (mean 0), the second fully busy (mean 1), their midpoints at 0.25 and 0.75 s. A short run (under 100 s, drawn
    in 100 stretches) has stretches under a second and still gets its mean curve. Kills: report/series.py:binned
    taking a stretch of 1 s or less as no stretch (`width <= 0` -> `width <= 1`)."""
    path = tmp_path / "half.jsonl"
    one_second_on_one_slot(path, 0.5)
    series = run_series(read_run(path), str(path))
    assert binned(series, series.utilisation(), 2) == ((0.25, 0.75), (0.0, 1.0))


def test_a_job_started_a_hair_before_the_end_counts_in_the_last_stretch(tmp_path):
    """A run of 1 s on 1 slot in three stretches of 1/3 s: job 1 starts at 0.9999999999999999 s (the float just
    below 1) and finishes at 1. Its step lies in the last stretch, though (0.9999999999999999 - 0) / (1/3) rounds
    up to 3, one past the last stretch's index: it is counted there (a mean above 0), not lost; the first two
    stretches are idle. Kills: report/series.py:binned's clamp of the first stretch to the last (`bins - 1` ->
    `bins + 1`)."""
    path = tmp_path / "hair.jsonl"
    one_second_on_one_slot(path, 0.9999999999999999)
    series = run_series(read_run(path), str(path))
    means = binned(series, series.utilisation(), 3)[1]
    assert means[:2] == (0.0, 0.0) and means[2] > 0


def test_a_run_that_starts_late_with_a_job_running_at_its_end(tmp_path):
    """A run from 10 to 30 s on 1 slot: job 1 starts at 10 and still runs at the end (a hand-written file), job 2
    is submitted at 20 and pends. The busy steps are 1 slot from 10 and 1 slot from 20 (the last record) until the
    end, 30. Two stretches of 10 s, 10..20 and 20..30, are each fully busy: means (1, 1), midpoints 15 and 25.
    Kills: report/series.py:binned letting the step before the last run to the end (`i + 1 < len` -> `i + 2 <
    len`: 2 for the second stretch) and placing a step by its time plus the run's start (the first stretch
    idle)."""
    path = tmp_path / "late.jsonl"
    write_run(path, [
        {"kind": "submit", "job": "1", "queue": "normal", "time": 10},
        {"kind": "dispatch", "job": "1", "round": 1, "position": 1, "time": 10,
         "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1}}]}},
        {"kind": "submit", "job": "2", "queue": "normal", "time": 20},
        {"kind": "end", "time": 30, "start": 10, "slots": 1}])
    series = run_series(read_run(path), str(path))
    assert (series.times, series.busy) == ((10, 20), (1, 1))
    assert binned(series, series.utilisation(), 2) == ((15.0, 25.0), (1.0, 1.0))


def test_one_bin_is_the_time_average(small_run):
    """One stretch of the whole run (0..170) averages the utilisation over it: 295 slot-seconds of 2 x 170.
    Kills: report/series.py:binned's last bin index (`bins - 1`) taken one lower."""
    series = run_series(read_run(small_run), str(small_run))
    mids, means = binned(series, series.utilisation(), 1)
    assert mids == (85.0,) and means == pytest.approx((295 / 340,))


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"  # a PNG starts with its header chunk
    return struct.unpack(">II", data[16:24])


def test_the_figure_draws_the_series_and_the_png_is_written(tmp_path, small_run):
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure, plot_runs

    from tests.unit.report.conftest import record
    from tests.unit.report.test_diff import THREE_HOSTS

    other = record(tmp_path, THREE_HOSTS, "three")
    figure = plot_figure([small_run, other])
    axes = figure.axes
    pending, utilisation, waits = axes[0], axes[2], axes[4]  # row by row: run A's column first
    assert [tuple(p) for p in pending.lines[0].get_xydata()] == list(zip(TIMES, PENDING))  # seconds: a short run
    assert [tuple(p) for p in utilisation.lines[0].get_xydata()] == [(t, b * 50) for t, b in zip(TIMES, BUSY)]
    assert utilisation.lines[2].get_ydata()[0] == pytest.approx(295 / 340 * 100)  # the overall line
    # the survival curve leaves out its last point (no job waited longer than the longest wait: 0 on a log scale)
    assert [tuple(p) for p in waits.lines[0].get_xydata()] == [(0, 0.75), (80, 0.5), (90, 0.25)]
    assert axes[1].get_title() == "three.jsonl: 3 slots"
    out = tmp_path / "out.png"
    plot_runs([small_run, other], out)
    assert _png_size(out) == (1300, 900)  # 6.5 in per run x 2 runs and 9 in, at 100 dpi
    plot_runs([small_run], out)
    assert _png_size(out) == (650, 900)


def test_a_cluster_without_slots_is_never_in_use(tmp_path):
    """Kills: report/series.py:RunSeries.utilisation's value for a run with no slots, 0.0 -> 1.0 (the plot would
    draw a cluster that has nothing to use as fully used). Host a has 0 slots: job 1 pends from 0 until it is
    removed at 10, and nothing ever runs."""
    from tests.unit.report.conftest import record

    path = record(tmp_path, "cluster:\n  hosts:\n    - {name: a, slots: 0}\nevents:\n"
                            "  - {time: 0, submit: {id: 1}}\n  - {time: 10, remove: 1}\n", "no-slots")
    series = run_series(read_run(path), str(path))
    assert (series.span.slots, series.times, series.pending) == (0, (0, 10), (1, 0))
    assert series.utilisation() == (0.0, 0.0)


# One one-slot host; job 1 is submitted at 0 and runs 0 s: the run starts and ends at 0, a span of no time.
NO_TIME = "cluster:\n  hosts:\n    - {name: a, slots: 1}\nevents:\n  - {time: 0, submit: {id: 1, run_time: 0}}\n"


def test_a_run_that_spans_no_time_has_no_stretches_to_average_and_still_plots(tmp_path):
    """A run of 0 s has no stretch to average the utilisation over: no binned means, a time average of 0, and the
    plot draws the steps and the overall line without the mean curve. Kills: report/series.py:binned returning
    None instead of no bins (the plot would fail), and time_average's figure for a span of no time."""
    from tests.unit.report.conftest import record

    path = record(tmp_path, NO_TIME, "no-time")
    series = run_series(read_run(path), str(path))
    assert (series.span.start, series.span.end, series.times, series.busy) == (0, 0, (0,), (0,))
    assert binned(series, series.utilisation(), 100) == ((), ())
    assert time_average(series, (1.0,)) == 0.0
    pytest.importorskip("matplotlib")
    from refsim.report.plot import plot_figure

    utilisation = plot_figure([path]).axes[1]
    assert [(line.get_label(), len(line.get_xdata())) for line in utilisation.lines] == [
        ("slots in use", 1), ("mean over 1/100 of the run", 0), ("overall 0.0%", 2)]


def test_the_png_names_no_software_version(small_run, tmp_path):
    """matplotlib writes its name and version into a PNG's text unless told not to: `refsim plot` leaves it out,
    so the same runs give the same bytes whichever matplotlib drew them. Kills: report/plot.py:plot_runs's
    'Software' metadata key mutated (the version text would be written)."""
    from refsim.report.plot import plot_runs

    out = tmp_path / "out.png"
    plot_runs([small_run], out)
    data = out.read_bytes()
    assert b"Software" not in data and b"atplotlib" not in data
