"""Golden case folders (golden/baseline, golden/trace): case.yaml names the recording (`demo` for the built-in one),
the console options and any environment; script.txt holds the commands. `{tmp}` in options and commands is a
scratch folder, written back as `{tmp}` in the transcript."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from steps.drivers import ROOT, Driver

BASELINE = ROOT / "golden" / "baseline"


def run_case(case: Path, driver: Driver) -> str:
    """The transcript of one case under one driver."""
    spec = yaml.safe_load((case / "case.yaml").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        fill = lambda text: text.replace("{tmp}", tmp)  # noqa: E731
        recording = None if spec["recording"] == "demo" else ROOT / spec["recording"]
        script = fill((case / "script.txt").read_text(encoding="utf-8")).splitlines()
        transcript = driver.run(recording, [fill(o) for o in spec.get("options", [])], script,
                                env={k: str(v) for k, v in spec.get("env", {}).items()})
        return transcript.output.replace(tmp, "{tmp}")
