"""Live mode: every rejected request gets one error reply and leaves the scheduler exactly as it was; the session
goes on. The first seven are the messages that once ended live mode with a traceback."""

from __future__ import annotations

import json

import pytest

from refsim.sim.live import LiveScheduler
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node
from tests.hostile.harness import refsim_run

CLUSTER = {"hosts": [{"name": "h1", "slots": 4, "mem": "8G"}, {"name": "h2", "slots": 4, "mem": "8G"}]}


def live() -> LiveScheduler:
    scheduler = LiveScheduler(cluster_from(Node(CLUSTER, "cluster.yaml", "cluster")))
    for line in ['{"type":"submit","job":{"id":1,"tasks":2,"run_time":5}}', '{"type":"schedule"}',
                 '{"type":"submit","job":{"id":2,"tasks":9}}']:
        assert scheduler.handle(line)[-1]["type"] in ("ok", "session-end")
    return scheduler


def fingerprint(s: LiveScheduler) -> tuple:
    """Everything a request could change (the message counter aside)."""
    return (s.round, sorted(map(str, s.running)), [str(j) for j in s.state.pending], sorted(map(str, s.state.jobs)),
            sorted(s.reader.numbers), s.state.cluster, s.reader.cluster, s.state.usage.snapshot())


def deep(n: int) -> str:
    return "[" * n + "]" * n


HOSTILE = [
    ('{"type":"submit","job":{"id":10,"tasks":[null,2]}}', "job.tasks: '[None, 2]' is not a task count"),
    ('{"type":"submit","job":{"id":10,"tasks":[1e999,1e999]}}', "1e999 is not a finite number"),
    ('{"type":"submit","job":{"id":10,"tasks":"1,99999999999999999999"}}', "is not a task count"),
    ('{"type":"submit","job":{"id":10,"priority":' + "9" * 5001 + "}}", "has more than 19 digits"),
    ('{"type":"reconfig","cluster":{"hosts":[{"name":"h","slots":' + "9" * 401 + "}]}}", "more than 19 digits"),
    (deep(100_000), "nested more than 64 levels deep"),
    ('{"type":"submit","time":NaN,"job":{"id":10}}', "NaN is not a number JSON allows"),
    ('{"type":"submit","time":Infinity,"job":{"id":10}}', "Infinity is not a number JSON allows"),
    ('{"type":"submit","time":1e308,"job":{"id":10}}', "time: 1e+308 is above"),
    ('{"type":"submit","time":-1,"job":{"id":10}}', "time: -1 is below 0"),
    ('{"type":"submit","job":{"id":10,"priority":4294967296}}', "out of range"),
    ('{"type":"submit","job":{"id":10,"array":1000000}}', "out of range"),
    ('{"type":"submit","job":{"id":1}}', "job 1 is submitted twice"),
    ('{"type":"submit","job":{"id":"10[2]"}}', "names an array element"),
    ('{"type":"submit","job":{"id":10,"queue":"nope"}}', "unknown queue 'nope'"),
    ('{"type":"submit","job":{"id":10},"job":{"id":11}}', "duplicate key 'job'"),
    ('{"type":"submit","job":{"id":10,"user":"a\\u0000b"}}', "is not a valid name"),
    ('{"type":"finish","job":"2"}', "job 2 is not running"),
    ('{"type":"finish","job":"' + "9" * 300 + '"}', "malformed job id"),
    ('{"type":"host","name":"h9","status":"closed"}', "unknown host 'h9'"),
    ('{"type":"host","name":"h1","status":"ajar"}', "'ajar' is not open or closed"),
    ('{"type":"reconfig","cluster":{"hosts":[{"name":"h2","slots":4}]}}', "running jobs use hosts"),
    ('{"type":"reconfig","cluster":{"hosts":[{"name":"h1","slots":1e300}]}}', "is not an amount from 0"),
    ('{"type":"reconfig","cluster":{"hosts":[{"name":"h1","slots":4,"mem":NaN}]}}', "NaN is not a number"),
    ('{"type":"schedule","extra":1}', "unknown key 'extra'"),
    ('{"type":"' + "x" * 5000 + '"}', "unknown message type 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),
    ("[1,2]", "expected a mapping"),
    ('"status"', "expected a mapping"),
    ("{", "not valid JSON"),
    ("x" * 1_048_577, "longer than 1048576 characters"),
]


@pytest.mark.parametrize("message, fragment", HOSTILE, ids=[f"live{i}" for i in range(len(HOSTILE))])
def test_a_rejected_request_gets_one_error_reply_and_changes_nothing(message, fragment):
    scheduler = live()
    before = fingerprint(scheduler)
    replies = scheduler.handle(message)
    assert len(replies) == 1 and replies[0]["type"] == "error", replies
    assert fragment in replies[0]["message"] and replies[0]["message"].startswith("message 4: ")
    assert len(replies[0]["message"]) < 400
    assert fingerprint(scheduler) == before
    assert scheduler.handle('{"type":"status"}')[0]["type"] == "status"  # the session goes on


def test_a_deep_select_is_accepted_as_a_job_without_a_scheduling_object():
    """docs/resreq.md: a requirement that does not parse gives the job no decision; the message is not refused."""
    scheduler = live()
    resreq = "select[" + "(" * 3000 + "mem" + ")" * 3000 + "]"
    assert scheduler.handle(json.dumps({"type": "submit", "job": {"id": 10, "resreq": resreq}})) == [{"type": "ok"}]
    kinds = [r["type"] for r in scheduler.handle('{"type":"schedule"}')]
    assert "no-decision" in kinds and kinds[-1] == "session-end"


def test_the_live_command_survives_every_hostile_message(tmp_path):
    """End to end: all of the above in one session, then a status that shows job 1 running and job 2 pending."""
    (tmp_path / "cluster.yaml").write_text(json.dumps({"cluster": CLUSTER}))
    lines = ['{"type":"submit","job":{"id":1,"tasks":2,"run_time":5}}', '{"type":"schedule"}',
             '{"type":"submit","job":{"id":2,"tasks":9}}'] + [m for m, _ in HOSTILE] + ['{"type":"status"}']
    done = refsim_run(tmp_path, "live", "cluster.yaml", stdin=("\n".join(lines) + "\n").encode())
    replies = [json.loads(r) for r in done.stdout.decode().splitlines()]
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    errors = [r for r in replies if r["type"] == "error"]
    assert len(errors) == len(HOSTILE)
    assert replies[-1] == {"type": "status", "rounds": 1, "pending": ["2"], "running": ["1"], "hosts": 2}
