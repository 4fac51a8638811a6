"""Live mode: a reconfig message with a key it does not know is refused whole, and a line that is not UTF-8 is
answered with an error while the session goes on."""

from __future__ import annotations

import json

from refsim.sim.live import serve
from refsim.sim.load import recording_from

CLUSTER = recording_from({"cluster": {"hosts": [{"name": "h1", "slots": 1}]}, "events": []}, "r.yaml").cluster
STATUS = json.dumps({"type": "status"})


def test_a_reconfig_with_an_unknown_key_is_refused_and_changes_nothing():
    """Kills: refsim/sim/live.py:106 (`node.mapping(("type", "cluster"), required=("cluster",))` dropped in
    `_reconfig`). A reconfig takes only `type` and `cluster`, so 'colour' is named as unknown and the cluster
    stays the old one-host cluster (status counts 1 host, not the 2 the message asked for)."""
    reconfig = json.dumps({"type": "reconfig", "colour": "red",
                           "cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]}})
    replies = [json.loads(line) for line in serve(CLUSTER, [reconfig, STATUS])]
    assert replies[0] == {"type": "error",
                          "message": "message 1: unknown key 'colour' (expected one of: type, cluster)"}
    assert replies[1]["hosts"] == 1


def test_a_status_request_with_a_key_it_does_not_know_is_refused():
    """A status message takes only `type`: 'verbose' is named as unknown, and the answer is that error, not a
    status. Kills: sim/live.py:LiveScheduler._status its key check (`node.mapping(("type",))`) dropped."""
    replies = [json.loads(line) for line in serve(CLUSTER, [json.dumps({"type": "status", "verbose": True})])]
    assert replies == [{"type": "error", "message": "message 1: unknown key 'verbose' (expected one of: type)"}]


def test_a_line_that_is_not_utf8_is_answered_and_the_next_line_is_still_read():
    """Kills: refsim/sim/live.py:132 (`continue` -> `break` after the not-UTF-8 reply), which would end the
    session there. Byte 1 (0xff) can never start UTF-8, hence 'byte 1'; the status line is message 2."""
    replies = [json.loads(line) for line in serve(CLUSTER, [b"\xff\n", STATUS.encode() + b"\n"])]
    assert replies == [{"type": "error", "message": "message 1: not UTF-8 text (byte 1)"},
                       {"type": "status", "rounds": 0, "pending": [], "running": [], "hosts": 1}]


def test_a_finish_with_a_malformed_job_id_names_the_job_field():
    """Kills: sim/live.py:LiveScheduler._finish naming another field than `job` in the error of a malformed job id
    (the controller is told which field of its message was wrong). A job id that is well formed but not running
    is refused at the same field."""
    finish_bad = json.dumps({"type": "finish", "job": "1[x]"})
    finish_idle = json.dumps({"type": "finish", "job": "7"})
    replies = [json.loads(line) for line in serve(CLUSTER, [finish_bad, finish_idle])]
    assert replies == [{"type": "error", "message": "message 1: job: malformed job id '1[x]'"},
                       {"type": "error", "message": "message 2: job: job 7 is not running"}]
