"""What the progress line says while replays run on this process or on local processes: how many are running, from
the start to the end. The six-jobs sweep of conftest.py has 6 replays."""

from __future__ import annotations

from pathlib import Path

from refsim.sweep.executors import ProcessExecutor, SerialExecutor
from refsim.sweep.progress import SweepProgress
from refsim.sweep.run import run_sweep
from tests.support.terminal import Terminal


def progress_lines(stream: Terminal) -> list[str]:
    """Each state the line showed, without the bar and the ETA (the ETA depends on the pace)."""
    return [line.split("] ", 1)[1].split(", ETA")[0].rstrip("\n") for line in stream.getvalue().split("\r\033[K")[1:]]


def test_one_at_a_time_one_is_running_until_the_last_one_ends(six: Path):
    """-j 1: one replay runs at a time, so the line says `1 running` until the last one has finished, then
    `0 running`. Kills: SerialExecutor.run counting a replay as running after the last one (`i + 1` taken as
    `i - 1`, or 1 running once none is left)."""
    stream = Terminal()
    run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None,
              progress=SweepProgress(6, stream))
    shown = progress_lines(stream)
    assert shown[0] == "0/6 done, 1 running, 0 failed"
    assert shown[-1] == "6/6 done, 0 running, 0 failed"
    assert all(line.endswith(", 1 running, 0 failed") for line in shown[:-1])


def test_local_processes_show_the_replays_started_before_any_ends(six: Path):
    """-j 2: as soon as the replays are handed to the two processes the line says 0 done, 2 running (the pool
    starts min(processes, replays) at once), before any replay has ended. Kills: that first update dropped in
    ProcessExecutor.run (the line would first appear when a replay had ended)."""
    stream = Terminal()
    run_sweep(six / "six.yaml", six / "out", ProcessExecutor(2), report=lambda line: None,
              progress=SweepProgress(6, stream))
    shown = progress_lines(stream)
    assert shown[0] == "0/6 done, 2 running, 0 failed"
    assert shown[-1] == "6/6 done, 0 running, 0 failed"


def test_failed_replays_are_counted_on_the_line_as_they_end(six: Path, monkeypatch):
    """The first two of the six replays break (the replay itself raises): the line counts 1 failed once the first
    has ended, 2 after the second, and ends at 6/6 done with 2 failed. Kills: executors.py:_Tally.take counting a
    failed replay down instead of up."""
    import refsim.sweep.tasks as tasks

    real, calls = tasks.run_batch, []

    def breaking(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) <= 2:
            raise RuntimeError("the model broke")
        return real(*args, **kwargs)

    monkeypatch.setattr(tasks, "run_batch", breaking)
    stream = Terminal()
    run_sweep(six / "six.yaml", six / "out", SerialExecutor(), report=lambda line: None,
              progress=SweepProgress(6, stream))
    shown = progress_lines(stream)
    assert "1/6 done, 1 running, 1 failed" in shown and "2/6 done, 1 running, 2 failed" in shown
    assert shown[-1] == "6/6 done, 0 running, 2 failed"
