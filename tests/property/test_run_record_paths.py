"""The run reader's plain check (sim/runfile.plainly_valid) accepts only records run_record accepts: whatever a
line holds, reading it gives the record run_record gives, or run_record's own error. Records are drawn from each
kind refsim writes, with fields replaced by hostile values, dropped, or nested wrongly."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from refsim.sim.reader import Node, RecordingError
from refsim.sim.runfile import plainly_valid, run_record

RECORDS = [
    {"kind": "submit", "job": "1", "queue": "q", "time": 0},
    {"kind": "dispatch", "job": "1", "round": 1, "position": 1, "time": 0.5,
     "allocation": {"hosts": [{"host": "a", "resources": {"slots": 1, "mem": 2048.0}, "limit_charges": []}],
                    "shared": {}, "limit_charges": []},
     "backfill_reservation": {"planned_start": 4, "allocation": {"hosts": [{"host": "b", "resources": {"slots": 2}}]}}},
    {"kind": "pend", "job": "1", "round": 2, "position": 1, "time": 3,
     "reasons": [{"code": "resource-shortfall", "detail": "slots", "hosts": "a", "count": 1},
                 {"code": "blocked", "detail": None}, ["no-plan", None, "x"]]},
    {"kind": "finish", "job": "1", "time": 5},
    {"kind": "remove", "job": "2", "time": 5},
    {"kind": "end", "time": 5, "start": 0, "slots": 4},
]
HOSTILE = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from([10**12, 10**12 + 1, 10**15 + 1]),
                    st.floats(-1, 1e16, allow_nan=False), st.text(max_size=3), st.just([]), st.just({}),
                    st.just([{}]), st.just([{"code": 1}]), st.just([{"resources": {"slots": -1}}]))


def _paths(value, path=()):
    """Every place in a record a value could be replaced or dropped."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*path, i))


@st.composite
def records(draw):
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from([p for p in _paths(record) if p]))
        parent = record
        for step in path[:-1]:
            parent = parent[step]
        if isinstance(parent, dict) and draw(st.booleans()) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(draw(HOSTILE))  # a fresh copy: later steps may change it
    return record


def _read(record):
    try:
        return "accepted", run_record(Node(record, "run.jsonl", "line 2"))
    except RecordingError as exc:
        return "refused", str(exc)


@given(records())
def test_the_plain_check_accepts_only_what_run_record_accepts(record):
    if plainly_valid(record):
        assert _read(record) == ("accepted", record)


def test_each_kind_refsim_writes_takes_the_plain_path():
    """Unchanged, every record kind passes the plain check: the shortcut is taken for refsim's own files."""
    assert all(plainly_valid(r) for r in RECORDS)


SINGLE = [None, True, False, 0, -1, 0.5, -0.5, 10**12, 10**12 + 1, 10**15 + 1, 1e16, "", "x", [], {}, [{}],
          [["no-plan", None, "x"]], [{"code": 1}], [{"code": "c", "detail": 2}], [{"resources": {"slots": -1}}],
          [{"resources": None}], {"hosts": None}, {"hosts": [{"resources": {"slots": True}}]}]


def _replaced(record, path, value):
    record = copy.deepcopy(record)
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    if value is _DROP:
        if isinstance(parent, dict):
            del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(value)
    return record


_DROP = object()


def test_every_single_change_is_read_as_run_record_reads_it():
    """Each place of each record kind, dropped or given each value above: the plain check never accepts what
    run_record refuses (or would change). Checked exhaustively: 1,320 records."""
    checked = plain = 0
    for record in RECORDS:
        for path in [p for p in _paths(record) if p]:
            for value in [_DROP, *SINGLE]:
                changed = _replaced(record, path, value)
                checked += 1
                if plainly_valid(changed):
                    plain += 1
                    assert _read(changed) == ("accepted", changed), (path, value)
    assert checked > 1000 and 0 < plain < checked  # both paths are exercised
