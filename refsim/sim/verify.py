"""--sim-verify: compare the simulated decisions with expected ones, decision by decision, matched by
(round, job). A decision's session time is not compared: it follows from the decisions before it, and a
recording's `decisions` section does not carry it."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from refsim.sim.output import dumps

SHOWN = 10  # mismatches printed in the summary; --verify-report has them all
_HOSTS_SHOWN = 4
_REASONS_SHOWN = 3


@dataclass(frozen=True)
class Mismatch:
    round: int
    job: str
    expected: dict | None
    got: dict | None

    def __str__(self) -> str:
        expected, got = describe(self.expected), describe(self.got)
        if expected == got:  # the same in brief: name what differs instead
            keys = sorted(k for k in set(self.expected) | set(self.got)
                          if self.expected.get(k) != self.got.get(k))
            got = f"{got}, differing in {', '.join(keys)}"
        return f"round {self.round} job {self.job}: expected {expected}; got {got}"

    def as_json(self) -> str:
        """One line of a --verify-report file: the round, the job, and both whole records (null when absent)."""
        return dumps({"round": self.round, "job": self.job, "expected": self.expected, "got": self.got})


def describe(record: dict | None) -> str:
    """A decision in a few words: its kind, position, and its hosts or its pend reasons by code."""
    if record is None:
        return "no decision"
    where = f" at position {record['position']}" if record.get("position") is not None else ""
    if record.get("kind") == "dispatch":
        hosts = [h.get("host", "?") for h in record.get("allocation", {}).get("hosts", ())
                 if isinstance(h, dict)]
        more = f" +{len(hosts) - _HOSTS_SHOWN} more" if len(hosts) > _HOSTS_SHOWN else ""
        return f"dispatch{where} on {' '.join(hosts[:_HOSTS_SHOWN])}{more}"
    reasons = record.get("reasons", ())
    codes = Counter(r[0] if isinstance(r, list) and r else json.dumps(r, sort_keys=True)[:40] for r in reasons)
    listed = ", ".join(f"{code} x{n}" for code, n in sorted(codes.items())[:_REASONS_SHOWN])
    more = f", +{len(codes) - _REASONS_SHOWN} more codes" if len(codes) > _REASONS_SHOWN else ""
    return f"pend{where} ({len(reasons)} reasons: {listed}{more})"


def _decision(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "time"}


def compare(expected: Iterable[dict], got: Iterable[dict]) -> list[Mismatch]:
    """Every difference: a decision missing, unexpected, or different; in round, then report order."""
    want = {(r["round"], r["job"]): _decision(r) for r in expected}
    have = {(r["round"], r["job"]): _decision(r) for r in got}
    order = list(dict.fromkeys(list(have) + list(want)))
    order.sort(key=lambda key: key[0])
    return [Mismatch(key[0], key[1], want.get(key), have.get(key)) for key in order
            if want.get(key) != have.get(key)]


def summary(mismatches: tuple[Mismatch, ...] | list[Mismatch]) -> list[str]:
    """The first SHOWN mismatches, readably, and how many more there are."""
    lines = [f"mismatch: {m}" for m in mismatches[:SHOWN]]
    if len(mismatches) > SHOWN:
        lines.append(f"... and {len(mismatches) - SHOWN} more mismatches (all of them with --verify-report FILE)")
    return lines


def write_report(mismatches: Iterable[Mismatch], path: str | Path) -> None:
    """Every mismatch as one JSON line."""
    with open(path, "w", encoding="utf-8") as out:
        for mismatch in mismatches:
            out.write(mismatch.as_json() + "\n")
