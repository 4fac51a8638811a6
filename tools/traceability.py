"""Traceability: which scenarios cover which of the spec's criteria.

    python tools/traceability.py [--features DIR] [--json FILE] [--strict]

Parses every .feature file with the Gherkin parser and maps @R<n>.<m> tags onto features/criteria.yaml. Fails
(exit 1) on a tag naming no criterion, a malformed or unknown tag, or a scenario name used twice; with --strict,
also on any criterion without a scenario. Prints the matrix and writes it as JSON.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gherkin.errors import CompositeParserException
from gherkin.parser import Parser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.criteria import criteria  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CRITERION_TAG = re.compile(r"^@R(\d+)\.(\d+)$")
OTHER_TAGS = {"@whitebox", "@backfill"}


@dataclass
class Report:
    coverage: dict[str, list[str]]
    errors: list[str] = field(default_factory=list)

    @property
    def uncovered(self) -> list[str]:
        return [c for c, scenarios in self.coverage.items() if not scenarios]


def _scenarios(feature: dict):
    """Scenarios of a feature, with the tags they inherit from the feature and any rule."""
    for child in feature.get("children", []):
        if "scenario" in child:
            yield child["scenario"], feature.get("tags", [])
        elif "rule" in child:
            for grandchild in child["rule"].get("children", []):
                if "scenario" in grandchild:
                    yield grandchild["scenario"], feature.get("tags", []) + child["rule"].get("tags", [])


def trace(features: Path) -> Report:
    known = criteria()
    report = Report({c: [] for c in known})
    seen: dict[str, str] = {}
    for path in sorted(features.rglob("*.feature")):
        where = path.relative_to(features)
        try:
            document = Parser().parse(path.read_text(encoding="utf-8"))
        except CompositeParserException as exc:
            report.errors.append(f"{where}: does not parse: {str(exc).splitlines()[0]}")
            continue
        for scenario, inherited in _scenarios(document.get("feature") or {}):
            name, line = scenario["name"], scenario["location"]["line"]
            label = f"{where}:{line} {name}"
            if name in seen:
                report.errors.append(f"{label}: scenario name also used at {seen[name]}")
            seen.setdefault(name, f"{where}:{line}")
            tags = [t["name"] for t in inherited + scenario["tags"]]
            tags += [t["name"] for example in scenario.get("examples", []) for t in example.get("tags", [])]
            for tag in tags:
                match = CRITERION_TAG.match(tag)
                if match:
                    crit = f"{match.group(1)}.{match.group(2)}"
                    if crit not in known:
                        report.errors.append(f"{label}: tag {tag} names no criterion")
                    elif label not in report.coverage[crit]:
                        report.coverage[crit].append(label)
                elif tag not in OTHER_TAGS:
                    report.errors.append(f"{label}: tag {tag} is neither @R<n>.<m> nor one of {sorted(OTHER_TAGS)}")
    return report


def matrix_lines(report: Report) -> list[str]:
    titles = criteria()
    lines = []
    for crit, scenarios in report.coverage.items():
        lines.append(f"{crit:>5}  {titles[crit]}")
        lines.extend(f"         {s}" for s in scenarios) if scenarios else lines.append("         UNCOVERED")
    covered = len(report.coverage) - len(report.uncovered)
    lines.append(f"covered {covered} of {len(report.coverage)} criteria; {len(report.errors)} errors")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Map feature scenarios onto the spec's criteria.")
    parser.add_argument("--features", type=Path, default=ROOT / "features")
    parser.add_argument("--json", type=Path, default=Path("traceability.json"))
    parser.add_argument("--strict", action="store_true", help="also fail when a criterion has no scenario")
    parser.add_argument("--quiet", action="store_true", help="print only the errors and the summary line")
    args = parser.parse_args(argv)
    report = trace(args.features)
    lines = matrix_lines(report)
    print("\n".join(lines[-1:] if args.quiet else lines))
    for error in report.errors:
        print(f"error: {error}")
    args.json.write_text(json.dumps({"coverage": report.coverage, "uncovered": report.uncovered,
                                     "errors": report.errors}, indent=1) + "\n", encoding="utf-8")
    failed = bool(report.errors) or (args.strict and bool(report.uncovered))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
