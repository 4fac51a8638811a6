"""`.ci/run` fails when any step of the README's test command fails, and only then goes on to the wheel check.
Run against stand-ins: `python3` on PATH makes a venv whose `python` and `pip` log their arguments and whose
`python -m pytest` (or traceability) exits as the test asks."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]

PYTHON3 = """#!/usr/bin/env bash
echo "python3 $*" >> "$CI_LOG"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"
  cp "$CI_STUBS/python" "$3/bin/python"
  cp "$CI_STUBS/pip" "$3/bin/pip"
fi
"""
VENV_PYTHON = """#!/usr/bin/env bash
echo "python $*" >> "$CI_LOG"
if [ "$1 $2" = "-m pytest" ]; then echo "${REFSIM_REQUIRE_BROWSER:-unset}" > "$CI_LOG.browser"; exit "$PYTEST_EXIT"; fi
case "$1" in tools/traceability.py) exit "$TRACEABILITY_EXIT";; esac
exit 0
"""
PIP = """#!/usr/bin/env bash
echo "pip $*" >> "$CI_LOG"
"""


def _stub(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


CHROMIUM = """#!/usr/bin/env bash
echo "chromium $*" >> "$CI_LOG"
"""
APT_GET = """#!/usr/bin/env bash
echo "apt-get $*" >> "$CI_LOG"
"""
TOOLS = ("bash", "dirname", "rm", "mkdir", "cp")  # all .ci/run and the stubs need from the system


def _ci(tmp_path: Path, pytest_exit: int, traceability_exit: int = 0,
        browser: bool = True) -> tuple[int, list[str]]:
    """Run .ci/run against the stubs. With `browser`, a `chromium` stub is on PATH; without, PATH holds only the
    stubs and the few system tools named in TOOLS, so no chromium of the machine's is found."""
    project, stubs, log = tmp_path / "project", tmp_path / "stubs", tmp_path / "log"
    (project / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", project / ".ci" / "run")
    stubs.mkdir()
    _stub(stubs / "python3", PYTHON3)
    _stub(stubs / "python", VENV_PYTHON)
    _stub(stubs / "pip", PIP)
    _stub(stubs / "apt-get", APT_GET)
    if browser:
        _stub(stubs / "chromium", CHROMIUM)
        path = f"{stubs}{os.pathsep}{os.environ['PATH']}"
    else:
        tools = tmp_path / "tools"
        tools.mkdir()
        for name in TOOLS:
            (tools / name).symlink_to(shutil.which(name))
        path = f"{stubs}{os.pathsep}{tools}"
    env = {**os.environ, "PATH": path, "CI_LOG": str(log),
           "CI_STUBS": str(stubs), "PYTEST_EXIT": str(pytest_exit), "TRACEABILITY_EXIT": str(traceability_exit)}
    done = subprocess.run(["bash", str(project / ".ci" / "run")], env=env, capture_output=True, text=True,
                          timeout=60)
    return done.returncode, log.read_text().splitlines() if log.exists() else []


def test_a_failing_suite_fails_ci_before_the_wheel_check(tmp_path: Path):
    """Kills: the suite's failure lost in the && list (set -e does not stop there), CI going on green."""
    status, calls = _ci(tmp_path, pytest_exit=1)
    assert status == 1
    assert calls[-1] == "python -m pytest -q -n 2 --dist worksteal --cucumberjson=reports/cucumber.json"
    assert not any("wheel_check" in c for c in calls)


def test_a_failing_traceability_check_fails_ci(tmp_path: Path):
    status, calls = _ci(tmp_path, pytest_exit=0, traceability_exit=3)
    assert status == 3 and calls[-1] == "python tools/traceability.py --results reports --strict --quiet"


def test_a_passing_suite_goes_on_to_the_wheel_check(tmp_path: Path):
    status, calls = _ci(tmp_path, pytest_exit=0)
    assert status == 0
    assert calls == ["python3 -m venv .venv", "pip install -q -e .[test]",
                     "python -m pytest -q -n 2 --dist worksteal --cucumberjson=reports/cucumber.json",
                     "python tools/traceability.py --results reports --strict --quiet", "python tools/wheel_check.py"]


def test_ci_installs_chromium_when_absent_and_requires_the_browser_tests(tmp_path: Path):
    """Without chromium on PATH, .ci/run installs it with apt before the test command; the suite runs with
    REFSIM_REQUIRE_BROWSER=1, so a browser test cannot skip to green."""
    status, calls = _ci(tmp_path, pytest_exit=0, browser=False)
    assert status == 0
    assert calls[0] == "apt-get install -y chromium"
    assert (tmp_path / "log.browser").read_text() == "1\n"


def test_ci_leaves_an_installed_chromium_alone(tmp_path: Path):
    status, calls = _ci(tmp_path, pytest_exit=0, browser=True)
    assert status == 0 and not any(c.startswith("apt-get") for c in calls)
