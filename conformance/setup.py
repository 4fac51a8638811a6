"""The kit is built from the refsim repository around it: the features, their step definitions and the data they
read are copied from where they live (../features, ../steps, ../golden/baseline, ../examples) into the package, so
they are kept in one place. Build it in place: `pip wheel ./conformance` from the repository."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

REPO = Path(__file__).resolve().parent.parent
# (source under the repository, pattern): the console features (R11 is about refsim's batch and live commands,
# not the console, so it stays out), the recordings they load, the baseline transcripts R10 replays.
SHIPPED = [
    ("features", "*.feature"), ("features/base", "*.feature"), ("features", "criteria.yaml"),
    ("features/recordings", "*.yaml"), ("examples", "*.yaml"), ("steps", "*.py"),
    ("golden/baseline", "*/*.txt"), ("golden/baseline", "*/*.yaml"),
]
LEFT_OUT = {"features/R11-simulator-only.feature"}
STEPS_IMPORT = re.compile(r"^(from|import) steps\b", re.MULTILINE)


class BuildWithFeatures(build_py):
    def run(self) -> None:
        super().run()
        package = Path(self.build_lib) / "refsim_conformance"
        for folder, pattern in SHIPPED:
            for source in sorted((REPO / folder).glob(pattern)):
                relative = source.relative_to(REPO)
                if relative.as_posix() in LEFT_OUT:
                    continue
                target = package / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                if source.suffix == ".py":  # the steps import each other as `steps.*`: here they live in the kit
                    text = STEPS_IMPORT.sub(r"\1 refsim_conformance.steps", source.read_text(encoding="utf-8"))
                    target.write_text(text, encoding="utf-8")
                else:
                    shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildWithFeatures})
