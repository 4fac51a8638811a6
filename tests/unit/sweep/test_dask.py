"""The same sweep on a Dask cluster started in the test (threads in this process, so it starts in a fraction of a
second on any machine): the same table as on local processes; workers with another refsim version refused."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refsim.sweep.executors import DaskExecutor, ExecutorError
from refsim.sweep.progress import SweepProgress
from refsim.sweep.run import run_sweep
from refsim.sweep.tasks import ReplayOutcome, ReplayTask
from tests.unit.sweep.conftest import run, without_cpu

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install 'refsim[dask]')")


def records(data: bytes) -> list[object]:
    lines = [json.loads(line) for line in gzip.decompress(data).decode().splitlines()]
    del lines[0]["written"]  # when the file was written
    return lines


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as local:
        yield local.scheduler_address


def test_the_table_equals_the_local_one(six, cluster):
    on_dask = run("sweep", str(six / "six.yaml"), "-o", str(six / "dask"), "--dask", cluster, "--sim-output")
    assert on_dask.exit_code == 0, on_dask.output
    assert "6 replays: 6 run, 0 skipped (results exist), 0 failed" in on_dask.stdout
    assert run("sweep", str(six / "six.yaml"), "-o", str(six / "local"), "-j", "1", "--sim-output").exit_code == 0
    assert without_cpu((six / "dask" / "results.csv").read_text()) == \
        without_cpu((six / "local" / "results.csv").read_text())
    # the output files came back from the workers and hold what was written locally (the header's time apart)
    for path in sorted((six / "local" / "runs").iterdir()):
        assert records((six / "dask" / "runs" / path.name).read_bytes()) == records(path.read_bytes())
    again = run("sweep", str(six / "six.yaml"), "-o", str(six / "dask"), "--dask", cluster, "--sim-output")
    assert "6 replays: 0 run, 6 skipped (results exist), 0 failed" in again.stdout


def test_a_task_from_another_version_is_refused_by_the_worker(six, cluster):
    # a worker that joined after the check (or a task built by another refsim) gets the refusal as its error
    class OtherVersion(DaskExecutor):
        def run(self, tasks, done, progress):  # type: ignore[no-untyped-def]
            super().run([replace(t, version="0.0.1") for t in tasks], done, progress)

    summary = run_sweep(six / "six.yaml", six / "out", OtherVersion(cluster, print),
                        report=lambda line: None, progress=SweepProgress(6))
    assert summary.failed == 6
    rows = (six / "out" / "results.jsonl").read_text()
    assert rows.count("refused: this worker runs refsim 0.1.0, the sweep refsim 0.1.0") == 0
    assert rows.count('"error": "refused: this worker runs refsim') == 6 and "the sweep refsim 0.0.1" in rows


def test_workers_of_another_version_are_left_out(six, cluster, monkeypatch):
    import refsim.sweep.executors as executors

    warnings: list[str] = []
    monkeypatch.setattr(executors, "__version__", "9.9")  # the sweep's version; the workers report 0.1.0
    with pytest.raises(ExecutorError, match=r"no worker runs refsim 9\.9"):
        run_sweep(six / "six.yaml", six / "out", DaskExecutor(cluster, warnings.append), progress=SweepProgress(6))
    assert not (six / "out").exists()
    assert len(warnings) == 2 and all("refused: it runs refsim 0.1.0, this sweep refsim 9.9" in w for w in warnings)


def test_an_unreachable_scheduler_is_one_line(six, monkeypatch):
    import refsim.sweep.executors as executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "1s")
    result = run("sweep", str(six / "six.yaml"), "-o", str(six / "out"), "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.startswith("Error: --dask tcp://127.0.0.1:9: cannot reach the Dask scheduler")
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (six / "out").exists()  # nothing written before the executor was ready


def test_tasks_travel_as_plain_data():
    import pickle

    assert pickle.loads(pickle.dumps(ReplayOutcome(1, "k", None, "e", None))) == ReplayOutcome(1, "k", None, "e", None)
    assert ReplayTask.__module__ == "refsim.sweep.tasks"


def test_the_progress_line_counts_at_most_one_replay_per_worker_thread_as_running(six, cluster):
    """The cluster has 2 workers of 1 thread: of the 6 replays handed over at once, 2 can run, so the first line
    says 2 running, not 6. Kills: DaskExecutor.run taking max(threads, replays) for its first update."""
    from tests.support.terminal import Terminal
    from tests.unit.sweep.test_executor_progress import progress_lines
    stream = Terminal()
    run_sweep(six / "six.yaml", six / "out", DaskExecutor(cluster, print), report=lambda line: None,
              progress=SweepProgress(6, stream))
    shown = progress_lines(stream)
    assert shown[0] == "0/6 done, 2 running, 0 failed" and shown[-1] == "6/6 done, 0 running, 0 failed"


def test_a_scheduler_without_workers_is_one_line_naming_the_wait(six):
    """Kills: executors.py DaskExecutor._workers's message changed."""
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
        executor = DaskExecutor(empty.scheduler_address, print, worker_wait=0.5)
        with pytest.raises(ExecutorError) as raised:
            executor.start()
    assert str(raised.value) == f"--dask {empty.scheduler_address}: no worker joined the scheduler within 0.5 s"


