"""Properties of run metrics over generated workloads: the figures read back from a --sim-output file agree with the
simulator's own job table and statistics, and with the plotted series."""

import math
import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.jobs import JobState
from refsim.report.diff import diff_runs
from refsim.report.metrics import MetricsBuilder, Span, bounded_slowdown, replay_metrics, run_metrics
from refsim.report.runfile import read_run
from refsim.report.series import run_series
from tests.support.series_area import time_average
from refsim.sim.batch import run_batch
from refsim.sim.load import recording_from
from refsim.sim.reader import parse_text
from refsim.sim.replay import Simulator
from tests.property.test_backfill_paths import backfill_recordings


@st.composite
def workloads(draw) -> str:
    """A recording: 1-3 hosts of 1-4 slots, two queues, up to 12 jobs arriving over 100 s, some removed."""
    slots = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3))
    lines = ["cluster:", "  hosts:"] + [f"    - {{name: h{i}, slots: {s}}}" for i, s in enumerate(slots)]
    lines += ["  queues:", "    - {name: normal, priority: 10}", "    - {name: high, priority: 20}", "events:"]
    events = []
    for job in range(1, draw(st.integers(1, 12)) + 1):
        submit = draw(st.integers(0, 100))
        tasks = draw(st.integers(1, max(slots)))
        queue = draw(st.sampled_from(["normal", "high"]))
        events.append((submit, f"{{time: {submit}, submit: {{id: {job}, queue: {queue}, tasks: {tasks}, "
                               f"run_time: {draw(st.integers(0, 60))}}}}}"))
        if draw(st.booleans()) and draw(st.booleans()):
            when = submit + draw(st.integers(0, 80))
            events.append((when, f"{{time: {when}, remove: {job}}}"))
    events.sort(key=lambda e: e[0])
    return "\n".join(lines + [f"  - {text}" for _, text in events]) + "\n"


def _replay(text: str, path):
    recording = recording_from(parse_text(text, "w.yaml"), "w.yaml")
    result = run_batch(recording, output=path)
    simulator = Simulator(recording)  # an independent replay, to read its job table at the end
    for _ in simulator.reports():
        pass
    return result, simulator


@settings(max_examples=40, deadline=None)
@given(workloads())
def test_metrics_from_the_file_agree_with_the_simulator(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("run") / "run.jsonl"
    result, simulator = _replay(text, path)
    m = run_metrics(read_run(path), str(path))
    st_ = result.statistics
    assert (m.overall.jobs, m.overall.started, m.overall.finished) == \
        (st_.submitted, st_.dispatched, st_.finished)
    assert math.isclose(m.overall.utilisation, st_.utilisation, abs_tol=1e-12)
    assert math.isclose(sum(g.utilisation for g in m.queues.values()), m.overall.utilisation, abs_tol=1e-12)
    records = simulator.jobs.records.values()
    waits = sorted(r.start_time - r.job.submit_time for r in records if r.start_time is not None)
    if waits:
        assert m.overall.wait_max == waits[-1] and m.overall.wait_median == statistics.median(waits)
        assert math.isclose(m.overall.wait_mean, sum(waits) / len(waits))
    slowdowns = [bounded_slowdown(r.start_time - r.job.submit_time, r.end_time - r.start_time)
                 for r in records if r.state is JobState.FINISHED]
    assert m.overall.bsld_max == (max(slowdowns) if slowdowns else None)
    series = run_series(read_run(path), str(path))
    assert series.pending[-1] == st_.pending and series.busy[-1] == 0
    assert math.isclose(time_average(series, series.utilisation()), st_.utilisation, abs_tol=1e-12)
    assert diff_runs(path, path).changes == {}
    assert replay_metrics(result.jobs.records.values(), Span(result.began, st_.time, result.slots), "w") == m


@settings(max_examples=40, deadline=None)
@given(backfill_recordings())
def test_a_batch_runs_metrics_from_its_job_table_are_those_of_its_records(recording):
    """`refsim sim` reads its summary's metrics from the job table (replay_metrics); its records give the same,
    under every discipline, with removals, recorded dispatches and host changes."""
    builder = MetricsBuilder("records")
    result = run_batch(recording, sink=builder.add, pends_to_sink=False)
    assert result.jobs is not None
    span = Span(result.began, result.statistics.time, result.slots)
    assert replay_metrics(result.jobs.records.values(), span, "table") == builder.metrics()
