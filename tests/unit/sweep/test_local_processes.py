"""Local processes (-j N) end with the sweep: none is left running once the sweep has returned."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from refsim.sweep.executors import ProcessExecutor
from refsim.sweep.progress import SweepProgress
from refsim.sweep.run import run_sweep


def test_no_worker_process_outlives_a_finished_sweep(six: Path):
    """The six-jobs sweep (conftest) on two processes: when run_sweep returns, both processes have exited (the pool
    is shut down and waited for). Kills: sweep/executors.py:ProcessExecutor.run shutting the pool down without
    waiting for its processes."""
    import io

    before = set(multiprocessing.active_children())  # any left by others are not this sweep's
    summary = run_sweep(six / "six.yaml", six / "out", ProcessExecutor(2), report=lambda line: None,
                        progress=SweepProgress(6, io.StringIO()))
    assert (summary.ran, summary.failed) == (6, 0)
    assert set(multiprocessing.active_children()) - before == set()
