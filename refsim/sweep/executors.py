"""Where replays run: one after another in this process (-j 1), on local processes
(concurrent.futures.ProcessPoolExecutor, -j N), or on a Dask distributed cluster (--dask ADDRESS). Each gets the
same module-level task (refsim.sweep.tasks.run_replay) and hands each outcome to `done` as soon as it arrives."""

from __future__ import annotations

import importlib
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from refsim import __version__
from refsim.errors import RefsimError
from refsim.sweep.progress import SweepProgress
from refsim.sweep.tasks import ReplayOutcome, ReplayTask, installed_version, run_replay

Done = Callable[[ReplayOutcome], None]
WORKER_WAIT = 30.0  # seconds to wait for a first Dask worker
CONNECT_TIMEOUT = "10s"
DEFAULT_PORT = 8786  # Dask's, taken when the address gives none
_HOST_PORT = ("tcp", "tls", "ws", "wss")  # schemes whose address is HOST:PORT
_SECURED = ("tls", "wss")


class ExecutorError(RefsimError):
    """An executor that cannot run the sweep at all (no scheduler, no usable worker); the message is one line."""


class Executor(Protocol):
    def start(self) -> None:
        """Get ready (connect, check workers); an ExecutorError here stops the sweep before anything is written."""

    def run(self, tasks: Sequence[ReplayTask], done: Done, progress: SweepProgress) -> None:
        """Run every task, handing each outcome to `done` as it arrives."""

    def stop(self) -> None:
        """Let go of what `start` took."""


class _Local:
    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass


class _Tally:
    """Counts outcomes for the progress line and passes each on."""

    def __init__(self, done: Done, progress: SweepProgress) -> None:
        self.done, self.progress = done, progress
        self.finished = self.failed = 0

    def take(self, outcome: ReplayOutcome, running: int) -> None:
        self.finished += 1
        self.failed += outcome.error is not None
        self.done(outcome)
        self.progress.update(self.finished, running, self.failed)


def lost(task: ReplayTask, exc: BaseException) -> ReplayOutcome:
    """The outcome of a task that never returned one (its worker died, say)."""
    text = " ".join(str(exc).split())
    return ReplayOutcome(task.index, task.key, None, f"{type(exc).__name__}{': ' + text if text else ''}", None)


class SerialExecutor(_Local):
    """-j 1: each replay in this process, one after another."""

    def run(self, tasks: Sequence[ReplayTask], done: Done, progress: SweepProgress) -> None:
        tally = _Tally(done, progress)
        for i, task in enumerate(tasks):
            progress.update(tally.finished, 1, tally.failed)
            tally.take(run_replay(task), 1 if i + 1 < len(tasks) else 0)


