"""One replay as a worker runs it: from a task (the recording's bytes, the parameters) to its outcome, in this
process."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace

import pytest

import refsim.sweep.tasks as tasks
from refsim import __version__
from refsim.sweep.dotted import parse_path
from refsim.sweep.sources import Source
from refsim.sweep.tasks import METRICS, ReplayTask, run_replay

# One host of 2 slots, one 1-slot job of 10 s submitted at 0: it starts at once and ends at 10, so every wait is 0,
# its bounded slowdown 1.0, the host half used over the 10 s makespan, and the replay makes one decision.
ONE_JOB = b"""cluster:
  hosts: [{name: a, slots: 2}]
events:
  - {time: 0, submit: {id: 1, run_time: 10}}
"""


def _task(sim_output: bool = False) -> ReplayTask:
    return ReplayTask(3, "k3", Source("one.yaml", "one.yaml", None, ONE_JOB, "0"), (), {}, None, __version__,
                      sim_output)


def test_a_replays_figures_are_the_reports_overall_ones_and_its_decisions():
    """Kills: sweep/tasks.py:_replay's figures (a figure dropped or read from another metric) and METRICS."""
    outcome = run_replay(_task())
    assert (outcome.index, outcome.key, outcome.error, outcome.sim_output) == (3, "k3", None, None)
    assert outcome.metrics == {"jobs": 1, "started": 1, "finished": 1, "wait_mean": 0.0, "wait_median": 0,
                               "wait_p95": 0, "wait_max": 0, "bsld_mean": 1.0, "bsld_max": 1.0, "utilisation": 0.5,
                               "makespan": 10, "decisions": 1}
    assert tuple(outcome.metrics) == METRICS


def test_a_replays_output_file_comes_back_compressed_without_a_time_stamp():
    """Asked for, the --sim-output file comes back gzip-compressed with no modification time in its header (bytes
    4 to 7 zero), so the same replay gives the same bytes; it holds the replay's records (the dispatch of job 1
    at 0). Kills: sweep/tasks.py:_replay's sim_output (not written, or not compressed)."""
    data = run_replay(_task(sim_output=True)).sim_output
    assert data is not None and data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0"
    records = [json.loads(line) for line in gzip.decompress(data).decode().splitlines()]
    assert [(r["kind"], r.get("job"), r.get("time")) for r in records if r.get("kind") == "dispatch"] == \
        [("dispatch", "1", 0)]  # job ids are text in the output file


def test_a_task_of_another_refsim_version_is_refused():
    """Kills: sweep/tasks.py:run_replay's version check (negated, or its text changed)."""
    outcome = run_replay(replace(_task(), version="0.0.1"))
    assert (outcome.metrics, outcome.cpu_seconds, outcome.sim_output) == (None, None, None)
    assert outcome.error == f"refused: this worker runs refsim {__version__}, the sweep refsim 0.0.1"


def test_an_error_of_several_lines_comes_back_as_one(monkeypatch: pytest.MonkeyPatch):
    """A replay's error goes on one row and one failure line: its lines are joined with single spaces.
    Kills: sweep/tasks.py:_failed keeping the error's line breaks."""
    def breaking(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the model broke\n  at job 1")

    monkeypatch.setattr(tasks, "run_batch", breaking)
    outcome = run_replay(_task())
    assert (outcome.index, outcome.key, outcome.metrics) == (3, "k3", None)
    assert outcome.error == "RuntimeError: the model broke at job 1"


@pytest.mark.parametrize("path, value, error", [
    ("cluster.hosts[0].slots", "lots", "one.yaml: cluster.hosts[0].slots: 'lots' is not an amount"),
    ("cluster.queues[0].priority", 1, "cluster.queues[0].priority: cluster has no 'queues'")])
def test_a_parameter_the_recording_cannot_take_fails_the_replay_with_its_error(path: str, value: object, error: str):
    """A task whose override breaks the recording (a task built by hand, or sent by another program: a sweep checks
    each value first) comes back failed with the recording's or the path's own one-line error, as an outcome.
    Kills: sweep/tasks.py:run_replay's outcome for a recording or dotted-path error (None instead)."""
    task = replace(_task(), parameters=((path, value),), paths={path: parse_path(path)})
    outcome = run_replay(task)
    assert (outcome.index, outcome.key, outcome.metrics, outcome.cpu_seconds) == (3, "k3", None, None)
    assert outcome.error == error
