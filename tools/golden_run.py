"""The shared body of tools/regen_golden.py and tools/baseline.py: run one golden test module under pytest, for the
cases named (or all), rewriting them with --update (`pytest --update-golden`, tests/golden/cases.py)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None, doc: str, module: str, test: str, names: Callable[[], list[str]]) -> int:
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true",
                        help="rewrite the cases named (any case), or every changed case not verified by hand")
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    known = names()
    unknown = [c for c in args.cases if c not in known]
    if unknown:
        print(f"error: no case named '{unknown[0]}' (one of: {', '.join(known)})", file=sys.stderr)
        return 2
    targets = [f"{module}::{test}[{case}-{driver}]" for case in args.cases for driver in ("inprocess", "subprocess")]
    command = [sys.executable, "-m", "pytest", "-q", *(targets or [module])]
    if args.update:
        command += [f"--update-golden={case}" for case in args.cases] or ["--update-golden"]
    return subprocess.call(command, cwd=ROOT)
