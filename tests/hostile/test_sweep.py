"""`sweep` (and the outputs of `sim` it shares): a long axis is checked in linear time, a sweep too big to run is
refused at once, a NUL in a recording path, a malformed Dask address, a number YAML reads as text, an empty path and
a full disk are each one line naming what is wrong, exit 2; and the progress ETA moves while a replay runs."""

from __future__ import annotations

import errno
import shutil
import time
from pathlib import Path

import pytest

from refsim.sweep.progress import SweepProgress
from refsim.sweep.spec import MAX_COMBINATIONS
from tests.hostile.harness import ROOT, assert_refused, cli, folder_state
from tests.support.terminal import Terminal


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "examples" / "six-jobs.yaml", tmp_path / "six-jobs.yaml")
    return tmp_path


def refused(folder: Path, sweep: str, fragment: str, *options: str) -> None:
    (folder / "sweep.yaml").write_text(sweep)
    before = folder_state(folder)
    assert_refused(cli(folder, "sweep", "sweep.yaml", "-o", "out", *options), fragment)
    assert folder_state(folder) == before


def test_a_duplicate_at_the_end_of_30000_values_is_found_in_linear_time(folder: Path) -> None:
    """The old pairwise check took 9 s for 8,000 values, so about 2 minutes for 30,000; a set takes milliseconds.
    The bound of 20 s is far from both, whatever the load on the machine."""
    values = ", ".join(str(v) for v in [*range(1, 30_001), 29_999])
    started = time.monotonic()
    refused(folder, f"recordings: [six-jobs.yaml]\naxes:\n  cluster.hosts[0].slots: [{values}]\n",
            "axes.cluster.hosts[0].slots[30000]: the value 29999 is listed twice")
    assert time.monotonic() - started < 20


def test_three_axes_of_1000_values_are_refused_before_any_combination_is_built(folder: Path) -> None:
    axes = "".join(f"  cluster.queues[name=q{i}].priority: [{', '.join(map(str, range(1000)))}]\n" for i in range(3))
    refused(folder, "recordings: [six-jobs.yaml]\naxes:\n" + axes,
            f"1000 x 1000 x 1000 = 1000000000 combinations, more than the {MAX_COMBINATIONS}")


def test_a_nul_in_a_recording_path_is_named(folder: Path) -> None:
    refused(folder, 'recordings: ["six\\0jobs.yaml"]\n', "recordings[0]: 'six\\x00jobs.yaml' holds a NUL character")


def test_an_exponent_yaml_reads_as_text_says_how_to_write_it(folder: Path) -> None:
    refused(folder, "recordings: [six-jobs.yaml]\naxes:\n  time_scale: [1e308]\n",
            "found text 1e308 (YAML reads an exponent as a number only with a dot and a sign: write 1.0e+308")


@pytest.mark.parametrize("address, fragment", [
    ("tls://127.0.0.1:1", "a tls:// scheduler needs TLS settings"),
    ("tcp://host:notaport", "not a Dask scheduler address: invalid literal"),
    ("tcp://[::1", "not a Dask scheduler address: invalid address"),
    ("localhost:99999", "not a Dask scheduler address: it needs a host and a port from 1 to 65535"),
    ("tcp://", "not a Dask scheduler address: it needs a host and a port from 1 to 65535"),
    ("foo://bar", "not a Dask scheduler address: unknown address scheme 'foo'"),
])
def test_a_malformed_dask_address_is_refused_before_any_client_is_made(folder: Path, monkeypatch, address: str,
                                                                       fragment: str) -> None:
    """No Client is built (building one fails the test), so none can linger and hang in its __del__."""
    distributed = pytest.importorskip("distributed")

    def no_client(*args: object, **kwargs: object) -> None:
        raise AssertionError("a Client was built for a malformed address")

    monkeypatch.setattr(distributed, "Client", no_client)
    refused(folder, "recordings: [six-jobs.yaml]\n", f"--dask {address}: {fragment}", "--dask", address)


class _FullDisk:
    """A file on a full disk: every write fails with ENOSPC, as the kernel reports it (no file name)."""

    def __init__(self, real) -> None:
        self.real = real

    def write(self, text: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str):
        return getattr(self.real, name)


