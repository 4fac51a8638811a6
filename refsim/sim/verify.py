"""--sim-verify: compare the simulated decisions with expected ones, decision by decision, matched by
(round, job)."""

from __future__ import annotations

from dataclasses import dataclass

from refsim.sim.output import RESERVATION, dumps


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
    want = {(r["round"], r["job"]): r for r in expected}
    have = {(r["round"], r["job"]): r for r in got}
    for key, record in have.items():  # a planned start is compared only where the expected record gives one
        if RESERVATION in record and RESERVATION not in want.get(key, {}):
            have[key] = {k: v for k, v in record.items() if k != RESERVATION}
    order = list(dict.fromkeys([(r["round"], r["job"]) for r in got] + [(r["round"], r["job"]) for r in expected]))
    order.sort(key=lambda key: key[0])
    return [Mismatch(key[0], key[1], want.get(key), have.get(key)) for key in order
            if want.get(key) != have.get(key)]
