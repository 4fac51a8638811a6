"""Interrupts, closed pipes and failing writes: Ctrl-C in a batch run leaves only complete files; a closed stdout
exits quietly with status 141; Ctrl-C during `step N` returns to the console; a failing output is named and
dropped while the session goes on."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.hostile.harness import ENDLESS, RECORDING, folder_state, refsim_process, refsim_run


def hidden_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def wait_for_temporary(folder: Path, proc: subprocess.Popen, seconds: float = 60) -> None:
    """Until the run has started writing (its temporary file exists), so the interrupt lands mid-replay."""
    deadline = time.monotonic() + seconds
    while not hidden_files(folder):
        assert proc.poll() is None and time.monotonic() < deadline, "the run never started writing"
        time.sleep(0.05)
    time.sleep(0.3)


def test_ctrl_c_in_a_batch_run_leaves_the_earlier_files_and_no_partial_one(tmp_path):
    (tmp_path / "rec.yaml").write_text(ENDLESS)
    (tmp_path / "out.jsonl").write_text("an earlier output\n")
    (tmp_path / "sched.log").write_text("an earlier log\n")
    before = folder_state(tmp_path)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "--sim-output", "out.jsonl", "--log", "sched.log",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_temporary(tmp_path, proc)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == b""
    assert err.decode().splitlines() == ["refsim: interrupted; no partial output file was left"]
    assert folder_state(tmp_path) == before and hidden_files(tmp_path) == []


def test_sigterm_in_a_batch_run_leaves_the_earlier_files_and_no_partial_one(tmp_path):
    """Kills: SIGTERM left to its default action, which ends the process at once and leaves the hidden temporary
    output beside the earlier file."""
    (tmp_path / "rec.yaml").write_text(ENDLESS)
    (tmp_path / "out.jsonl").write_text("an earlier output\n")
    before = folder_state(tmp_path)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "--sim-output", "out.jsonl",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for_temporary(tmp_path, proc)
    proc.terminate()
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and out == b""
    assert err.decode().splitlines() == ["refsim: terminated; no partial output file was left"]
    assert folder_state(tmp_path) == before and hidden_files(tmp_path) == []


def test_a_closed_stdout_exits_quietly_with_141_and_leaves_no_temporary_file(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "--sim-output", "out.jsonl",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before refsim prints its summary (`| head -0`)
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141 and err == b""
    assert hidden_files(tmp_path) == []
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    decisions = [(r["job"], r["kind"]) for r in records if r.get("kind") in ("dispatch", "pend")]
    assert decisions == [("1", "dispatch"), ("2", "pend"), ("2", "dispatch")]  # complete, and "end" is last
    assert records[-1]["kind"] == "end"


@pytest.mark.parametrize("args", [["sim", "rec.yaml", "-i"], ["live", "cluster.yaml"]])
def test_a_closed_stdout_ends_the_console_and_live_mode_quietly(tmp_path, args):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    (tmp_path / "cluster.yaml").write_text("cluster:\n  hosts:\n    - {name: h1, slots: 1}\n")
    proc = refsim_process(tmp_path, *args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    _, err = proc.communicate(b"help\n" * 50 + b'{"type":"status"}\n' * 50, timeout=60)
    assert proc.returncode == 141 and err == b""


def test_ctrl_c_during_step_returns_to_the_console(tmp_path):
    """`step 1000000` on a replay with a session every second would run for hours; Ctrl-C stops it between two
    decisions, the console says where, and the next commands run. The output written at quit is complete."""
    (tmp_path / "rec.yaml").write_text(ENDLESS)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "-i", "--sim-output", "out.jsonl", stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(b"step 1000000\n")
    proc.stdin.flush()
    wait_for_temporary(tmp_path, proc)
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(b"info break\nquit\n", timeout=60)
    lines = out.decode().splitlines()
    stop = next(i for i, line in enumerate(lines) if line.startswith("interrupted in round "))
    assert lines[0].startswith("round 1 #1 dispatch 1") and stop < 1_000_000
    assert lines[stop + 1:] == ["no breakpoints"] and proc.returncode == 0 and err == b""
    written = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()[1:]]
    decisions = [r for r in written if r.get("kind") in ("dispatch", "pend")]
    assert len(decisions) == stop  # every decision echoed before the stop


def test_ctrl_c_while_the_console_waits_for_input_does_not_end_it(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "-i", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    proc.stdin.write(b"show\n")
    proc.stdin.flush()
    shown = [proc.stdout.readline() for _ in range(4)]  # the whole answer: the console is done with 'show'
    assert shown == [b"units auto\n", b"output none\n", b"breakpoints 0\n", b"continue normal\n"]
    proc.send_signal(signal.SIGINT)
    # the console says so at once and waits again; 'step' is sent only then, so a slow machine cannot deliver the
    # signal after the step has begun
    assert proc.stdout.readline() == b"interrupted\n"
    out, err = proc.communicate(b"step\n", timeout=60)
    assert out.decode().splitlines() == ["round 1 #1 dispatch 1 -> h1*2"] and err == b""
    assert proc.returncode == 0


def test_a_failing_trace_file_is_named_and_the_session_goes_on(tmp_path):
    """/dev/full accepts the open and fails every write with ENOSPC, as a full disk does."""
    (tmp_path / "rec.yaml").write_text(RECORDING)
    done = refsim_run(tmp_path, "sim", "rec.yaml", "-i", stdin=b"trace on all file /dev/full\nstep\nstep\nquit\n")
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and done.stderr == b""
    errors = [line for line in lines if line.startswith("error:")]
    assert errors == ["error: trace file /dev/full: cannot write: No space left on device; copying stopped"]
    assert sum(line.startswith("round ") and "#" in line for line in lines) == 2  # both steps reported


def test_a_failing_json_trace_file_is_named_and_the_text_copy_goes_on(tmp_path):
    """Kills: naming the session's text file (or failing the command) when only the JSON copy cannot be written.
    The text copy keeps both traces; the JSON file is named once, when its first trace fails, and then dropped."""
    (tmp_path / "rec.yaml").write_text(RECORDING)
    done = refsim_run(tmp_path, "sim", "rec.yaml", "-i",
                      stdin=b"trace on all file copy.txt json /dev/full\nstep\nstep\nquit\n")
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and done.stderr == b""
    errors = [line for line in lines if line.startswith("error:")]
    assert errors == ["error: trace file /dev/full: cannot write: No space left on device; copying stopped"]
    assert sum(line.startswith("round ") and "#" in line for line in lines) == 2  # both steps reported
    copy = (tmp_path / "copy.txt").read_text().splitlines()
    assert sum(line.startswith("  trace of ") for line in copy) == 2


def test_a_failing_log_is_named_in_the_console_and_the_session_goes_on(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    done = refsim_run(tmp_path, "sim", "rec.yaml", "-i", "--log", "/dev/full", "-v",
                      stdin=b"step\nstep\nquit\n")
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert lines.count("error: --log /dev/full: cannot write: No space left on device; it was not written") == 1
    assert sum(line.startswith("round ") for line in lines) == 2


def test_a_failing_log_ends_a_batch_run_with_one_line_and_no_partial_output(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    (tmp_path / "out.jsonl").write_text("earlier\n")
    before = folder_state(tmp_path)
    done = refsim_run(tmp_path, "sim", "rec.yaml", "--log", "/dev/full", "-vv", "--sim-output", "out.jsonl")
    assert done.returncode == 2  # an output that cannot be written, like unreadable input
    assert done.stderr.decode().splitlines() == [
        "Error: --log /dev/full: cannot write: No space left on device; it was not written"]  # at its first line
    assert folder_state(tmp_path) == before and hidden_files(tmp_path) == []


def _small_files() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))  # files beyond 200 bytes fail with EFBIG


def test_a_snapshot_that_cannot_be_written_leaves_the_earlier_one(tmp_path):
    (tmp_path / "rec.yaml").write_text(RECORDING)
    (tmp_path / "snap.yaml").write_text("an earlier snapshot\n")
    before = folder_state(tmp_path)
    proc = refsim_process(tmp_path, "sim", "rec.yaml", "-i", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, preexec_fn=_small_files)
    out, _ = proc.communicate(b"step\nsnapshot snap.yaml\nstep\n", timeout=60)
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and lines[1] == "error: snapshot: cannot write snap.yaml: File too large"
    assert lines[2].startswith("round ")
    assert folder_state(tmp_path) == before and hidden_files(tmp_path) == []


def test_a_closed_stdout_is_quiet_with_block_buffered_output_too(tmp_path):
    """As a shell starts refsim: without PYTHONUNBUFFERED (which the suite may run under), standard output is
    block-buffered, and a flush that failed on the closed pipe leaves its bytes for the interpreter's exit flush,
    which would fail again ("Exception ignored ... BrokenPipeError", status 120). Kills: cli.py _Refsim.invoke
    without the os.dup2 of /dev/null onto stdout after a broken pipe."""
    import os
    import sys

    from tests.hostile.harness import ROOT
    (tmp_path / "rec.yaml").write_text(RECORDING)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen([sys.executable, "-m", "refsim.cli", "sim", "rec.yaml"], cwd=tmp_path,
                            env={**env, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141 and err == b""
