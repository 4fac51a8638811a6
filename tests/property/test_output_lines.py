"""--sim-output lines joined from pre-encoded pieces (DecisionLines) are byte for byte what dumps() writes for the
same record, for every record kind: pends (any job id, position, round, session time, reason set), pends with a
backfill reservation, dispatches; and when the same job, reason set or session repeats, also after the bounded
caches have been emptied."""

from __future__ import annotations

import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation, LimitCharge, Pend, PendCode, PendReason
from refsim.sched.reservations import Reservation
from refsim.sim.output import DecisionLines, dumps, output_record

_names = st.one_of(
    st.builds(lambda p, w, n: f"{p}{n:0{w}d}", st.sampled_from(["node", "n", "gpu-", ""]), st.integers(1, 4),
              st.integers(0, 120)),
    st.text(min_size=1, max_size=6),  # any other name: quotes, backslashes, non-ASCII, control characters
)
_details = st.one_of(st.sampled_from(["", "slots", "mem", "lim[user=a] slots"]), st.text(max_size=6))
_reasons = st.lists(st.builds(PendReason, st.sampled_from(list(PendCode)), _names, _details), max_size=12)
_job_ids = st.builds(JobId, st.integers(1, 10**9), st.one_of(st.none(), st.integers(1, 10**4)))
_numbers = st.one_of(st.integers(-5, 10**12), st.floats(allow_nan=True, allow_infinity=True), st.none(),
                     st.booleans())
_amounts = st.one_of(st.integers(0, 64), st.floats(0, 1e6, allow_nan=False))
_charges = st.lists(st.builds(LimitCharge, st.text(max_size=4), st.text(max_size=4), st.sampled_from(["slots"]),
                              _amounts), max_size=2).map(tuple)
_allocations = st.builds(
    Allocation,
    st.lists(st.builds(HostAllocation, _names, st.lists(st.tuples(st.sampled_from(["slots", "mem"]), _amounts),
                                                        max_size=2).map(tuple), _charges),
             min_size=1, max_size=3).map(tuple),
    st.lists(st.tuples(st.text(max_size=4), _amounts), max_size=2).map(tuple),
    _charges,
)


def _expected(lines: DecisionLines, round_no, position, decision, time, reservation=None) -> str:
    """The record as every consumer sees it, encoded by json (dumps sorts the keys)."""
    record = output_record(round_no, position, decision, lines.forms, reservation)
    record["time"] = time
    return dumps(record)


@settings(max_examples=300, deadline=None)
@given(_job_ids, _reasons, st.lists(st.tuples(st.one_of(st.integers(1, 10**6), st.booleans()), _numbers, _numbers),
                                    min_size=1, max_size=4))
def test_a_pend_line_is_what_dumps_writes(job, reasons, reports):
    """The same Pend object reported in several sessions (as a pend that did not change is): each line equals
    dumps() of its record, whatever the round, position and time (ints, floats, NaN, infinities, None, bools)."""
    lines = DecisionLines()
    pend = Pend(job, tuple(reasons))
    for round_no, position, time in reports:
        line = lines.line(round_no, position, pend, time)
        assert line == _expected(lines, round_no, position, pend, time)
        if isinstance(time, float) and not math.isfinite(time):
            continue  # json writes NaN and Infinity, which strict JSON readers refuse; dumps() does the same
        assert json.loads(line)["time"] == time


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_job_ids, _reasons), min_size=1, max_size=12), st.integers(1, 3))
def test_lines_stay_exact_when_the_bounded_caches_are_emptied(pends, bound):
    """With caches of 1 to 3 entries, job texts and reason sets are forgotten and encoded again, and pends with
    equal content but different objects meet: every line still equals dumps() of its record."""
    lines = DecisionLines(bound=bound)
    lines.forms = type(lines.forms)(bound=bound)
    made = [Pend(job, tuple(reasons)) for job, reasons in pends]
    for round_no, pend in enumerate(made + made[::-1] + [Pend(p.job, p.reasons) for p in made], start=1):
        assert lines.line(round_no, 1, pend, 1.5 * round_no) == _expected(lines, round_no, 1, pend, 1.5 * round_no)


@settings(max_examples=100, deadline=None)
@given(_job_ids, _allocations, _reasons, st.floats(0, 1e9), st.one_of(st.none(), st.integers(1, 100)))
def test_dispatches_and_pends_with_a_reservation_are_what_dumps_writes(job, allocation, reasons, start, position):
    lines = DecisionLines()
    dispatch = Dispatch(job, allocation)
    assert lines.line(3, position, dispatch, start) == _expected(lines, 3, position, dispatch, start)
    pend = Pend(job, tuple(reasons))
    reservation = Reservation(job, start, start + 60.0, allocation, ())
    assert lines.line(3, position, pend, start, reservation) == \
        _expected(lines, 3, position, pend, start, reservation)
    assert '"backfill_reservation"' in lines.line(3, position, pend, start, reservation)
