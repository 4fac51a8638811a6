"""--sim-verify: compare the simulated decisions with expected ones, decision by decision, matched by
(round, job). The expected file is validated in one pass before the replay starts, then compared as it is read
again, a round at a time, so memory holds one round of expected decisions, never the whole file. A decision's
session time is not compared: it follows from the decisions before it, and a recording's `decisions` section does
not carry it."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from refsim.sim.output import RESERVATION, Record, dumps
from refsim.sim.runfile import iter_output
from refsim.sim.paths import atomic_write

SHOWN = 10  # mismatches printed in the summary; --verify-report has them all
_HOSTS_SHOWN = 4
_REASONS_SHOWN = 3


@dataclass(frozen=True)
class Mismatch:
    round: int
    job: str
    expected: Record | None
    got: Record | None

    def __str__(self) -> str:
        expected, got = describe(self.expected), describe(self.got)
        # the same in brief: name what differs instead (a missing decision never reads as a made one)
        if expected == got and self.expected is not None and self.got is not None:
            keys = sorted(k for k in set(self.expected) | set(self.got)
                          if self.expected.get(k) != self.got.get(k))
            got = f"{got}, differing in {', '.join(keys)}"
        return f"round {self.round} job {self.job}: expected {expected}; got {got}"

    def as_json(self) -> str:
        """One line of a --verify-report file: the round, the job, and both whole records (null when absent)."""
        return dumps({"round": self.round, "job": self.job, "expected": self.expected, "got": self.got})


def describe(record: Record | None) -> str:
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
    codes: Counter[str] = Counter()
    for r in reasons:  # version 1's [code, host, detail] triples, or version 2's groups with their host count
        if isinstance(r, list) and r:
            codes[r[0]] += 1
        elif isinstance(r, dict) and "code" in r:
            codes[str(r["code"])] += r.get("count", 1) if isinstance(r.get("count", 1), int) else 1
        else:
            codes[json.dumps(r, sort_keys=True)[:40]] += 1
    listed = ", ".join(f"{code} x{n}" for code, n in sorted(codes.items())[:_REASONS_SHOWN])
    more = f", +{len(codes) - _REASONS_SHOWN} more codes" if len(codes) > _REASONS_SHOWN else ""
    return f"pend{where} ({sum(codes.values())} reasons: {listed}{more})"


def _decision(record: Record, expected: Record | None = None) -> Record:
    """A record as compared: never its session time; its planned start only where the expected record gives one
    (older files have none)."""
    drop = {"time"} if expected is None or RESERVATION in expected else {"time", RESERVATION}
    return {k: v for k, v in record.items() if k not in drop}


def compare(expected: Iterable[Record], got: Iterable[Record]) -> list[Mismatch]:
    """Every difference: a decision missing, unexpected, or different; in round, then report order."""
    verifier = Verifier(iter(sorted(expected, key=lambda r: r["round"])))
    for record in got:
        verifier.add(record)
    return verifier.finish()


class Verifier:
    """Compares records as the replay reports them with expected records read in round order. Mismatches come
    in round order; within a round, in report order, then the expected decisions that were not made."""

    def __init__(self, expected: Iterator[Record]) -> None:
        self._expected = expected
        self._ahead: Record | None = next(expected, None)
        self._round: int | None = None
        self._want: dict[str, Record] = {}
        self._seen: set[str] = set()
        self.mismatches: list[Mismatch] = []
        self.compared = 0

    @classmethod
    def of_file(cls, path: str | Path) -> Verifier:
        """Validate the whole file first (a bad file fails before anything is written), then compare as it is
        read again. Rounds out of order (a hand-written `decisions` section) are sorted in memory."""
        last, ordered = 0, True
        for record in iter_output(path):
            ordered, last = ordered and record["round"] >= last, record["round"]
        if ordered:
            return cls(iter_output(path))
        return cls(iter(sorted(iter_output(path), key=lambda r: r["round"])))

    def _start_round(self, round_no: int) -> None:
        while self._round is None or round_no > self._round:
            self._end_round()
            self._round = round_no if self._ahead is None or self._ahead["round"] >= round_no \
                else self._ahead["round"]
            while self._ahead is not None and self._ahead["round"] == self._round:
                self._want[self._ahead["job"]] = self._ahead
                self._ahead = next(self._expected, None)

    def _end_round(self) -> None:
        for job, record in self._want.items():
            if job not in self._seen:
                self.compared += 1
                self.mismatches.append(Mismatch(record["round"], job, record, None))
        self._want, self._seen = {}, set()

    def add(self, record: Record) -> None:
        """Compare one simulated record (records arrive in round order, as a replay reports them)."""
        if self._round is None or record["round"] != self._round:
            self._start_round(record["round"])
        job = record["job"]
        if job in self._seen:  # a job decided twice in one round: the later record is compared again
            self.compared -= 1
        self._seen.add(job)
        self.compared += 1
        want = self._want.get(job)
        if want is None or _decision(want) != _decision(record, want):
            self.mismatches.append(Mismatch(record["round"], job, want, record))

    def finish(self) -> list[Mismatch]:
        """Close the last round and report every expected round that was never reached."""
        self._end_round()
        while self._ahead is not None:
            self._start_round(self._ahead["round"])
            self._end_round()
        return self.mismatches


def summary(mismatches: tuple[Mismatch, ...] | list[Mismatch]) -> list[str]:
    """The first SHOWN mismatches, readably, and how many more there are."""
    lines = [f"mismatch: {m}" for m in mismatches[:SHOWN]]
    if len(mismatches) > SHOWN:
        lines.append(f"... and {len(mismatches) - SHOWN} more mismatches (all of them with --verify-report FILE)")
    return lines


def write_report(mismatches: Iterable[Mismatch], path: str | Path) -> None:
    """Every mismatch as one JSON line, written whole (the file appears complete, or not at all)."""
    with atomic_write(path) as out:
        for mismatch in mismatches:
            out.write(mismatch.as_json() + "\n")
