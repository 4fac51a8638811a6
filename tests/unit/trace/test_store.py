"""The trace store: deterministic sizes, replacement, eviction of the oldest, never the newest."""

from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_each_stored_trace_costs_its_bytes_plus_256():
    """Kills: refsim/trace/store.py ENTRY_OVERHEAD moved off the 256 bytes per trace that docs/trace.md
    promises (the store's bound, and so which traces a recording keeps, depends on it)."""
    store = TraceStore()
    store.put(trace(1))
    assert store.used == len(canonical_bytes(trace(1))) + 256


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


def test_the_discarded_count_is_the_jobs_discarded_and_not_captured_again():
    """Kills: refsim/trace/store.py:TraceStore.discarded_count not counting (the `trace` status line reports
    it). Bound of two traces, jobs 1, 2, 3 stored: 1 is discarded (1); 1 again: 2 is discarded, 1 is not (1);
    4: 3 is discarded too (2)."""
    store = TraceStore(bound=2 * size(trace(1)))
    assert store.discarded_count == 0
    for job in (1, 2, 3):
        store.put(trace(job))
    assert store.discarded_count == 1
    store.put(trace(1))
    assert store.discarded_count == 1
    store.put(trace(4))
    assert store.discarded_count == 2


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


def test_the_smallest_bound_the_seam_takes_is_one_byte(monkeypatch):
    """Kills: refsim/trace/store.py:bound_from_environment moving the `> 0` test (1 byte is a valid bound, under
    which only the newest trace is kept; 0 is not a bound and gives the 64 MiB default)."""
    monkeypatch.setenv("REFSIM_TRACE_STORE_BYTES", "1")
    assert bound_from_environment() == 1
    monkeypatch.setenv("REFSIM_TRACE_STORE_BYTES", "0")
    assert bound_from_environment() == 64 * 1024 * 1024


# --- canonical bytes: written directly, they must be exactly the JSON encoding of the records ------------------

def _records_json(t: Trace) -> bytes:
    """The definition of the canonical bytes: the JSON encoding of the trace's records, each record an object of
    its fields (a line {depth, parts}, an amount {value, unit}, the job id {job, index}), enums as their values,
    keys sorted, no spaces, and no discipline keys for a greedy trace."""
    import json

    def lines(records: tuple[Line, ...]) -> list[dict]:
        return [{"depth": line.depth, "parts": [p if isinstance(p, str) else {"value": p.value, "unit": p.unit}
                                                for p in line.parts]} for line in records]

    totals = {"plans_tried": t.totals.plans_tried, "plans_discarded": t.totals.plans_discarded,
              "verdicts": [[kind.value, n] for kind, n in t.totals.verdicts]}
    record = {"job": {"job": t.job.job, "index": t.job.index}, "round": t.round, "position": t.position,
              "level": t.level.value, "head": lines(t.head), "body": lines(t.body), "omitted": t.omitted,
              "bound": t.bound, "totals": totals, "outcome": lines(t.outcome)}
    if t.discipline:
        record["discipline"] = lines(t.discipline)
        totals["discipline"] = [list(pair) for pair in t.totals.discipline]
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()


_texts = st.text(max_size=12)  # any characters: quotes, backslashes, controls, non-ASCII
_amounts = st.one_of(st.integers(-2**70, 2**70), st.floats(allow_nan=True, allow_infinity=True))
_parts = st.one_of(_texts, st.builds(Amt, _amounts, st.one_of(st.none(), _texts)))
_lines = st.lists(st.builds(Line, st.integers(0, 9), st.lists(_parts, max_size=4).map(tuple)), max_size=4).map(tuple)


@st.composite
def _traces(draw) -> Trace:
    discipline = draw(_lines)
    totals = Totals(draw(st.integers(0, 99)), draw(st.integers(0, 99)),
                    tuple((k, draw(st.integers(0, 10**6))) for k in VerdictKind),
                    tuple(draw(st.lists(st.tuples(_texts, st.integers(0, 99)), max_size=3))))
    return Trace(JobId(draw(st.integers(0, 10**18)), draw(st.one_of(st.none(), st.integers(1, 10**9)))),
                 draw(st.integers(0, 10**6)), draw(st.one_of(st.none(), st.integers(1, 10**6))),
                 draw(st.sampled_from(Level)), draw(_lines), draw(_lines), draw(st.integers(0, 10**6)),
                 draw(st.integers(50, 100000)), totals, draw(_lines), discipline)


@given(_traces())
@settings(max_examples=300)
def test_canonical_bytes_are_the_json_encoding_of_the_records(t: Trace):
    assert canonical_bytes(t) == _records_json(t)


def test_canonical_bytes_of_a_small_trace_by_hand():
    """Keys sorted at every level, amounts as {"unit","value"}, enums as their values, no discipline keys for a
    greedy trace: written out by hand from the record of `trace(7, 'a"b')`."""
    expected = ('{"body":[],"bound":50,"head":[{"depth":1,"parts":["a\\"b",{"unit":"MB","value":1024}]}],'
                '"job":{"index":null,"job":7},"level":"summary","omitted":0,"outcome":[],"position":1,"round":1,'
                '"totals":{"plans_discarded":0,"plans_tried":0,"verdicts":[["accepted",0],["selection mismatch",0],'
                '["resource shortfall",0],["limit exceeded",0],["already claimed",0],["not evaluated",0]]}}')
    assert canonical_bytes(trace(7, 'a"b')) == expected.encode()


@given(_traces())
@settings(max_examples=100)
def test_every_stored_trace_decodes_to_what_was_stored(t: Trace):
    """Kills: refsim/trace/store.py:trace_from_bytes reading a key under another name (the discipline counts,
    the discipline lines, a totals field), so a discipline trace shown again by `why` loses its section or counts.
    The store keeps only the bytes, so every trace it shows is the decoding of its encoding; compared as bytes,
    since an amount may be NaN, which never equals itself."""
    from refsim.trace.store import trace_from_bytes
    data = canonical_bytes(t)
    assert canonical_bytes(trace_from_bytes(data)) == data
