"""--sim-output pend lines joined from pieces kept between sessions (DecisionLines): each piece is taken again only
while what it encodes is unchanged."""

from refsim.model.jobid import JobId
from refsim.sched.decisions import Pend
from refsim.sim.output import DecisionLines


def test_a_pend_line_takes_its_session_round_and_time_anew_whenever_either_changes():
    """Kills: sim/output.py:DecisionLines.pend's test of a new session mutated (`or` -> `and`, either `is not`
    -> `is`, or the round compared with the last session's time): a line would repeat the last session's round
    or time. The same job pended in four sessions: a new round at the same time (one float object, as the replay
    reports a session's decisions), a new time in the same round, then rounds 4 and 5 both at the whole time 5
    (equal small ints are one object in Python, so round 5 is the very object of the last session's time). Each
    line is what json writes for its record, keys sorted."""
    lines, pend, time = DecisionLines(), Pend(JobId(7, None), ()), 5.0
    assert [lines.line(1, 1, pend, time), lines.line(2, 1, pend, time), lines.line(2, 1, pend, 6.5),
            lines.line(4, None, pend, 5), lines.line(5, 2, pend, 5)] == [
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":1,"time":5.0}',
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":2,"time":5.0}',
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":2,"time":6.5}',
        '{"job":"7","kind":"pend","position":null,"reasons":[],"round":4,"time":5}',
        '{"job":"7","kind":"pend","position":2,"reasons":[],"round":5,"time":5}']


def test_a_time_that_is_not_finite_is_written_as_json_writes_it():
    """Kills: sim/output.py:_scalar's finiteness test `value - value == 0.0` -> `!=` (infinity and NaN would be
    written by float.__repr__ as `inf` and `nan`, where every other record, written by json, has `Infinity` and
    `NaN`). A finite float keeps its shortest repr."""
    lines, pend = DecisionLines(), Pend(JobId(7, None), ())
    assert [lines.line(1, 1, pend, float("inf")), lines.line(2, 1, pend, float("nan")),
            lines.line(3, 1, pend, 0.1)] == [
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":1,"time":Infinity}',
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":2,"time":NaN}',
        '{"job":"7","kind":"pend","position":1,"reasons":[],"round":3,"time":0.1}']
