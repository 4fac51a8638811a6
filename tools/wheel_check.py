"""Build refsim's two wheels, install them into a fresh virtual environment, and check them from there.

    python tools/wheel_check.py [--keep] [--reports DIR]

Builds refsim and refsim-conformance (`pip wheel . ./conformance`), installs both into a new venv in a temporary
folder (dependencies from the package index), then, from that folder and with nothing of this checkout on the path:
`refsim --version`, `refsim sim --example list`, the console on an example, the JSON trace schema shipped in the
package (the same bytes as docs/trace.schema.json), and the conformance kit against the installed `refsim`
(`pytest -p refsim_conformance --conformance-command ...`). Exit 0 when every step passes; the first failing step
is named. CI runs it after the test suite."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSOLE_SCRIPT = "step 2\ninfo round\nquit\n"
# prints the schema the installed package carries, exactly (read as bytes, so no newline is translated)
SCHEMA_SCRIPT = ("import sys, importlib.resources as r; "
                 "sys.stdout.write((r.files('refsim.trace') / 'trace.schema.json').read_bytes().decode('utf-8'))")
# examples/limits.yaml, hand-checked: round 1 is at t=0 (sessions start at the first event) and sees jobs 1-3: ann's
# job 1 takes n1*4, and her job 2 would pass per_user_slots (8 > 6 slots) and, with ben's, team_mem (32GB > 24GB);
# golden/trace/limits-full/NOTE.md derives the same rounds.
CONSOLE_LINES = ["round 1 #1 dispatch 1 -> n1*4",
                 "round 1 #2 pend 2: cluster-limit: per_user_slots[user=ann] slots; cluster-limit: "
                 "team_mem[users=ann+ben] mem"]


def _run(step: str, command: list[str], cwd: Path, stdin: str = "") -> str:
    print(f"wheel check: {step}", flush=True)
    done = subprocess.run(command, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        sys.stdout.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"wheel check: {step}: failed (exit status {done.returncode})")
    return done.stdout


def check(work: Path, reports: Path | None) -> None:
    wheels, venv = work / "wheels", work / "venv"
    _run("building the wheels", [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), ".",
                                 "./conformance"], ROOT)
    _run("making a fresh venv", [sys.executable, "-m", "venv", str(venv)], work)
    python, refsim = venv / "bin" / "python", venv / "bin" / "refsim"
    _run("installing both wheels", [str(python), "-m", "pip", "install", "-q", *map(str, sorted(wheels.glob("*.whl")))],
         work)
    version = _run("refsim --version", [str(refsim), "--version"], work)
    if not version.startswith("refsim "):
        raise SystemExit(f"wheel check: refsim --version printed {version!r}")
    listing = _run("refsim sim --example list", [str(refsim), "sim", "--example", "list"], work)
    if "limits" not in listing.split():
        raise SystemExit("wheel check: --example list does not list limits")
    console = _run("the console on --example limits", [str(refsim), "sim", "--example", "limits", "-i"], work,
                   CONSOLE_SCRIPT)
    if console.splitlines()[:2] != CONSOLE_LINES:
        raise SystemExit(f"wheel check: the console printed {console.splitlines()[:2]}, not {CONSOLE_LINES}")
    schema = _run("the JSON trace schema in the package", [str(python), "-c", SCHEMA_SCRIPT], work)
    if schema != (ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8"):
        raise SystemExit("wheel check: the installed refsim/trace/trace.schema.json is not docs/trace.schema.json")
    if reports is not None:
        reports.mkdir(parents=True, exist_ok=True)
    report = [f"--cucumberjson={reports.resolve() / 'subprocess.json'}"] if reports is not None else []
    out = _run("the conformance kit against the installed refsim",
               [str(python), "-m", "pytest", "-q", "-p", "refsim_conformance", "--conformance-command",
                f"{refsim} sim {{recording}} {{options}} -i", *report], work)
    print(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    parser.add_argument("--reports", type=Path, help="write the kit's cucumber JSON report into DIR")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="refsim-wheels-"))
    try:
        check(work, args.reports)
    finally:
        if args.keep:
            print(f"wheel check: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("wheel check: both wheels install and run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
