"""A replay that breaks in a way no check foresaw (a bug, a full disk, a worker process that dies) fails alone,
with its error on its row; the sweep goes on."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import refsim.sweep.tasks as tasks
from refsim.sweep.executors import ProcessExecutor, SerialExecutor
from refsim.sweep.progress import SweepProgress
from refsim.sweep.run import run_sweep
from refsim.sweep.tasks import ReplayOutcome, ReplayTask


def test_unforeseen_errors_fail_their_replay_with_the_error(six: Path, monkeypatch: pytest.MonkeyPatch):
    """The six-jobs sweep (6 replays, conftest) with the replay itself breaking: a bug (RuntimeError), a full disk
    while writing a file (OSError naming it) and an OSError naming no file. Each replay's row and failure line
    carry the error; the others run. Kills: sweep/tasks.py:run_replay's handling of OSError and of any other
    exception (dropped: the exception would stop the sweep; or the text mutated)."""
    real, calls = tasks.run_batch, []
    errors = [RuntimeError("the model broke"), OSError(28, "No space left on device", "/tmp/run.jsonl"),
              OSError("the disk went away")]

    def breaking(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return real(*args, **kwargs)

    monkeypatch.setattr(tasks, "run_batch", breaking)
    monkeypatch.chdir(six)
    lines: list[str] = []
    summary = run_sweep("six.yaml", "out", SerialExecutor(), report=lines.append,
                        progress=SweepProgress(6, io.StringIO()))
    assert (summary.replays, summary.failed) == (6, 3)
    assert lines == ["replay 1 (six-jobs.yaml, discipline=greedy, hosts=1) failed: RuntimeError: the model broke",
                     "replay 2 (six-jobs.yaml, discipline=greedy, hosts=2) failed: /tmp/run.jsonl: No space left on "
                     "device",
                     "replay 3 (six-jobs.yaml, discipline=strict, hosts=1) failed: the disk went away"]


class _EndsItsProcess:
    """A parameter value that ends the process that unpickles it, as a worker dies (killed, out of memory)."""

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (os._exit, (3,))


def test_a_worker_process_that_dies_fails_its_replay_not_the_sweep(six: Path):
    """-j 1 on a local process that dies as it takes its task: the task comes back as a failed outcome naming
    what happened (the pool is broken), not as an exception out of the sweep. Kills: sweep/executors.py:
    ProcessExecutor.run's handling of a task whose worker died (dropped: BrokenProcessPool would stop the sweep)."""
    from refsim.sweep.sources import Source

    source = Source("x.yaml", "x.yaml", None, b"", "0")
    task = ReplayTask(7, "k7", source, (("cluster.hosts[0].slots", _EndsItsProcess()),), {}, None, tasks.__version__,
                      False)
    outcomes: list[ReplayOutcome] = []
    ProcessExecutor(1).run([task], outcomes.append, SweepProgress(1, io.StringIO()))
    assert [(o.index, o.key, o.metrics, o.cpu_seconds) for o in outcomes] == [(7, "k7", None, None)]
    assert outcomes[0].error is not None and outcomes[0].error.startswith("BrokenProcessPool: ")