class _Undeliverable:
    """A parameter value the cluster cannot unpack (its unpickling fails), as a task built for another
    environment."""

    def __reduce__(self):  # type: ignore[no-untyped-def]
        import operator
        return (operator.truediv, (1, 0))


def _tasks(count: int, value: object = 1.0) -> list[ReplayTask]:
    from refsim.sweep.sources import Source
    from refsim.sweep.tasks import __version__

    text = b"cluster:\n  hosts: [{name: a, slots: 1}]\nevents:\n  - {time: 0, submit: {id: 1, run_time: 10}}\n"
    source = Source("one.yaml", "one.yaml", None, text, "0")
    return [ReplayTask(i, f"k{i}", source, (("time_scale", value),), {}, None, __version__, False)
            for i in range(1, count + 1)]


def test_a_task_the_cluster_cannot_take_fails_its_replay_not_the_sweep(cluster):
    """Kills: sweep/executors.py:DaskExecutor.run's handling of a task whose future fails (dropped: the error
    would stop the sweep)."""
    executor = DaskExecutor(cluster, print)
    executor.start()
    try:
        outcomes: list[ReplayOutcome] = []
        executor.run(_tasks(1, _Undeliverable()), outcomes.append, SweepProgress(1))
    finally:
        executor.stop()
    assert [(o.index, o.key, o.metrics) for o in outcomes] == [(1, "k1", None)]
    assert outcomes[0].error is not None and "deserialization" in outcomes[0].error


def test_an_interrupted_sweep_cancels_the_replays_it_left_on_the_cluster():
    """Ctrl-C (here while the first outcome is filed) leaves no other replay of the sweep on the cluster: those not
    yet filed are cancelled, so the cluster does not go on holding or running them for nobody. Kills:
    sweep/executors.py:DaskExecutor.run's cancelling of the futures left (dropped, or its test negated)."""
    import time

    # The observer connects before the sweep runs: the scheduler tells every client of the keys cancelled, and a
    # client that registers while it does may read that with its first message, which distributed's client rejects.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as local, \
            distributed.Client(local.scheduler_address, set_as_default=False) as observer:
        executor = DaskExecutor(local.scheduler_address, print)
        executor.start()

        def interrupt(outcome: ReplayOutcome) -> None:
            raise KeyboardInterrupt

        try:
            with pytest.raises(KeyboardInterrupt) as raised:  # holds run's frame, and so its futures
                executor.run(_tasks(3), interrupt, SweepProgress(3))
            deadline = time.monotonic() + 10
            while observer.run_on_scheduler(_task_count) > 1 and time.monotonic() < deadline:
                time.sleep(0.05)
            # only the replay whose outcome was being filed is left: the interrupted run still holds it
            assert observer.run_on_scheduler(_task_count) == 1
            assert raised.traceback  # still held until here
        finally:
            executor.stop()


def _task_count(dask_scheduler) -> int:  # type: ignore[no-untyped-def]
    return len(dask_scheduler.tasks)


def test_a_worker_that_cannot_say_its_version_is_left_out(six, cluster, monkeypatch):
    """A worker whose version check fails (refsim missing or broken there) is named as running no usable refsim;
    with no other worker the sweep cannot run. Kills: sweep/executors.py:DaskExecutor._workers's text for a
    worker that answered with an error instead of a version."""
    import refsim.sweep.executors as executors

    def broken() -> str:
        raise ImportError("No module named 'refsim'")

    monkeypatch.setattr(executors, "installed_version", broken)
    warnings: list[str] = []
    executor = DaskExecutor(cluster, warnings.append)
    with pytest.raises(ExecutorError) as raised:
        executor.start()
    assert str(raised.value) == f"--dask {cluster}: no worker runs refsim 0.1.0"
    assert len(warnings) == 2
    assert all(w.startswith("--dask: worker ") and w.endswith(" refused: it runs no usable refsim, this sweep "
                                                              "refsim 0.1.0") for w in warnings)


