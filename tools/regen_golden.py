"""Golden trace transcripts (golden/trace): check them, or rewrite them on request.

    python tools/regen_golden.py [--update] [--driver inprocess|subprocess] [CASE...]

Each case folder holds case.yaml (recording, console options, environment), script.txt (commands), expected.txt
(the transcript, after a header naming this tool and the command that produced it) and NOTE.md (why the expected
output is right). golden/trace/INDEX.yaml lists the cases: a listed case without its files, or a folder that is not
listed, is an error. By default every case is replayed and compared structurally (tools/transcript_tree.py); the
differences are printed with their paths. --update rewrites expected.txt of the cases named (or all)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from steps.drivers import Driver, InProcessDriver, SubprocessDriver  # noqa: E402
from tools.transcript_tree import differences  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden" / "trace"
FILES = ("case.yaml", "script.txt", "expected.txt", "NOTE.md")
HEADER = "# golden transcript written by tools/regen_golden.py; regenerate with: python tools/regen_golden.py --update {case}\n"


def index() -> dict[str, str]:
    return yaml.safe_load((GOLDEN / "INDEX.yaml").read_text(encoding="utf-8"))["cases"]


def problems() -> list[str]:
    """Missing and unused cases."""
    listed = index()
    found = {p.name for p in GOLDEN.iterdir() if p.is_dir()}
    errors = [f"{name}: listed in INDEX.yaml but has no folder" for name in sorted(set(listed) - found)]
    errors += [f"{name}: a folder not listed in INDEX.yaml" for name in sorted(found - set(listed))]
    for name in sorted(set(listed) & found):
        errors += [f"{name}: missing {f}" for f in FILES if not (GOLDEN / name / f).exists() and f != "expected.txt"]
    return errors


def run(name: str, driver: Driver) -> str:
    spec = yaml.safe_load((GOLDEN / name / "case.yaml").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        fill = lambda text: text.replace("{tmp}", tmp)  # noqa: E731
        recording = None if spec["recording"] == "demo" else ROOT / spec["recording"]
        script = fill((GOLDEN / name / "script.txt").read_text(encoding="utf-8")).splitlines()
        transcript = driver.run(recording, [fill(o) for o in spec.get("options", [])], script,
                                env={k: str(v) for k, v in spec.get("env", {}).items()})
        return transcript.output.replace(tmp, "{tmp}")


def expected(name: str) -> str | None:
    path = GOLDEN / name / "expected.txt"
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    return text.split("\n", 1)[1] if text.startswith("# golden transcript") else text


def check(name: str, driver: Driver) -> list[str]:
    want = expected(name)
    if want is None:
        return ["no expected.txt (run with --update)"]
    return differences(want, run(name, driver))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="rewrite expected.txt instead of checking")
    parser.add_argument("--driver", choices=("inprocess", "subprocess"), default="inprocess")
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args(argv)
    failed = problems()
    for error in failed:
        print(f"error: {error}")
    driver = InProcessDriver() if args.driver == "inprocess" else SubprocessDriver()
    for name in args.cases or list(index()):
        if args.update:
            (GOLDEN / name / "expected.txt").write_text(HEADER.format(case=name) + run(name, driver), encoding="utf-8")
            print(f"{name}: written")
            continue
        diff = check(name, driver)
        print(f"{name}: {'ok' if not diff else f'{len(diff)} differences'}")
        for line in diff:
            print(f"  {line}")
        failed += diff
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
