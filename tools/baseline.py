"""Baseline REPL transcripts (golden/baseline): run one case or write its expected transcript.

    python tools/baseline.py [--update] [CASE...]

Each case folder holds case.yaml (the recording, `demo` for the built-in one, and console options), script.txt
(the commands) and expected.txt (the transcript). `{tmp}` in options and commands is a scratch folder; it is
written as `{tmp}` in transcripts. Without --update the tool only compares and exits 1 on any difference."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from steps.drivers import Driver, InProcessDriver  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "golden" / "baseline"


def run_case(case: Path, driver: Driver) -> str:
    spec = yaml.safe_load((case / "case.yaml").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        fill = lambda text: text.replace("{tmp}", tmp)  # noqa: E731
        recording = None if spec["recording"] == "demo" else ROOT / spec["recording"]
        script = fill((case / "script.txt").read_text(encoding="utf-8")).splitlines()
        transcript = driver.run(recording, [fill(o) for o in spec.get("options", [])], script)
        return transcript.output.replace(tmp, "{tmp}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="write expected.txt instead of comparing")
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    names = args.cases or sorted(p.name for p in CASES.iterdir() if p.is_dir())
    failed = 0
    for name in names:
        got = run_case(CASES / name, InProcessDriver())
        expected = CASES / name / "expected.txt"
        if args.update:
            expected.write_text(got, encoding="utf-8")
            print(f"{name}: written")
        elif not expected.exists() or expected.read_text(encoding="utf-8") != got:
            failed += 1
            print(f"{name}: differs from expected.txt")
        else:
            print(f"{name}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
