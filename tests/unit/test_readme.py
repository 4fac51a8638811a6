"""The README's commands: CI runs its test command exactly, and what it says of completion and `python -m` holds."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _set_up_commands() -> list[str]:
    set_up = README.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", set_up, re.S)


def test_ci_runs_exactly_the_readme_test_command():
    opening, test = _set_up_commands()
    assert opening.endswith(".venv/bin/refsim") and "pytest" in test
    ci_lines = (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert test in ci_lines  # the very line, not a paraphrase
    assert "tools/traceability.py --results reports --strict" in test and "--cucumberjson=reports/" in test
    assert " -n 2 " in test and "both cores" in README  # the suite's run on both cores, as the README says


def test_shell_completion_as_documented():
    assert 'eval "$(_REFSIM_COMPLETE=bash_source refsim)"' in README
    script = subprocess.run([sys.executable, "-m", "refsim"], env={**os.environ, "_REFSIM_COMPLETE": "bash_source"},
                            capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert "complete " in script.stdout and "_REFSIM_COMPLETE" in script.stdout
    # Completing `refsim sim --ex` offers --example, as a shell would ask for it.
    words = subprocess.run([sys.executable, "-m", "refsim"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                           env={**os.environ, "_REFSIM_COMPLETE": "bash_complete", "COMP_WORDS": "refsim sim --ex",
                                "COMP_CWORD": "2"})
    assert "plain,--example" in words.stdout.splitlines()
