"""A bulk replay (no output reads a job's pend: `refsim sim` and sweeps computing metrics only) counts a strict
session's jobs behind its blocker in one HeldTail. Differential: on generated recordings under strict (blocked
queues: multi-slot jobs, run limits, removals, host changes, recorded dispatches), each HeldTail stands for exactly
the results a replay reporting one decision at a time gives from its position on (all pends or no-decisions, the
pends counted), every other result is the same, and the batch run's decisions, statistics, metrics, schedule
table and job lives are identical."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.report.metrics import Span, replay_metrics
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.results import HeldTail, KnownOutcomes, SessionResult
from refsim.sim.batch import run_batch
from refsim.sim.recording import Recording
from refsim.sim.replay import Simulator
from refsim.sim.schedule import schedule_text, spans
from tests.property.test_backfill_paths import backfill_recordings


def _results(reports) -> dict[tuple[int, int], SessionResult]:
    """Each session result by (round, position), a compact run's taken one at a time."""
    results = {}
    for report in reports:
        taken = report.results() if isinstance(report, KnownOutcomes) else [report]
        for result in taken:
            if isinstance(result, SessionResult):
                results[(result.round, result.position)] = result
    return results


def _lives(result):
    """What the job table holds of each job's life (all that metrics and the --schedule table read)."""
    return {job: (r.state, r.submitted, r.start_time, r.end_time, r.allocation, r.reconstructed)
            for job, r in result.jobs.records.items()}


@settings(max_examples=60, deadline=None)
@given(backfill_recordings(), st.booleans())
def test_a_held_back_tail_stands_for_the_pends_reported_one_by_one(recording: Recording, strict: bool):
    """Mostly strict; the other disciplines (which backfill, so may start a job behind a waiting one) make no
    tail. Kills: sched/session.py taking a tail while the round may still start a job, buckets.py:held_tail
    miscounting pends and no-decisions or judging a bucket out of order, sim/replay.py miscounting what is left
    to report, sim/outputs.py:report_tail dropping a tail's pends from the decision count."""
    recording = replace(recording, discipline="strict") if strict else recording
    plain = _results(Simulator(recording).reports())
    bulk_reports = list(Simulator(recording).reports(compact=True, bulk=True))
    tails = {(t.round, t.first): t for t in bulk_reports if isinstance(t, HeldTail)}
    bulk = _results(bulk_reports)
    assert not tails or recording.discipline == "strict"
    covered = set(bulk)
    for (round_no, first), tail in tails.items():
        held = [r.outcome for (n, at), r in plain.items() if n == round_no and at >= first]
        assert len(held) == tail.selected > 0
        assert not any(isinstance(o, Dispatch) for o in held)
        assert sum(isinstance(o, Pend) for o in held) == tail.pends
        assert sum(isinstance(o, NoDecision) for o in held) == tail.selected - tail.pends
        covered |= {(round_no, first + i) for i in range(tail.selected)}
    assert covered == set(plain)
    assert all(bulk[key] == plain[key] for key in bulk)

    counted = run_batch(recording)  # bulk: no output reads a pend
    one_by_one = run_batch(recording, on_record=lambda record: None)  # a listener takes every report
    assert counted.decisions == one_by_one.decisions
    assert counted.statistics == one_by_one.statistics and counted.warnings == one_by_one.warnings
    assert _lives(counted) == _lives(one_by_one)
    assert schedule_text(spans(counted.jobs)) == schedule_text(spans(one_by_one.jobs))
    span = Span(counted.began, counted.statistics.time, counted.slots)
    assert replay_metrics(counted.jobs.records.values(), span, "r") == \
        replay_metrics(one_by_one.jobs.records.values(), span, "r")
