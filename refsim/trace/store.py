"""Stored traces: the latest trace of each job, bounded in memory.

A trace's size is the length of its canonical bytes (a JSON encoding of its records) plus a fixed per-entry
overhead, so the accounting is the same on every machine. When the total passes the bound the oldest stored traces
are discarded first, never the most recently captured one; discarded jobs are remembered so recall can say so.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import OrderedDict
from enum import Enum

from refsim.model.jobid import JobId
from refsim.trace.records import Trace

DEFAULT_BOUND = 64 * 1024 * 1024
ENTRY_OVERHEAD = 256
BOUND_VARIABLE = "REFSIM_TRACE_STORE_BYTES"  # test seam: a smaller bound, so tests can reach it black-box


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"cannot encode {type(value).__name__}")


def canonical_bytes(trace: Trace) -> bytes:
    return json.dumps(dataclasses.asdict(trace), default=_plain, sort_keys=True, separators=(",", ":")).encode()


def bound_from_environment() -> int:
    text = os.environ.get(BOUND_VARIABLE, "")
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_BOUND


class TraceStore:
    def __init__(self, bound: int = DEFAULT_BOUND) -> None:
        self.bound = bound
        self.used = 0
        self._entries: OrderedDict[JobId, tuple[Trace, int]] = OrderedDict()
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
            self.used -= old[1]
        size = len(canonical_bytes(trace)) + ENTRY_OVERHEAD
        self._entries[trace.job] = (trace, size)
        self.used += size
        self._discarded.discard(trace.job)
        while self.used > self.bound and len(self._entries) > 1:
            job, (_, evicted) = self._entries.popitem(last=False)
            self.used -= evicted
            self._discarded.add(job)

    def get(self, job: JobId) -> Trace | None:
        entry = self._entries.get(job)
        return entry[0] if entry is not None else None

    def was_discarded(self, job: JobId) -> bool:
        return job in self._discarded
