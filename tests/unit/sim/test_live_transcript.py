"""Live mode, one whole session checked reply by reply: every decision kind, the session's end, each refusal's
full message (docs/live.md), and a status showing that nothing refused changed the scheduler."""

import json

from refsim.sim.live import serve
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node

CLUSTER = cluster_from(Node({"hosts": [{"name": "h1", "slots": 4}, {"name": "h2", "slots": 2}]}, "c", "cluster"))

MESSAGES = [
    '{"type":"submit","job":{"id":1,"tasks":4,"run_time":5}}',
    '{"type":"submit","job":{"id":2,"tasks":3}}',
    '{"type":"submit","job":{"id":3,"resreq":"select[("}}',
    '{"type":"schedule"}',
    '{"type":"finish","job":"2"}',
    '{"type":"reconfig","cluster":{"hosts":[{"name":"h2","slots":4}]}}',
    '{"type":"launch"}',
    '{"kind":"schedule"}',
    '{"type":"status","time":NaN}',
    '{"type":',
    b'{"type":"\xff"}',
    "x" * 1_048_577,
    '{"type":"status"}',
]


def test_a_live_session_reply_by_reply():
    """Kills: sim/live.py's texts mutated (each refusal's message, the no-decision kind, the request list and its
    separator, the session-end record): the other live tests look for a fragment of each message only.

    By hand: job 1 (4 tasks) fills h1's 4 slots; job 2 (3 tasks) finds h1 full and h2 with 2 slots, a slots
    shortfall on both; job 3's requirement does not parse, so it gets no decision (no scheduling object). The
    session made 3 replies before its end. Job 2 never ran, so finishing it is refused; h1 runs job 1, so a
    cluster without h1 is refused. A message without a type names the empty type. NaN is not JSON; `{"type":` is
    cut; byte 10 of `{"type":"\\xff"}` is not UTF-8; a line over 1,048,576 characters is refused unread. Nothing
    refused changed anything: job 1 runs and jobs 2 and 3 still wait."""
    replies = list(serve(CLUSTER, MESSAGES, protocol=1))
    assert [json.loads(r) for r in replies] == [
        {"type": "ok"}, {"type": "ok"}, {"type": "ok"},
        {"type": "decision", "round": 1, "position": 1, "job": "1", "kind": "dispatch",
         "allocation": {"hosts": [{"host": "h1", "resources": {"slots": 4}, "limit_charges": []}], "shared": {},
                        "limit_charges": []}},
        {"type": "decision", "round": 1, "position": 2, "job": "2", "kind": "pend",
         "reasons": [["resource-shortfall", "h1", "slots"], ["resource-shortfall", "h2", "slots"]]},
        {"type": "no-decision", "round": 1, "position": 3, "job": "3", "kind": "no-sched-object"},
        {"type": "session-end", "round": 1, "decisions": 3},
        {"type": "error", "message": "message 5: job: job 2 is not running"},
        {"type": "error", "message": "message 6: cluster: running jobs use hosts the new cluster lacks: h1"},
        {"type": "error", "message": "message 7: unknown message type 'launch' (expected one of: submit, finish, "
                                     "host, schedule, status, reconfig)"},
        {"type": "error", "message": "message 8: unknown message type '' (expected one of: submit, finish, host, "
                                     "schedule, status, reconfig)"},
        {"type": "error", "message": "message 9: not accepted: NaN is not a number JSON allows (NaN and infinity "
                                     "are refused)"},
        {"type": "error", "message": "message 10: not valid JSON: Expecting value"},
        {"type": "error", "message": "message 11: not UTF-8 text (byte 10)"},
        {"type": "error", "message": "message 12: longer than 1048576 characters"},
        {"type": "status", "rounds": 1, "pending": ["2", "3"], "running": ["1"], "hosts": 2},
    ]
    assert replies[-1] == '{"hosts":2,"pending":["2","3"],"rounds":1,"running":["1"],"type":"status"}'
