"""The golden cases and how `pytest --update-golden` may rewrite them.

golden/trace: each case folder holds case.yaml, script.txt, expected.txt (after a header naming the command that
rewrites it) and NOTE.md (why the expected output is right); golden/trace/INDEX.yaml lists the cases.
golden/baseline: REPL transcripts captured before the trace; every one was checked by hand (its README).

A bare `--update-golden` rewrites the changed cases that no person vouched for; a hand-verified case (NOTE.md's
title says `hand-verified`, and every baseline case) and an expected block of a .feature file are rewritten only
when named, `--update-golden=NAME`, since a person must check the new output."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from gherkin.parser import Parser

from steps.drivers import ROOT
from steps.cases import BASELINE

GOLDEN = ROOT / "golden" / "trace"
FEATURES = ROOT / "features"
FILES = ("case.yaml", "script.txt", "expected.txt", "NOTE.md")
HEADER = ("# golden transcript written by tools/regen_golden.py; regenerate with: "
          "python tools/regen_golden.py --update {case}\n")
EVERY = "*"  # the value of a bare --update-golden


def index() -> dict[str, str]:
    return yaml.safe_load((GOLDEN / "INDEX.yaml").read_text(encoding="utf-8"))["cases"]


def baseline_names() -> list[str]:
    return sorted(p.name for p in BASELINE.iterdir() if p.is_dir())


def problems() -> list[str]:
    """Golden trace cases listed without a folder, folders not listed, and missing files."""
    listed = index()
    found = {p.name for p in GOLDEN.iterdir() if p.is_dir()}
    errors = [f"{name}: listed in INDEX.yaml but has no folder" for name in sorted(set(listed) - found)]
    errors += [f"{name}: a folder not listed in INDEX.yaml" for name in sorted(found - set(listed))]
    for name in sorted(set(listed) & found):
        errors += [f"{name}: missing {f}" for f in FILES if not (GOLDEN / name / f).exists() and f != "expected.txt"]
    return errors


def expected_trace(name: str) -> str | None:
    """A golden trace case's expected transcript, its header line taken off; None before it was ever written."""
    path = GOLDEN / name / "expected.txt"
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    return text.split("\n", 1)[1] if text.startswith("# golden transcript") else text


def write_trace(name: str, transcript: str) -> None:
    (GOLDEN / name / "expected.txt").write_text(HEADER.format(case=name) + transcript, encoding="utf-8")


def hand_verified(name: str) -> bool:
    """A golden trace case whose NOTE.md title says it was checked by hand."""
    note = GOLDEN / name / "NOTE.md"
    return note.exists() and "hand-verified" in note.read_text(encoding="utf-8").split("\n", 1)[0]


def scenario_names(features: Path = FEATURES) -> set[str]:
    names = set()
    for path in features.rglob("*.feature"):
        feature = Parser().parse(path.read_text(encoding="utf-8")).get("feature") or {}
        for child in feature.get("children", []):
            for scenario in [child.get("scenario")] + [c.get("scenario") for c in child.get("rule", {})
                                                       .get("children", [])]:
                if scenario:
                    names.add(scenario["name"])
    return names


@dataclass(frozen=True)
class GoldenUpdate:
    """What `--update-golden` asked for: every changed unverified case, and/or the cases and scenarios named."""

    every: bool = False
    named: frozenset[str] = frozenset()

    @classmethod
    def from_option(cls, values: list[str] | None) -> GoldenUpdate:
        values = values or []
        return cls(EVERY in values, frozenset(v for v in values if v != EVERY))

    def unknown(self) -> list[str]:
        known = set(index()) | set(baseline_names()) | scenario_names() if self.named else set()
        return sorted(self.named - known)

    def rewrites(self, name: str, verified_by_hand: bool) -> bool:
        return name in self.named or (self.every and not verified_by_hand)
