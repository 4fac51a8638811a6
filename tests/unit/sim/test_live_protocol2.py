"""Live mode's protocol 2 (the default): decisions in the --sim-output version 2 form with their session's time,
the protocol in the first reply of the session, and a session clock that never goes back (docs/live.md)."""

import json

from refsim.sim.live import serve
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node

CLUSTER = cluster_from(Node({"hosts": [{"name": "h1", "slots": 4}, {"name": "h2", "slots": 2}]}, "c", "cluster"))


def test_a_session_in_protocol_2_reply_by_reply():
    """By hand: job 1 (4 tasks, submitted at 10) fills h1; job 2 (3 tasks, at 12) finds h1 full and h2 with 2
    slots: one resource-shortfall group for slots on h[1-2], 2 hosts (version 2 groups the triples of protocol 1).
    The first schedule has no time: it runs at the latest time given, 12. The second asks for 20 and carries it.
    A schedule at 15, before 20, is refused and runs nothing. Only the very first reply names the protocol."""
    messages = [
        '{"type":"submit","job":{"id":1,"tasks":4},"time":10}',
        '{"type":"submit","job":{"id":2,"tasks":3},"time":12}',
        '{"type":"schedule"}',
        '{"type":"schedule","time":20}',
        '{"type":"schedule","time":15}',
    ]
    replies = [json.loads(r) for r in serve(CLUSTER, messages)]
    pend = {"type": "decision", "round": 1, "position": 2, "job": "2", "kind": "pend", "time": 12.0,
            "reasons": [{"code": "resource-shortfall", "detail": "slots", "hosts": "h[1-2]", "count": 2}]}
    assert replies == [
        {"type": "ok", "protocol": 2}, {"type": "ok"},
        {"type": "decision", "round": 1, "position": 1, "job": "1", "kind": "dispatch", "time": 12.0,
         "allocation": {"hosts": [{"host": "h1", "resources": {"slots": 4}, "limit_charges": []}], "shared": {},
                        "limit_charges": []}},
        pend,
        {"type": "session-end", "round": 1, "decisions": 2, "time": 12.0},
        {**pend, "round": 2, "position": 1, "time": 20},
        {"type": "session-end", "round": 2, "decisions": 1, "time": 20},
        {"type": "error", "message": "message 5: time: 15 is below 20"},
    ]


def test_the_protocol_is_in_the_first_reply_even_when_it_is_an_error():
    """A controller learns the protocol from whatever comes back first, a refusal included."""
    replies = [json.loads(r) for r in serve(CLUSTER, ["{", '{"type":"status"}'])]
    assert replies[0] == {"type": "error", "message": "message 1: not valid JSON: Expecting property name enclosed "
                                                      "in double quotes", "protocol": 2}
    assert "protocol" not in replies[1]


def test_protocol_1_carries_no_protocol_and_no_time_and_refuses_a_schedule_time():
    replies = [json.loads(r) for r in serve(CLUSTER, ['{"type":"schedule","time":3}', '{"type":"schedule"}'],
                                            protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: unknown key 'time' (expected one of: type)"},
                       {"type": "session-end", "round": 1, "decisions": 0}]
