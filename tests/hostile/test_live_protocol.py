"""Live mode's protocol 2 under hostile messages: a session `time` that is not a number, out of range or back in
time is one error reply and runs no session; the protocol is told in the first reply whatever the first line is."""

from __future__ import annotations

import json

import pytest

from refsim.sim.live import serve
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node

CLUSTER = cluster_from(Node({"hosts": [{"name": "h1", "slots": 4}]}, "c", "cluster"))
STATUS = '{"type":"status"}'


@pytest.mark.parametrize("time, problem", [
    ("NaN", "not accepted: NaN is not a number JSON allows"),
    ("1e999", "not accepted: 1e999 is not a finite number"),
    ("10000000000000", "time: 10000000000000 is above 1000000000000"),
    ("-1", "time: -1 is below 4"),
    ('"5"', "time: expected a number, found text 5"),
    ("[5]", "time: expected a number, found a list"),
    ("9" * 400, "not accepted: the number 999"),
    ("3", "time: 3 is below 4"),  # the submit gave 4: a session cannot go back to 3
])
def test_a_hostile_session_time_runs_no_session(time: str, problem: str) -> None:
    messages = ['{"type":"submit","job":{"id":1},"time":4}', '{"type":"schedule","time":' + time + "}", STATUS]
    replies = [json.loads(r) for r in serve(CLUSTER, messages)]
    assert replies[1]["type"] == "error" and replies[1]["message"].startswith(f"message 2: {problem}"), replies[1]
    assert replies[2]["rounds"] == 0 and replies[2]["pending"] == ["1"]  # nothing ran


@pytest.mark.parametrize("first", [b"\xff\n", b"x" * 2_000_000, b"[1]\n", b"{}\n"])
def test_the_first_reply_tells_the_protocol_whatever_the_first_line(first: bytes) -> None:
    replies = [json.loads(r) for r in serve(CLUSTER, [first, STATUS.encode()])]
    assert replies[0]["type"] == "error" and replies[0]["protocol"] == 2
    assert "protocol" not in replies[1]
