"""The one reader of --sim-output files, every version, plain or gzip: `run_records` gives each record after the
header, checked line by line (sim/runlines.py: length, nesting, digits) and field by field (each field a reader
of the file uses has its type and range, so no figure is built from a list, a text or a 401-digit number). The
report commands read runs through it, and --sim-verify through `iter_output`, which also takes a recording's
`decisions` section. Every problem is one RecordingError naming the file, the line and the field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TypeGuard

from refsim.model.bounds import MAX_AMOUNT, MAX_TIME
from refsim.sched.decisions import PendCode, PendReason
from refsim.sim.output import EPOCH_VERSION, FORMAT, RESERVATION, Record, reason_groups
from refsim.sim.reader import Node, RecordingError, kind_of, read_document
from refsim.sim.runlines import first_line, run_lines

VERSIONS = (1, 2, EPOCH_VERSION)
DECISION_KINDS = ("dispatch", "pend")
_TIMES = ("time", "start")  # seconds, in every record that has them


def run_records(path: str | Path) -> Iterator[tuple[int, Record]]:
    """(line number, record) for each record after the header, in the order written."""
    name = str(path)
    line = first_line(path)
    if line is None or FORMAT not in line:  # a header that names the format but is damaged is told as damaged
        raise RecordingError(name, "line 1", f"not a --sim-output file (no '{FORMAT}' header)")
    lines = run_lines(path)
    first = next(lines)
    run_header(first[1], name)
    for number, value in lines:
        yield number, value if plainly_valid(value) else run_record(Node(value, name, f"line {number}"))


def run_header(value: object, name: str) -> Record:
    """The header line: the format's name, and a version this refsim reads (none: version 1)."""
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise RecordingError(name, "line 1", f"not a --sim-output file (no '{FORMAT}' header)")
    version = value.get("version", 1)
    if isinstance(version, bool) or version not in VERSIONS:
        raise RecordingError(name, "line 1", f"unsupported output format version {version!r} (this refsim reads "
                                             f"1 to {EPOCH_VERSION})")
    return value


def run_record(node: Node) -> Record:
    """A record with each field its readers use of the right type and in range, where present: `kind` (text),
    `job` and `queue` (text), `time` and `start` (0 to 10^12 s), the end record's `slots`, a decision's `round`,
    its allocation's hosts and amounts, and its pend reasons' shape. A missing field is left to the reader that
    needs it (a file from before records carried times is told as such, not as malformed)."""
    if not isinstance(node.value, dict) or not isinstance(node.value.get("kind"), str):
        raise node.error("a record needs a 'kind'")
    node.mapping()
    record: Record = node.value
    for key in ("job", "queue"):
        if key in record:
            _text(node.child(key))
    for key in _TIMES:
        if key in record:
            node.child(key).number(0, MAX_TIME)
    if record["kind"] == "end" and "slots" in record:
        node.child("slots").number(0, MAX_AMOUNT)
    if record["kind"] in DECISION_KINDS:
        _decision(node)
    return record


def plainly_valid(value: object) -> TypeGuard[Record]:
    """Whether a parsed JSON value passes every check of run_record, told by plain type and range tests without a
    Node per field: refsim's own records, most of a run file, take this path. False means only "ask run_record",
    which names the problem or accepts what this does not know (tests/property/test_run_record_paths.py)."""
    if not isinstance(value, dict):
        return False
    kind = value.get("kind")
    if not isinstance(kind, str) or not all(isinstance(value.get(k, ""), str) for k in ("job", "queue")):
        return False
    if not all(_in_range(value[k], MAX_TIME) for k in _TIMES if k in value):
        return False
    if kind == "end":
        return "slots" not in value or _in_range(value["slots"], MAX_AMOUNT)
    if kind not in DECISION_KINDS:
        return True
    if "round" in value and not (type(value["round"]) is int and value["round"] >= 1):
        return False
    if "allocation" in value and not _plain_allocation(value["allocation"]):
        return False
    if RESERVATION in value:
        reservation = value[RESERVATION]
        if not (isinstance(reservation, dict) and _plain_allocation(reservation.get("allocation"))):
            return False
    reasons = value.get("reasons", [])
    return isinstance(reasons, list) and all(_plain_reason(r) for r in reasons)


def _in_range(value: object, high: float) -> bool:
    # JSON numbers are finite (the document bounds refuse NaN and infinity); bool is an int but not a number here
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= high


