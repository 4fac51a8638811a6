"""--sim-verify: compare the simulated decisions with expected ones, decision by decision, matched by
(round, job). The expected file is validated in one pass before the replay starts, then compared as it is read
again, a round at a time, so memory holds one round of expected decisions, never the whole file."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from refsim.sim.output import dumps, iter_output


@dataclass(frozen=True)
class Mismatch:
    round: int
    job: str
    expected: dict | None
    got: dict | None

    def __str__(self) -> str:
        def brief(record: dict | None) -> str:
            if record is None:
                return "no decision"
            body = {k: v for k, v in record.items() if k not in ("round", "job")}
            return dumps(body)
        return f"round {self.round} job {self.job}: expected {brief(self.expected)}, got {brief(self.got)}"


def compare(expected: list[dict] | tuple[dict, ...], got: list[dict]) -> list[Mismatch]:
    """Every difference: a decision missing, unexpected, or different; in round, then report order."""
    verifier = Verifier(iter(sorted(expected, key=lambda r: r["round"])))
    for record in got:
        verifier.add(record)
    return verifier.finish()


class Verifier:
    """Compares records as the replay reports them with expected records read in round order. Mismatches come
    in round order; within a round, in report order, then the expected decisions that were not made."""

    def __init__(self, expected: Iterator[dict]) -> None:
        self._expected = expected
        self._ahead: dict | None = next(expected, None)
        self._round: int | None = None
        self._want: dict[str, dict] = {}
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

    def add(self, record: dict) -> None:
        """Compare one simulated record (records arrive in round order, as a replay reports them)."""
        if self._round is None or record["round"] != self._round:
            self._start_round(record["round"])
        job = record["job"]
        if job in self._seen:  # a job decided twice in one round: the later record is compared again
            self.compared -= 1
        self._seen.add(job)
        self.compared += 1
        want = self._want.get(job)
        if want != record:
            self.mismatches.append(Mismatch(record["round"], job, want, record))

    def finish(self) -> list[Mismatch]:
        """Close the last round and report every expected round that was never reached."""
        self._end_round()
        while self._ahead is not None:
            self._start_round(self._ahead["round"])
            self._end_round()
        return self.mismatches
