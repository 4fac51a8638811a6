"""What every hostile case checks: the one-line error, the exit status, and that every file in the folder (inputs
and earlier outputs) is byte-identical afterwards, with no temporary file left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Callable

from click.testing import CliRunner

from refsim.cli import main

ROOT = Path(__file__).resolve().parents[2]

RECORDING = """refsim: 1
cluster:
  hosts:
    - {name: h1, slots: 4, mem: 8G}
    - {name: h2, slots: 4, mem: 8G}
events:
  - {time: 0, submit: {id: 1, tasks: 2, run_time: 10}}
  - {time: 5, submit: {id: 2, tasks: 8, run_time: 10}}
"""

# Sessions every second while job 1 runs for a billion seconds: a replay that only an interrupt ends.
ENDLESS = """refsim: 1
cluster:
  hosts:
    - {name: h1, slots: 1}
sessions: {policy: every, interval: 1}
events:
  - {time: 0, submit: {id: 1, run_time: 1000000000}}
  - {time: 0, submit: {id: 2, run_time: 5}}
  - {time: 1000000000, submit: {id: 3, run_time: 1}}
"""


def folder_state(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder`: file bytes, or the target of a link."""
    state: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            state[key] = "-> " + os.readlink(path)
        elif path.is_file():
            state[key] = path.read_bytes()
    return state


def cli(folder: Path, *args: str, stdin: str | bytes | None = None):
    """Run refsim in-process inside `folder`; the CliRunner result."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, list(args), input=stdin)
    finally:
        os.chdir(cwd)


def assert_refused(result, fragment: str, status: int = 2) -> None:
    """One line on stderr, `Error: ...` containing `fragment`; the given exit status (2: an input or output that
    cannot be used, docs/repl.md); no traceback."""
    assert isinstance(result.exception, SystemExit) or result.exception is None, result.exception
    assert result.exit_code == status, (result.exit_code, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in result.output


def refsim_process(folder: Path, *args: str, **popen) -> subprocess.Popen:
    """refsim as a terminal would start it. A suite started in the background by a non-interactive shell inherits
    SIGINT ignored, and Python then leaves Ctrl-C ignored too, so the child gets SIGINT's default back first."""
    prepare = _as_from_a_terminal(popen.pop("preexec_fn", None))
    return subprocess.Popen([sys.executable, "-m", "refsim.cli", *args], cwd=folder,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=prepare, **popen)


def _as_from_a_terminal(then: Callable[[], object] | None) -> Callable[[], None]:
    def prepare() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if then is not None:
            then()
    return prepare


def refsim_run(folder: Path, *args: str, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "refsim.cli", *args], cwd=folder, input=stdin,
                          capture_output=True, timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})
