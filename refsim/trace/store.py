"""Stored traces: the latest trace of each job, bounded in memory.

A trace is kept as its canonical bytes (a JSON encoding of its records) and decoded again on recall, so what the
store holds is what it accounts: the length of those bytes plus a fixed per-entry overhead, the same on every
machine. When the total passes the bound the oldest stored traces
are discarded first, never the most recently captured one; discarded jobs are remembered so recall can say so.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import OrderedDict
from enum import Enum
from typing import Any

from refsim.model.jobid import JobId
from refsim.sched.events import VerdictKind
from refsim.trace.records import Amt, Line, Totals, Trace
from refsim.trace.settings import Level

DEFAULT_BOUND = 64 * 1024 * 1024
ENTRY_OVERHEAD = 256
BOUND_VARIABLE = "REFSIM_TRACE_STORE_BYTES"  # test seam: a smaller bound, so tests can reach it black-box


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"cannot encode {type(value).__name__}")


def canonical_bytes(trace: Trace) -> bytes:
    record = dataclasses.asdict(trace)
    if not trace.discipline:  # greedy traces keep their bytes, and so the store's accounting
        del record["discipline"], record["totals"]["discipline"]
    return json.dumps(record, default=_plain, sort_keys=True, separators=(",", ":")).encode()


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
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_BOUND


class TraceStore:
    def __init__(self, bound: int = DEFAULT_BOUND) -> None:
        self.bound = bound
        self.used = 0
        self._entries: OrderedDict[JobId, bytes] = OrderedDict()
        self._discarded: set[JobId] = set()

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
        data = canonical_bytes(trace)
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
