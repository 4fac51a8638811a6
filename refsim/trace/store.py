"""Stored traces: the latest trace of each job, bounded in memory.

A trace is kept as its canonical bytes (a JSON encoding of its records) and decoded again on recall, so what the
store holds is what it accounts: the length of those bytes plus a fixed per-entry overhead, the same on every
machine. When the total passes the bound the oldest stored traces
are discarded first, never the most recently captured one; discarded jobs are remembered so recall can say so.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

from refsim.model.bounds import MAX_DIGITS, whole_number
from refsim.model.jobid import JobId
from refsim.sched.events import VerdictKind
from refsim.trace.records import Amt, Line, LineMemo, Totals, Trace
from refsim.trace.settings import Level

DEFAULT_BOUND = 64 * 1024 * 1024
ENTRY_OVERHEAD = 256
MAX_BOUND = 10**MAX_DIGITS - 1  # any whole number of bytes whole_number reads
BOUND_VARIABLE = "REFSIM_TRACE_STORE_BYTES"  # test seam: a smaller bound, so tests can reach it black-box


_string = encode_basestring_ascii  # json.dumps' own string encoder (ensure_ascii)


_VALUES = {kind: kind.value for kind in VerdictKind}  # an enum's value read through its member is a descriptor call


def _number(value: object) -> str:
    """A number (or null) exactly as json.dumps writes it."""
    if value.__class__ is int:
        return int.__repr__(value)
    return json.dumps(value)


def line_json(line: Line) -> str:
    if len(line.parts) == 1 and isinstance(line.parts[0], str):  # most lines are one text
        return f'{{"depth":{line.depth},"parts":[{_string(line.parts[0])}]}}'
    parts = [_string(p) if isinstance(p, str) else
             f'{{"unit":{"null" if p.unit is None else _string(p.unit)},"value":{_number(p.value)}}}'
             for p in line.parts]
    return f'{{"depth":{line.depth},"parts":[{",".join(parts)}]}}'


def _pairs(pairs: tuple[tuple[str, int], ...]) -> str:
    return "[" + ",".join(f"[{_string(name)},{_number(n)}]" for name, n in pairs) + "]"


def _each_json(lines: tuple[Line, ...]) -> list[str]:
    return [line_json(line) for line in lines]


def canonical_bytes(trace: Trace, encode: Callable[[tuple[Line, ...]], list[str]] = _each_json) -> bytes:
    """The JSON encoding of the trace's records with sorted keys and no spaces: what
    `json.dumps(dataclasses.asdict(trace), sort_keys=True, separators=(",", ":"))` writes (enums as their values),
    written directly, since the store encodes every trace shown. A greedy trace has no discipline keys, so its
    bytes, and the store's accounting, are those of a trace without a discipline section. `encode` gives the
    JSON of each of a sequence of lines (line_json of each, or a LineMemo's)."""
    t, totals = trace, trace.totals

    def _lines(lines: tuple[Line, ...]) -> str:
        return "[" + ",".join(encode(lines)) + "]"

    discipline = f',"discipline":{_lines(t.discipline)}' if t.discipline else ""
    counts = f'"discipline":{_pairs(totals.discipline)},' if t.discipline else ""
    verdicts = _pairs(tuple((_VALUES[kind], n) for kind, n in totals.verdicts))
    return (f'{{"body":{_lines(t.body)},"bound":{_number(t.bound)}{discipline},"head":{_lines(t.head)},'
            f'"job":{{"index":{_number(t.job.index)},"job":{_number(t.job.job)}}},"level":{_string(t.level.value)},'
            f'"omitted":{_number(t.omitted)},"outcome":{_lines(t.outcome)},"position":{_number(t.position)},'
            f'"round":{_number(t.round)},"totals":{{{counts}"plans_discarded":{_number(totals.plans_discarded)},'
            f'"plans_tried":{_number(totals.plans_tried)},"verdicts":{verdicts}}}}}').encode()


def _line(data: dict[str, Any]) -> Line:  # a decoded JSON object
    return Line(data["depth"], tuple(Amt(p["value"], p["unit"]) if isinstance(p, dict) else p for p in data["parts"]))


def trace_from_bytes(data: bytes) -> Trace:
    """The inverse of canonical_bytes."""
    d = json.loads(data)
    totals = d["totals"]
    return Trace(JobId(d["job"]["job"], d["job"]["index"]), d["round"], d["position"], Level(d["level"]),
                 tuple(_line(x) for x in d["head"]), tuple(_line(x) for x in d["body"]), d["omitted"], d["bound"],
                 Totals(totals["plans_tried"], totals["plans_discarded"],
                        tuple((VerdictKind(k), n) for k, n in totals["verdicts"]),
                        tuple((name, n) for name, n in totals.get("discipline", ()))),
                 tuple(_line(x) for x in d["outcome"]), tuple(_line(x) for x in d.get("discipline", ())))


def bound_from_environment() -> int:
    text = os.environ.get(BOUND_VARIABLE, "")
    bound = whole_number(text, 1, MAX_BOUND)  # ASCII digits only: '²' passes str.isdigit() yet int() refuses it
    return DEFAULT_BOUND if bound is None else bound


class TraceStore:
    def __init__(self, bound: int = DEFAULT_BOUND) -> None:
        self.bound = bound
        self.used = 0
        self._entries: OrderedDict[JobId, bytes] = OrderedDict()
        self._discarded: set[JobId] = set()
        self._encode = LineMemo(line_json).each

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def discarded_count(self) -> int:
        return len(self._discarded)

    def put(self, trace: Trace) -> None:
        """Store a job's new trace in place of its previous one, then evict the oldest while over the bound."""
        old = self._entries.pop(trace.job, None)
        if old is not None:
            self.used -= len(old) + ENTRY_OVERHEAD
        data = canonical_bytes(trace, self._encode)
        self._entries[trace.job] = data
        self.used += len(data) + ENTRY_OVERHEAD
        self._discarded.discard(trace.job)
        while self.used > self.bound and len(self._entries) > 1:
            job, evicted = self._entries.popitem(last=False)
            self.used -= len(evicted) + ENTRY_OVERHEAD
            self._discarded.add(job)

    def get(self, job: JobId) -> Trace | None:
        data = self._entries.get(job)
        return trace_from_bytes(data) if data is not None else None

    def was_discarded(self, job: JobId) -> bool:
        return job in self._discarded
