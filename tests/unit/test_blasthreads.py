"""The `refsim` command leaves numpy one OpenBLAS thread unless the user chose a number (refsim/blasthreads.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# the command's module imported, then what the process sees: the setting, and its threads once numpy is loaded
PROBE = ("import os, sys, refsim.cli; assert 'numpy' in sys.modules; "
         "print(os.environ.get('OPENBLAS_NUM_THREADS'), len(os.listdir('/proc/self/task')))")


def probe(**env: str) -> list[str]:
    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**base, "PYTHONPATH": str(ROOT), **env})
    return done.stdout.split()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc (Linux)")
def test_the_command_runs_numpy_with_one_blas_thread():
    # the setting is made before numpy starts its pool, so the process has its main thread alone
    assert probe() == ["1", "1"]


def test_a_users_own_setting_is_kept():
    assert probe(OPENBLAS_NUM_THREADS="2")[0] == "2"
