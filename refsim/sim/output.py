"""The --sim-output format: JSON lines, a header with wall-clock metadata, then one record per decision in the
order reported. The same records are what --sim-verify compares, and what a recording's `decisions` holds."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import IO

from refsim.sched.decisions import Allocation, Dispatch, LimitCharge, Pend
from refsim.sched.profile import Reservation
from refsim.sim.reader import Node, RecordingError, read_document

FORMAT = "refsim-sim-output"
RESERVATION = "backfill_reservation"  # informational: compared only where the expected record has it


def _charges(charges: tuple[LimitCharge, ...]) -> list[dict]:
    return [{"limit": c.limit, "scope": c.scope, "resource": c.resource, "amount": c.amount} for c in charges]


def allocation_record(allocation: Allocation) -> dict:
    return {
        "hosts": [{"host": h.host, "resources": dict(h.resources), "limit_charges": _charges(h.limit_charges)}
                  for h in allocation.hosts],
        "shared": dict(allocation.shared),
        "limit_charges": _charges(allocation.limit_charges),
    }


def decision_record(round_no: int, position: int | None, decision: Dispatch | Pend,
                    reservation: Reservation | None = None) -> dict:
    """One decision as a plain record; `position` is None for a reconstructed dispatch. A pend under a
    non-greedy discipline carries the job's backfill reservation, if it holds one (`backfill_reservation`)."""
    record: dict = {"round": round_no, "position": position, "job": str(decision.job)}
    if isinstance(decision, Dispatch):
        record["kind"] = "dispatch"
        record["allocation"] = allocation_record(decision.allocation)
    else:
        record["kind"] = "pend"
        record["reasons"] = [[r.code.value, r.host, r.detail] for r in decision.reasons]
        if reservation is not None:
            record[RESERVATION] = {"planned_start": reservation.planned_start,
                                   "allocation": allocation_record(reservation.allocation)}
    return record


def dumps(record: dict) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


class SimOutput:
    """An open --sim-output file: the header is written on open, then each record as it is reported."""

    def __init__(self, path: str | Path, recording: str, now: dt.datetime | None = None) -> None:
        self.path = Path(path)
        self._file: IO[str] = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())
        written = (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
        self._file.write(dumps({"format": FORMAT, "version": 1, "recording": recording, "written": written}) + "\n")

    def write(self, record: dict) -> None:
        self._file.write(dumps(record) + "\n")

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def read_output(path: str | Path) -> list[dict]:
    """The records of a --sim-output file, or of a recording's `decisions` section (YAML/JSON)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordingError(name, "", f"cannot read: {exc.strerror or exc}") from None
    first = text.lstrip().split("\n", 1)[0]
    if FORMAT in first:
        return _read_lines(text, name)
    document = read_document(path)
    root = Node(document, name)
    if not root.has("decisions"):
        raise root.error("neither a --sim-output file nor a recording with a 'decisions' section")
    return list(records_from(root.child("decisions")))


def _read_lines(text: str, name: str) -> list[dict]:
    records = []
    for number, line in enumerate(text.splitlines()[1:], start=2):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordingError(name, f"line {number}", f"not valid JSON: {exc.msg}") from None
        records.append(_record(Node(value, name, f"line {number}")))
    return records


def records_from(node: Node) -> tuple[dict, ...]:
    """Validate decision records; each needs round, job and kind, and the allocation or reasons of its kind."""
    return tuple(_record(item) for item in node.elements())


def _record(item: Node) -> dict:
    item.mapping(("round", "position", "job", "kind", "allocation", "reasons", RESERVATION), required=("round", "job", "kind"))
    item.child("round").integer(1)
    item.child("job").text()
    kind = item.child("kind").text()
    if kind not in ("dispatch", "pend"):
        raise item.child("kind").error(f"'{kind}' is not dispatch or pend")
    needed = "allocation" if kind == "dispatch" else "reasons"
    if not item.has(needed):
        raise item.error(f"a {kind} record needs '{needed}'")
    return {"position": None, **item.value, "job": str(item.value["job"])}
