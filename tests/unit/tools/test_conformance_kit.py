"""The conformance kit's subprocess path imports nothing of refsim (tools/wheel_check.py builds the kit and runs it
against an installed refsim in CI)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_STEPS = ("steps.drivers", "steps.transcripts", "steps.cases", "steps.repl_steps", "steps.proof_steps")


def test_the_shipped_steps_and_the_subprocess_driver_import_nothing_of_refsim():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in SHIPPED_STEPS)
            + "from steps.drivers import SubprocessDriver\n"
            + "t = SubprocessDriver().run(None, [], ['step'])\n"
            + "print(t.output, end='')\n"
            + "print(sorted(m for m in sys.modules if m == 'refsim' or m.startswith('refsim.')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # The driver ran refsim in a child process (the demo's first decision), and this process loaded none of it.
    assert done.stdout == "round 1 dispatch 100 -> hostB*4 (reconstructed)\n[]\n"

