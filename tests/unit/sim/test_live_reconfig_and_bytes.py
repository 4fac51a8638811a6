"""Live mode: a reconfig message with a key it does not know is refused whole, and a line that is not UTF-8 is
answered with an error while the session goes on."""

from __future__ import annotations

import json

from refsim.model.bounds import MAX_MESSAGE
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
    replies = [json.loads(line) for line in serve(CLUSTER, [reconfig, STATUS], protocol=1)]
    assert replies[0] == {"type": "error",
                          "message": "message 1: unknown key 'colour' (expected one of: type, cluster)"}
    assert replies[1]["hosts"] == 1


def test_a_status_request_with_a_key_it_does_not_know_is_refused():
    """A status message takes only `type`: 'verbose' is named as unknown, and the answer is that error, not a
    status. Kills: sim/live.py:LiveScheduler._status its key check (`node.mapping(("type",))`) dropped."""
    messages = [json.dumps({"type": "status", "verbose": True})]
    replies = [json.loads(line) for line in serve(CLUSTER, messages, protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: unknown key 'verbose' (expected one of: type)"}]


def test_a_line_that_is_not_utf8_is_answered_and_the_next_line_is_still_read():
    """Kills: refsim/sim/live.py:132 (`continue` -> `break` after the not-UTF-8 reply), which would end the
    session there. Byte 1 (0xff) can never start UTF-8, hence 'byte 1'; the status line is message 2."""
    replies = [json.loads(line) for line in serve(CLUSTER, [b"\xff\n", STATUS.encode() + b"\n"], protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: not UTF-8 text (byte 1)"},
                       {"type": "status", "rounds": 0, "pending": [], "running": [], "hosts": 1}]


def test_a_finish_with_a_malformed_job_id_names_the_job_field():
    """Kills: sim/live.py:LiveScheduler._finish naming another field than `job` in the error of a malformed job id
    (the controller is told which field of its message was wrong). A job id that is well formed but not running
    is refused at the same field."""
    finish_bad = json.dumps({"type": "finish", "job": "1[x]"})
    finish_idle = json.dumps({"type": "finish", "job": "7"})
    replies = [json.loads(line) for line in serve(CLUSTER, [finish_bad, finish_idle], protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: job: malformed job id '1[x]'"},
                       {"type": "error", "message": "message 2: job: job 7 is not running"}]


def test_a_finish_with_a_key_it_does_not_know_is_refused_and_a_finish_without_a_job_names_the_missing_field():
    """A finish takes only `type` and `job`: 'reason' is named as unknown, and a finish without `job` says the job is
    missing. Kills: sim/live.py:LiveScheduler._finish its key check (`node.mapping(("type", "job"), ...)`)
    dropped."""
    replies = [json.loads(line) for line in serve(CLUSTER, [json.dumps({"type": "finish", "job": "1", "reason": "x"}),
                                                             json.dumps({"type": "finish"})], protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: unknown key 'reason' (expected one of: type, job)"},
                       {"type": "error", "message": "message 2: missing 'job'"}]


def test_a_message_of_exactly_the_length_bound_is_read_and_one_character_more_is_refused():
    """The bound is inclusive: a message of MAX_MESSAGE characters is parsed (here a status request padded with
    spaces, valid JSON), one of MAX_MESSAGE + 1 is refused unread. Kills: sim/live.py:LiveScheduler.handle
    `len(line) > MAX_MESSAGE` -> `>=` (a message of exactly the bound refused)."""
    at_bound = STATUS + " " * (MAX_MESSAGE - len(STATUS))
    replies = [json.loads(line) for line in serve(CLUSTER, [at_bound, at_bound + " "], protocol=1)]
    assert replies == [{"type": "status", "rounds": 0, "pending": [], "running": [], "hosts": 1},
                       {"type": "error", "message": f"message 2: longer than {MAX_MESSAGE} characters"}]


TWO_HOSTS = recording_from({"cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
                            "events": []}, "r.yaml").cluster


def test_a_submit_time_given_by_the_controller_orders_the_queue():
    """Job 1 is sent first but submitted at time 5, job 2 at time 1: first come first served by submit time starts
    job 2 at position 1 on h1. Closing h1 is answered `ok` in full, and a reconfig that drops both busy hosts names
    both, comma-separated. Kills: sim/live.py:LiveScheduler._submit ignoring the message's `time` (`has("time")`
    mutated, the arrival count used instead, which would start job 1 first); _host's reply text mutated; _reconfig's
    host separator mutated. Then finishing job 2, a reconfig keeping h2 (job 1's host) and closing the new host h3
    are each answered `ok` in full, and the status shows job 1 alone running on 2 hosts. Kills: _finish's and
    _reconfig's reply mutated or dropped; _reconfig not handing the new cluster to the event reader (h3 would be
    an unknown host); _host passing `type` on to the host-change reader."""
    messages = [json.dumps({"type": "submit", "job": {"id": 1}, "time": 5}),
                json.dumps({"type": "submit", "job": {"id": 2}, "time": 1}),
                json.dumps({"type": "schedule"}),
                json.dumps({"type": "host", "name": "h1", "status": "closed"}),
                json.dumps({"type": "reconfig", "cluster": {"hosts": [{"name": "h3", "slots": 1}]}}),
                json.dumps({"type": "finish", "job": "2"}),
                json.dumps({"type": "reconfig", "cluster": {"hosts": [{"name": "h2", "slots": 1},
                                                                      {"name": "h3", "slots": 1}]}}),
                json.dumps({"type": "host", "name": "h3", "status": "closed"}),
                STATUS]
    replies = [json.loads(line) for line in serve(TWO_HOSTS, messages, protocol=1)]
    assert [(r["job"], r["position"], r["allocation"]["hosts"][0]["host"]) for r in replies[2:4]] == \
        [("2", 1, "h1"), ("1", 2, "h2")]
    assert replies[5] == {"type": "ok"}
    assert replies[6] == {"type": "error",
                          "message": "message 5: cluster: running jobs use hosts the new cluster lacks: h1, h2"}
    assert replies[7:10] == [{"type": "ok"}] * 3
    assert replies[10] == {"type": "status", "rounds": 1, "pending": [], "running": ["1"], "hosts": 2}


def test_a_submit_with_a_key_it_does_not_know_is_refused_and_queues_nothing():
    """A submit takes only `type`, `job` and `time`. Kills: sim/live.py:LiveScheduler._submit its key check
    (`node.mapping(("type", "job", "time"), ...)`) dropped: the job would be queued."""
    messages = [json.dumps({"type": "submit", "job": {"id": 1}, "queue": "night"}), STATUS]
    replies = [json.loads(line) for line in serve(CLUSTER, messages, protocol=1)]
    assert replies == [{"type": "error",
                        "message": "message 1: unknown key 'queue' (expected one of: type, job, time)"},
                       {"type": "status", "rounds": 0, "pending": [], "running": [], "hosts": 1}]


def test_a_message_that_is_not_a_mapping_is_refused_as_such():
    """Kills: sim/live.py:LiveScheduler.handle its `node.mapping()` check dropped: a JSON list would be refused as a
    message of unknown type '' instead of being told it is not a mapping."""
    replies = [json.loads(line) for line in serve(CLUSTER, ["[1]"], protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: expected a mapping, found a list"}]


def test_a_status_lists_running_jobs_sorted_by_their_id_text():
    """Six jobs of one slot each all start on a 64-slot host; the status lists them sorted as text ("1" < "22" <
    "40" < "5" < "7" < "9"), whatever order the scheduler keeps them in. Kills: sim/live.py:LiveScheduler._status
    `sorted(...)` -> `list(...)` (the running set's own order, which is not sorted for these ids)."""
    wide = recording_from({"cluster": {"hosts": [{"name": "h1", "slots": 64}]}, "events": []}, "r.yaml").cluster
    messages = [json.dumps({"type": "submit", "job": {"id": i}}) for i in (5, 40, 7, 1, 22, 9)]
    messages = [*messages, json.dumps({"type": "schedule"}), STATUS]
    replies = [json.loads(line) for line in serve(wide, messages, protocol=1)]
    assert replies[-1]["running"] == ["1", "22", "40", "5", "7", "9"]


def test_a_closed_host_takes_no_job_and_a_finished_job_frees_its_slot():
    """h1 is closed, so job 1 starts on h2; job 2 then finds no free slot and pends; once job 1 finishes, the next
    session starts job 2 on h2. Kills: sim/live.py:LiveScheduler._host not applying the status change to the
    scheduler (job 1 would start on h1) and _finish not freeing the job's slot (job 2 would pend again)."""
    schedule = json.dumps({"type": "schedule"})
    messages = [json.dumps({"type": "host", "name": "h1", "status": "closed"}),
                json.dumps({"type": "submit", "job": {"id": 1}}), schedule,
                json.dumps({"type": "submit", "job": {"id": 2}}), schedule,
                json.dumps({"type": "finish", "job": "1"}), schedule]
    decisions = [(r["job"], r["kind"], r["allocation"]["hosts"][0]["host"] if r["kind"] == "dispatch" else None)
                 for r in map(json.loads, serve(TWO_HOSTS, messages, protocol=1)) if r["type"] == "decision"]
    assert decisions == [("1", "dispatch", "h2"), ("2", "pend", None), ("2", "dispatch", "h2")]


def test_a_schedule_request_with_a_key_it_does_not_know_is_refused_and_runs_no_session():
    """Kills: sim/live.py:LiveScheduler._schedule its key check (`node.mapping(("type",))`) dropped."""
    messages = [json.dumps({"type": "schedule", "now": 3}), STATUS]
    replies = [json.loads(line) for line in serve(CLUSTER, messages, protocol=1)]
    assert replies == [{"type": "error", "message": "message 1: unknown key 'now' (expected one of: type)"},
                       {"type": "status", "rounds": 0, "pending": [], "running": [], "hosts": 1}]


def test_a_reconfig_names_the_missing_busy_hosts_in_name_order():
    """Six one-slot hosts each run a job; a cluster without them is refused naming all six sorted. Kills:
    sim/live.py:LiveScheduler._reconfig `sorted(...)` -> `list(...)` (the set's own order, which varies with the
    hash seed and is sorted for six names by chance once in 720)."""
    names = ["h5", "h2", "h6", "h1", "h4", "h3"]
    six = recording_from({"cluster": {"hosts": [{"name": n, "slots": 1} for n in names]}, "events": []},
                         "r.yaml").cluster
    messages = [*(json.dumps({"type": "submit", "job": {"id": i}}) for i in range(1, 7)),
                json.dumps({"type": "schedule"}),
                json.dumps({"type": "reconfig", "cluster": {"hosts": [{"name": "h9", "slots": 1}]}})]
    assert json.loads(list(serve(six, messages, protocol=1))[-1]) == {
        "type": "error", "message": "message 8: cluster: running jobs use hosts the new cluster lacks: "
                                    "h1, h2, h3, h4, h5, h6"}
