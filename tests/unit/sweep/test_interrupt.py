"""Ctrl-C during a sweep on local processes: the sweep stops at once with one line, the worker processes are gone
(they are not left to finish their replays), and the table holds what had finished (here nothing)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from refsim.sched.state import REFERENCE_ENV

# 1,500 one-task jobs with run limits on one one-slot host under conservative, on the reference path
# (REFSIM_REFERENCE_PATH=1, which the workers inherit): every session plans a backfill reservation for every waiting
# job, so each replay runs for minutes, far longer than the test waits. (The fast path replays it in a fraction of a
# second: a bulk session with no free slot is counted whole.)
JOBS = "\n".join(f"  - {{time: 0, submit: {{id: {i}, run_time: 10, run_limit: 10}}}}" for i in range(1, 1501))
SLOW = f"cluster:\n  hosts: [{{name: a, slots: 1}}]\nscheduling: {{discipline: conservative}}\nevents:\n{JOBS}\n"


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def test_ctrl_c_stops_the_workers_at_once(tmp_path: Path):
    (tmp_path / "slow.yaml").write_text(SLOW)
    (tmp_path / "s.yaml").write_text("recordings: [slow.yaml]\nruns: [{time_scale: 1.0}, {time_scale: 0.5}]\n")
    sweep = subprocess.Popen([sys.executable, "-m", "refsim", "sweep", "s.yaml", "-o", "out", "-j", "2"],
                             cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, REFERENCE_ENV: "1"},
                             start_new_session=True,  # its own process group, to see that no worker outlives it
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while not (tmp_path / "out" / "results.csv").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)  # the workers are replaying
        os.killpg(sweep.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group gets it
        out, err = sweep.communicate(timeout=60)
        assert sweep.returncode == 130
        assert err == "refsim: interrupted; no partial output file was left\n" and out == ""
        deadline = time.monotonic() + 20
        while _group_alive(sweep.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _group_alive(sweep.pid)
        assert (tmp_path / "out" / "results.jsonl").read_text() == ""
    finally:
        if _group_alive(sweep.pid):
            os.killpg(sweep.pid, signal.SIGKILL)