def test_the_wait_for_a_first_worker_is_30_seconds_as_documented():
    """docs/sweep.md: --dask waits up to 30 s for a worker. Kills: sweep/executors.py:WORKER_WAIT mutated."""
    assert DaskExecutor("tcp://127.0.0.1:8786", print).worker_wait == 30.0


def _client_names(dask_scheduler) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(dask_scheduler.clients)


def _connected_after(observer, count: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The scheduler's clients once their number is `count` (a closed client leaves the scheduler shortly after)."""
    import time

    deadline = time.monotonic() + 10
    while len(names := observer.run_on_scheduler(_client_names)) != count and time.monotonic() < deadline:
        time.sleep(0.05)
    return names


def test_a_sweep_lets_go_of_the_scheduler_when_it_stops_or_cannot_start(cluster, monkeypatch):
    """The sweep's connection is its own: it is not made the program's default Dask client (a program that runs a
    sweep keeps its own default), and it is closed when the executor stops, and also when the start fails on the
    workers' check (here no worker runs the sweep's version), so the scheduler is left with the clients it had.
    Kills: sweep/executors.py:DaskExecutor.start connecting with set_as_default=True, its closing on a failed
    worker check dropped, and DaskExecutor.stop's test of the client negated or inverted."""
    import refsim.sweep.executors as executors

    with distributed.Client(cluster, set_as_default=False) as observer:
        before = observer.run_on_scheduler(_client_names)
        executor = DaskExecutor(cluster, print)
        executor.start()
        try:
            assert len(_connected_after(observer, len(before) + 1)) == len(before) + 1
            with pytest.raises(ValueError, match="No clients found"):
                distributed.default_client()
        finally:
            executor.stop()
        assert _connected_after(observer, len(before)) == before
        monkeypatch.setattr(executors, "__version__", "9.9")
        with pytest.raises(ExecutorError, match=r"no worker runs refsim 9\.9"):
            DaskExecutor(cluster, lambda line: None).start()
        assert _connected_after(observer, len(before)) == before


def test_an_unreachable_scheduler_is_named_with_what_dask_said(six, monkeypatch):
    """The one line carries Dask's own words about the failed connection (the address and the wait), not only the
    exception's type. Kills: sweep/executors.py:DaskExecutor.start's text of a failed connection (`or` of the
    words and the type name mutated to `and`)."""
    import refsim.sweep.executors as executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ExecutorError) as raised:
        DaskExecutor("tcp://127.0.0.1:9", print).start()
    prefix = "--dask tcp://127.0.0.1:9: cannot reach the Dask scheduler: "
    said = str(raised.value).removeprefix(prefix)
    assert said != str(raised.value) and "\n" not in said
    assert "tcp://127.0.0.1:9" in said  # e.g. "Timed out trying to connect to tcp://127.0.0.1:9 after 1 s"


def test_refused_workers_are_named_in_address_order_whatever_order_the_scheduler_answers_in():
    """The warnings about refused workers come in the order of the workers' addresses, so the same cluster gives
    the same lines every time. The stand-in for the Dask client answers its version check with the workers out of
    order (a scheduler answers in its own order): b (another refsim), then a (no refsim), then c (this one).
    Kills: sweep/executors.py:DaskExecutor._workers warning in the scheduler's order (its `sorted` dropped)."""
    from refsim import __version__

    class Answering:
        def wait_for_workers(self, count: int, timeout: float) -> None:
            pass

        def run(self, function, on_error: str) -> dict[str, object]:  # type: ignore[no-untyped-def]
            return {"tcp://b:1": "0.0.1", "tcp://a:1": ImportError("No module named 'refsim'"),
                    "tcp://c:1": __version__}

    warnings: list[str] = []
    assert DaskExecutor("tcp://s:1", warnings.append)._workers(Answering()) == ["tcp://c:1"]
    assert warnings == [
        f"--dask: worker tcp://a:1 refused: it runs no usable refsim, this sweep refsim {__version__}",
        f"--dask: worker tcp://b:1 refused: it runs refsim 0.0.1, this sweep refsim {__version__}"]