def _plain_allocation(allocation: object) -> bool:
    if not isinstance(allocation, dict):
        return False
    hosts = allocation.get("hosts", [])
    return isinstance(hosts, list) and all(
        isinstance(h, dict) and isinstance(h.get("resources"), dict)
        and all(_in_range(a, MAX_AMOUNT) for a in h["resources"].values()) for h in hosts)


def _plain_reason(reason: object) -> bool:
    if isinstance(reason, list):
        return True
    return isinstance(reason, dict) and isinstance(reason.get("code"), str) and (
        reason.get("detail") is None or isinstance(reason["detail"], str))


def _text(node: Node) -> str:
    if not isinstance(node.value, str):
        raise node.error(f"expected text, found {kind_of(node.value)}")
    return node.value


def _decision(node: Node) -> None:
    if node.has("round"):
        node.child("round").integer(1)
    if node.has("allocation"):
        _allocation(node.child("allocation"))
    if node.has(RESERVATION):
        _allocation(node.child(RESERVATION).mapping().child("allocation"))
    if node.has("reasons"):
        for reason in node.child("reasons").elements():
            _reason(reason)


def _allocation(node: Node) -> None:
    node.mapping()
    if node.has("hosts"):
        for host in node.child("hosts").elements():
            host.mapping(required=("resources",))
            for _, amount in host.child("resources").items():
                amount.number(0, MAX_AMOUNT)


def _reason(node: Node) -> None:
    """A grouped entry (version 2) with a text `code` and `detail`, or a [code, host, detail] triple (version 1)."""
    if isinstance(node.value, dict):
        _text(node.child("code"))
        if node.value.get("detail") is not None:
            _text(node.child("detail"))
    elif not isinstance(node.value, list):
        raise node.error("a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)")


# --- --sim-verify's expected decisions ---------------------------------------------------------------------------

def iter_output(path: str | Path) -> Iterator[Record]:
    """The decision records of a --sim-output file (any version, plain or gzip) or of a recording's `decisions`
    section, one at a time and in canonical form (pend reasons grouped as in version 2). Errors name the file and
    line."""
    name = str(path)
    first = first_line(path)
    if first is None or FORMAT not in first:
        yield from _recording_decisions(path, name)
        return
    for number, record in run_records(path):
        if record["kind"] in _NOT_DECISIONS:
            continue  # --sim-verify compares decisions only
        yield _record(Node(record, name, f"line {number}"))


def read_output(path: str | Path) -> list[Record]:
    """All decision records of a --sim-output file or a recording's `decisions` section (see iter_output)."""
    return list(iter_output(path))


_NOT_DECISIONS = ("submit", "finish", "remove", "end")


def _recording_decisions(path: str | Path, name: str) -> Iterator[Record]:
    document = read_document(path)
    root = Node(document, name)
    if not root.has("decisions"):
        raise root.error("neither a --sim-output file nor a recording with a 'decisions' section")
    yield from records_from(root.child("decisions"))


def records_from(node: Node) -> tuple[Record, ...]:
    """Validate decision records; each needs round, job and kind, and the allocation or reasons of its kind."""
    return tuple(_record(item) for item in node.elements())


def _record(item: Node) -> Record:
    item.mapping(("round", "position", "job", "kind", "allocation", "reasons", "time", RESERVATION),
                 required=("round", "job", "kind"))
    item.child("round").integer(1)
    item.child("job").text()
    kind = item.child("kind").text()
    if kind not in DECISION_KINDS:
        raise item.child("kind").error(f"'{kind}' is not dispatch or pend")
    needed = "allocation" if kind == "dispatch" else "reasons"
    if not item.has(needed):
        raise item.error(f"a {kind} record needs '{needed}'")
    record = {"position": None, **item.value, "job": str(item.value["job"])}
    if kind == "pend":
        record["reasons"] = _canonical_reasons(item.child("reasons"))
    return record


def _canonical_reasons(node: Node) -> list[Record]:
    """Reasons in the grouped form of version 2; version 1's [code, host, detail] triples are grouped."""
    entries = list(node.elements())
    if all(isinstance(e.value, dict) for e in entries):
        return [e.value for e in entries]
    triples = []
    for entry in entries:
        value = entry.value
        if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, str) for v in value)):
            raise entry.error("a pend reason is [code, host, detail] (version 1) or a grouped entry (version 2)")
        try:
            code = PendCode(value[0])
        except ValueError:
            raise entry.error(f"unknown pend reason code '{value[0]}'") from None
        triples.append(PendReason(code, value[1], value[2]))
    return reason_groups(triples)
