"""Traceability: which scenarios cover which of the spec's criteria, and which of them passed.

    python tools/traceability.py [--features DIR] [--json FILE] [--strict]
    python tools/traceability.py --results DIR [--drivers inprocess,subprocess] [--strict]

Without --results: parses every .feature file with the Gherkin parser and maps @R<n>.<m> tags onto
features/criteria.yaml. Fails (exit 1) on a tag naming no criterion, a malformed or unknown tag, or a scenario name
used twice; with --strict, also on any criterion without a scenario. Prints the matrix and writes it as JSON.

With --results: reads the cucumber JSON reports in DIR (pytest-bdd's --cucumberjson) and reports each criterion as
passed, failed or not run under each driver. A scenario's driver is the driver named in its test id
(`[inprocess-...]`), else the report's file name (`subprocess.json`). Exit 1 when a scenario failed; with --strict,
also when a criterion lacks a passing scenario under any of the --drivers. An unreadable report is exit 2.
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
OTHER_TAGS = {"@whitebox", "@answers", "@backfill"}
KNOWN_DRIVERS = ("inprocess", "subprocess")


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


PASSED, FAILED, NOT_RUN = "passed", "failed", "not run"
DRIVER_IN_ID = re.compile(r"\[(\w+)")


class ResultsError(ValueError):
    """A report that cannot be read; the message names the file."""


def scenario_results(results: Path) -> list[tuple[str, str, list[str], bool]]:
    """(driver, scenario name, criteria, passed) for each scenario run in the reports under `results`."""
    reports = sorted(results.glob("*.json")) if results.is_dir() else []
    if not reports:
        raise ResultsError(f"{results}: no cucumber JSON report (*.json) there")
    runs = []
    for report in reports:
        try:
            features = json.loads(report.read_text(encoding="utf-8"))
            for feature in features:
                for element in feature["elements"]:
                    found = DRIVER_IN_ID.search(element["id"])
                    driver = found.group(1) if found and found.group(1) in KNOWN_DRIVERS else report.stem
                    tags = [t["name"].lstrip("@") for t in feature.get("tags", []) + element.get("tags", [])]
                    crits = [m.group(1) + "." + m.group(2) for m in map(CRITERION_TAG.match, ("@" + t for t in tags))
                             if m]
                    ok = all(step["result"]["status"] == PASSED for step in element["steps"])
                    runs.append((driver, element["name"], crits, ok))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ResultsError(f"{report}: not a cucumber JSON report ({type(exc).__name__}: {exc})") from None
    return runs


def result_matrix(results: Path, drivers: list[str]) -> dict[str, dict[str, str]]:
    """Criterion -> driver -> passed / failed / not run, for every criterion and every driver seen or asked for."""
    runs = scenario_results(results)
    seen = drivers + sorted({r[0] for r in runs} - set(drivers))
    matrix = {crit: dict.fromkeys(seen, NOT_RUN) for crit in criteria()}
    for driver, _, crits, ok in runs:
        for crit in crits:
            if crit in matrix and matrix[crit][driver] != FAILED:
                matrix[crit][driver] = PASSED if ok else FAILED
    return matrix


def result_lines(matrix: dict[str, dict[str, str]]) -> list[str]:
    titles = criteria()
    drivers = list(next(iter(matrix.values())))
    lines = [f"{'':>5}  " + "".join(f"{d:<12}" for d in drivers)]
    lines += [f"{crit:>5}  " + "".join(f"{s:<12}" for s in by.values()) + titles[crit] for crit, by in matrix.items()]
    for driver in drivers:
        counts = {s: sum(by[driver] == s for by in matrix.values()) for s in (PASSED, FAILED, NOT_RUN)}
        lines.append(f"{driver}: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + f" of {len(matrix)} criteria")
    return lines


def results_main(args) -> int:
    drivers = [d for d in args.drivers.split(",") if d]
    try:
        matrix = result_matrix(args.results, drivers)
    except ResultsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lines = result_lines(matrix)
    print("\n".join(lines[-len(next(iter(matrix.values()))):] if args.quiet else lines))
    failed = [c for c, by in matrix.items() if FAILED in by.values()]
    short = [f"{c} under {d}" for c, by in matrix.items() for d in drivers if by[d] != PASSED]
    for crit in failed:
        print(f"error: {crit}: a scenario failed")
    if args.strict:
        for where in short:
            print(f"error: {where}: no passing scenario")
    args.json.write_text(json.dumps({"results": matrix}, indent=1) + "\n", encoding="utf-8")
    return 1 if failed or (args.strict and short) else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Map feature scenarios onto the spec's criteria.")
    parser.add_argument("--features", type=Path, default=ROOT / "features")
    parser.add_argument("--results", type=Path, help="a folder of cucumber JSON reports, one per driver")
    parser.add_argument("--drivers", default=",".join(KNOWN_DRIVERS),
                        help="with --results: the drivers --strict asks a passing scenario under (comma-separated)")
    parser.add_argument("--json", type=Path, default=Path("traceability.json"))
    parser.add_argument("--strict", action="store_true", help="also fail when a criterion has no scenario "
                                                              "(with --results: no passing scenario under a driver)")
    parser.add_argument("--quiet", action="store_true", help="print only the errors and the summary line(s)")
    args = parser.parse_args(argv)
    if args.results is not None:
        return results_main(args)
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