class ProcessExecutor(_Local):
    """-j N: N local processes (started fresh, so they inherit no state from this one)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def run(self, tasks: Sequence[ReplayTask], done: Done, progress: SweepProgress) -> None:
        tally = _Tally(done, progress)
        pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_leave_interrupts)
        try:
            with _ignored_by_new_workers():  # the pool starts its workers as the tasks are submitted
                pending: dict[Future[ReplayOutcome], ReplayTask] = {pool.submit(run_replay, t): t for t in tasks}
            progress.update(0, min(self.jobs, len(tasks)), 0)
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    task = pending.pop(future)
                    try:
                        outcome = future.result()
                    except Exception as exc:  # noqa: BLE001 (a dead worker fails its replay, not the sweep)
                        outcome = lost(task, exc)
                    tally.take(outcome, sum(f.running() for f in pending))
        except BaseException:  # Ctrl-C, or results that cannot be written
            for child in multiprocessing.active_children():  # replays under way are dropped, not waited for
                child.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


@contextmanager
def _ignored_by_new_workers() -> Iterator[None]:
    """While workers are started: a process started with Ctrl-C (SIGINT) ignored keeps it ignored from its first
    instruction (Python installs its KeyboardInterrupt handler only where SIGINT is not ignored), so a Ctrl-C while
    a worker is still starting up prints no traceback of its own. The initializer alone leaves that window open
    for as long as a worker takes to import refsim. A Ctrl-C during the few milliseconds of the starts is lost."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _leave_interrupts() -> None:
    """In a worker process: Ctrl-C is this process's to handle (it stops the workers), so the workers print no
    traceback of their own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class DaskExecutor:
    """--dask ADDRESS: tasks go to a Dask scheduler. Workers need refsim installed (the same version) and
    nothing else: each task carries its recording's bytes and brings its results back."""

    def __init__(self, address: str, warn: Callable[[str], None], worker_wait: float = WORKER_WAIT) -> None:
        self.address, self.warn, self.worker_wait = address, warn, worker_wait
        self._client: Any = None
        self._distributed: Any = None
        self._usable: list[str] = []

    def start(self) -> None:
        """Connect and check the workers, before any result is written."""
        try:
            self._distributed = importlib.import_module("distributed")  # the optional extra, untyped here
        except ImportError:
            raise ExecutorError("--dask needs Dask: pip install 'refsim[dask]'") from None
        self._check_address()
        try:
            self._client = self._distributed.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise ExecutorError(f"--dask {self.address}: cannot reach the Dask scheduler: "
                                f"{' '.join(str(exc).split()) or type(exc).__name__}") from None
        try:
            self._usable = self._workers(self._client)
        except BaseException:
            self.stop()
            raise

    def _check_address(self) -> None:
        """Refuse a malformed address before any Client is built: a Client whose start failed lingers until its
        __del__, which can wait on the connection it never made and then print a traceback of its own."""
        comm = importlib.import_module("distributed.comm")
        try:
            scheme, location = comm.parse_address(self.address)
            importlib.import_module("distributed.comm.registry").get_backend(scheme)
            host, port = comm.parse_host_port(location, DEFAULT_PORT) if scheme in _HOST_PORT else ("-", 1)
        except (ValueError, TypeError) as exc:
            raise ExecutorError(f"--dask {self.address}: not a Dask scheduler address: "
                                f"{' '.join(str(exc).split()) or type(exc).__name__}") from None
        if scheme in _SECURED:
            raise ExecutorError(f"--dask {self.address}: a {scheme}:// scheduler needs TLS settings, which refsim "
                                "does not take (use tcp://)")
        if not host or not 1 <= port <= 65535:
            raise ExecutorError(f"--dask {self.address}: not a Dask scheduler address: it needs a host and a port "
                                "from 1 to 65535")

    def stop(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def run(self, tasks: Sequence[ReplayTask], done: Done, progress: SweepProgress) -> None:
        client, workers = self._client, self._usable
        threads = sum(n for w, n in client.nthreads().items() if w in workers)
        tally = _Tally(done, progress)
        futures: dict[Any, ReplayTask] = {client.submit(run_replay, t, pure=False, workers=workers): t
                                          for t in tasks}
        progress.update(0, min(threads, len(tasks)), 0)
        try:
            for future in self._distributed.as_completed(list(futures), loop=client.loop):
                task = futures.pop(future)
                try:
                    outcome = future.result()
                except Exception as exc:  # noqa: BLE001 (a lost worker fails its replay, not the sweep)
                    outcome = lost(task, exc)
                tally.take(outcome, min(threads, len(futures)))
        finally:
            if futures:
                client.cancel(list(futures))

    def _workers(self, client: Any) -> list[str]:
        """The workers running this refsim version; the others are named and left out."""
        try:
            client.wait_for_workers(1, timeout=self.worker_wait)
        except TimeoutError:
            raise ExecutorError(f"--dask {self.address}: no worker joined the scheduler within "
                                f"{self.worker_wait:g} s") from None
        versions = client.run(installed_version, on_error="return")
        usable = sorted(w for w, v in versions.items() if v == __version__)
        for worker, version in sorted(versions.items()):
            if version != __version__:
                found = f"refsim {version}" if isinstance(version, str) else "no usable refsim"
                self.warn(f"--dask: worker {worker} refused: it runs {found}, this sweep refsim {__version__}")
        if not usable:
            raise ExecutorError(f"--dask {self.address}: no worker runs refsim {__version__}")
        return usable