@pytest.mark.parametrize("option", ["--schedule", "--resources"])
def test_a_full_disk_under_a_table_names_the_option_and_the_file(folder: Path, monkeypatch, option: str) -> None:
    import refsim.sim.tables as tables

    real = tables.atomic_write

    def full(path, binary=False):
        atomic = real(path, binary)
        atomic.file = _FullDisk(atomic.file)
        return atomic

    monkeypatch.setattr(tables, "atomic_write", full)
    before = folder_state(folder)
    assert_refused(cli(folder, "sim", "six-jobs.yaml", option, "t.csv"),
                   f"{option} t.csv: cannot write: No space left on device")
    assert folder_state(folder) == before


def test_a_full_disk_under_the_sweep_results_names_the_file(folder: Path, monkeypatch) -> None:
    import refsim.sweep.results as results

    real = results.atomic_write

    def full(path, binary=False):
        atomic = real(path, binary)
        atomic.file = _FullDisk(atomic.file)
        return atomic

    monkeypatch.setattr(results, "atomic_write", full)
    (folder / "sweep.yaml").write_text("recordings: [six-jobs.yaml]\n")
    result = cli(folder, "sweep", "sweep.yaml", "-o", "out", "-j", "1")
    assert_refused(result, "out/results.csv: cannot write: No space left on device")
    assert not (folder / "out" / "results.csv").exists()


def test_a_disk_filling_up_during_a_sweep_names_the_results_file(folder: Path, monkeypatch) -> None:
    """The results files are opened for appending once the sweep starts; a write refused then (and the flush
    that closing retries) names the file, not only the errno."""
    import builtins

    import refsim.sweep.results as results

    real_open = builtins.open

    def appending_to_a_full_disk(path, mode="r", *args, **kwargs):
        opened = real_open(path, mode, *args, **kwargs)
        return _FullDisk(opened) if mode == "a" and str(path).endswith("results.csv") else opened

    monkeypatch.setattr(results, "open", appending_to_a_full_disk, raising=False)
    (folder / "sweep.yaml").write_text("recordings: [six-jobs.yaml]\n")
    result = cli(folder, "sweep", "sweep.yaml", "-o", "out", "-j", "1")
    assert_refused(result, "out/results.csv: cannot write: No space left on device")


@pytest.mark.parametrize("args, fragment", [
    (("sim", ""), "Error: RECORDING: the path is empty"),
    (("report", ""), "Error: RUN: the path is empty"),
    (("sweep", "", "-o", "out"), "Error: SPEC: the path is empty"),
    (("sweep", "x.yaml", "-o", ""), "Error: --output: the path is empty"),
    (("sim", "six-jobs.yaml", "--schedule", ""), "Error: --schedule: the path is empty"),
])
def test_an_empty_path_is_named_as_empty(folder: Path, args: tuple[str, ...], fragment: str) -> None:
    """An empty path used to be read as the current folder: `Error: : cannot read: Is a directory`."""
    before = folder_state(folder)
    assert_refused(cli(folder, *args), fragment)
    assert folder_state(folder) == before


def test_the_eta_counts_down_while_a_replay_runs() -> None:
    """4 replays; the first ends at 30 s: 3 left at 30 s each, 90 s. With nothing finished since, at 60 s 60 s are
    left and at 130 s none (90 - 100, never below 0); the second ending at 130 s sets the pace at 65 s: 2 left,
    130 s."""
    now = [0.0]
    progress = SweepProgress(4, Terminal(), clock=lambda: now[0], tick=None)
    shown = []
    for at, done in ((30.0, 1), (60.0, 1), (130.0, 1), (130.0, 2)):
        now[0] = at
        shown.append(progress.line(done, 1, 0).split("ETA ")[1])
    assert shown == ["0:01:30", "0:01:00", "0:00:00", "0:02:10"]


def test_the_line_is_redrawn_while_nothing_finishes() -> None:
    """With a tick of 10 ms the line is drawn again without any update, showing the time left going down."""
    now = [30.0]
    stream = Terminal()
    progress = SweepProgress(4, stream, clock=lambda: now[0], tick=0.01)
    progress._started = 0.0  # the sweep began at 0 s; one replay ended at 30 s
    progress.update(1, 1, 0)
    now[0] = 45.0
    deadline = time.monotonic() + 10
    while "ETA 0:01:15" not in stream.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    progress.close()
    assert "ETA 0:01:30" in stream.getvalue() and "ETA 0:01:15" in stream.getvalue()
