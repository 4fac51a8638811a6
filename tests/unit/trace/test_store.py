"""The trace store: deterministic sizes, replacement, eviction of the oldest, never the newest."""

from refsim.model.jobid import JobId
from refsim.sched.events import VerdictKind
from refsim.trace.records import Amt, Line, Totals, Trace
from refsim.trace.settings import Level
from refsim.trace.store import ENTRY_OVERHEAD, TraceStore, bound_from_environment, canonical_bytes


def trace(job: int, text: str = "x", round_no: int = 1) -> Trace:
    totals = Totals(0, 0, tuple((k, 0) for k in VerdictKind))
    return Trace(JobId(job), round_no, 1, Level.SUMMARY, (Line(1, (text, Amt(1024, "MB"))),), (), 0, 50, totals, ())


def size(t: Trace) -> int:
    return len(canonical_bytes(t)) + ENTRY_OVERHEAD


def test_a_stored_trace_decodes_to_what_was_stored():
    from refsim.trace.store import trace_from_bytes
    original = trace(7)
    assert trace_from_bytes(canonical_bytes(original)) == original


def test_sizes_are_canonical_bytes_plus_a_fixed_overhead():
    store = TraceStore()
    store.put(trace(1))
    assert store.used == size(trace(1))
    assert canonical_bytes(trace(1)) == canonical_bytes(trace(1))


def test_a_new_trace_replaces_the_old_one():
    store = TraceStore()
    store.put(trace(1, "old"))
    store.put(trace(1, "new", 2))
    assert len(store) == 1 and store.get(JobId(1)).round == 2 and store.used == size(trace(1, "new", 2))


def test_the_oldest_go_first_and_are_remembered():
    one = size(trace(1))
    store = TraceStore(bound=2 * one)
    for job in (1, 2, 3):
        store.put(trace(job))
    assert store.get(JobId(1)) is None and store.was_discarded(JobId(1))
    assert store.get(JobId(2)) and store.get(JobId(3)) and store.used == 2 * one
    store.put(trace(1))  # captured again: no longer discarded; 2 is now the oldest
    assert not store.was_discarded(JobId(1)) and store.was_discarded(JobId(2))


def test_the_newest_is_never_discarded():
    store = TraceStore(bound=10)
    store.put(trace(1))
    store.put(trace(2))
    assert store.get(JobId(2)) is not None and store.get(JobId(1)) is None and len(store) == 1


def test_the_bound_comes_from_the_test_seam_only_when_valid(monkeypatch):
    monkeypatch.setenv("REFSIM_TRACE_STORE_BYTES", "5000")
    assert bound_from_environment() == 5000
    monkeypatch.setenv("REFSIM_TRACE_STORE_BYTES", "lots")
    assert bound_from_environment() == 64 * 1024 * 1024
