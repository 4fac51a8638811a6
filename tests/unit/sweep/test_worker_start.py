"""Local sweep workers start with Ctrl-C ignored, so a Ctrl-C that arrives while a worker is still starting up
prints no traceback from it (the sweep itself reports the interrupt in one line)."""

import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor

from refsim.sweep.executors import _ignored_by_new_workers


def _sigint_disposition() -> int:
    handler = signal.getsignal(signal.SIGINT)
    return int(handler) if isinstance(handler, int) else -1


def test_a_worker_started_inside_the_window_ignores_ctrl_c_from_its_start_and_this_process_does_not():
    """The worker's disposition is read by its first task, but it was inherited at the worker's exec: an ignored
    signal stays ignored across exec, where a handler would be reset and Python would install its own.
    Kills: executors._ignored_by_new_workers not ignoring SIGINT for the workers, or leaving it ignored here."""
    before = signal.getsignal(signal.SIGINT)
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    try:
        with _ignored_by_new_workers():
            future = pool.submit(_sigint_disposition)
        assert future.result(timeout=120) == int(signal.SIG_IGN)
    finally:
        pool.shutdown()
    assert signal.getsignal(signal.SIGINT) is before  # restored: Ctrl-C still stops the sweep


def test_workers_can_be_started_from_a_thread_other_than_the_main_one():
    """Only the main thread may set signal handlers: a program that runs a sweep on local processes from another
    thread gets its workers started with Ctrl-C left as it is, not a ValueError, and the main thread's handler is
    untouched. Kills: executors._ignored_by_new_workers's test of the thread it runs in (and its early return)."""
    import threading

    before, errors, ran = signal.getsignal(signal.SIGINT), [], []

    def start() -> None:
        try:
            with _ignored_by_new_workers():
                ran.append(signal.getsignal(signal.SIGINT))
        except Exception as exc:  # noqa: BLE001 (reported to the test below)
            errors.append(exc)

    thread = threading.Thread(target=start)
    thread.start()
    thread.join()
    assert errors == [] and ran == [before] and signal.getsignal(signal.SIGINT) is before


def test_a_worker_started_outside_the_window_ignores_ctrl_c_once_it_has_started():
    """A worker started with Ctrl-C left as it was (a sweep run from a thread other than the main one starts its
    workers outside the window) still ignores it from its pool's initializer on, before it takes a task.
    Kills: executors._leave_interrupts not setting SIGINT to ignored."""
    from refsim.sweep.executors import _leave_interrupts

    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_leave_interrupts)
    try:
        assert pool.submit(_sigint_disposition).result(timeout=120) == int(signal.SIG_IGN)
    finally:
        pool.shutdown()
