"""At level full a JSON plan position lists every host's verdict with its reasons and numbers, counts the rejected
hosts per verdict kind and names the nearest misses with what each lacked (docs/trace.md, "JSON trace" and
"Shortfall and nearest misses"): one failed plan compared whole."""

from __future__ import annotations

from tests.support.console import json_traces

# Job 1 (ann) asks 2 tasks on one host with 1.5G of mem each (1536 MB, so 3072 MB in all). In the pre-filter:
# h1 has 1 slot: a shortfall of slots (short by 2 - 1 = 1);
# h2 has 4 slots but the host-scoped limit h2_slots allows ann 1 slot there: limit exceeded (over by 0 + 0 + 2 - 1
#   = 1), whose subject is the limit's name and whose resource is slots;
# h3 has 1 slot and 1G (1024 MB): short of slots by 1 and of mem by 3072 - 1024 = 2048.
# No host fills position 1, so the plan fails with nothing placed; the nearest misses are h1 and h2 (one failed
# check each, in scan order), then h3 (two).
RECORDING = {"cluster": {"hosts": [{"name": "h1", "slots": 1, "mem": "8G"}, {"name": "h2", "slots": 4, "mem": "8G"},
                                   {"name": "h3", "slots": 1, "mem": "1G"}],
                         "limits": [{"name": "h2_slots", "hosts": ["h2"], "per_user": "all",
                                     "resources": {"slots": 1}}]},
             "events": [{"time": 0, "submit": {"id": 1, "user": "ann", "tasks": 2, "run_time": 10,
                                               "resreq": "rusage[mem=1.5G] span[hosts=1]"}}]}

SCOPE = "hosts=h2,user=ann"


def _shortfall(resource: str, total: int, requested: int) -> dict:
    return {"kind": "resource shortfall", "stage": "pre-filter", "subject": resource, "scope": None,
            "resource": resource, "total": total, "used": 0, "reserved": 0, "requested": requested}


def _rejected(host: str, kind: str, *reasons: dict) -> dict:
    return {"host": host, "kinds": [kind], "reasons": list(reasons), "not_performed": ["host check"], "error": None}


def _lack(kind: str, subject: str, scope: str | None, resource: str, short: int) -> dict:
    return {"kind": kind, "subject": subject, "scope": scope, "resource": resource, "short": short}


def test_a_failed_position_at_full_level_has_every_verdict_its_counts_and_its_nearest_misses(tmp_path):
    """Kills: refsim/trace/jsontrace.py:_reason `resource=r.resource or r.subject` -> `and` (a limit's resource
    would read as the limit's name); _lack and verdict_object their keys or values mutated; JsonCollector._scanned
    the hosts, counts or nearest misses dropped or the `ev.host is None` test negated."""
    path = tmp_path / "t.jsonl"
    obj, = json_traces(RECORDING, path, [f"trace on all level full json {path}", "step"])
    requirement, = obj["requirements"]
    assert requirement["requests"] == {"mem": 1536}
    assert requirement["plans"] == [{
        "number": 1, "tasks": [2], "status": "tried", "result": "failed",
        "failed_position": 1, "positions_filled": 0, "tasks_unplaced": 2, "tasks_total": 2,
        "positions": [{
            "position": 1, "tasks": 2, "filled_by": None, "error": None,
            "hosts": [
                _rejected("h1", "resource shortfall", _shortfall("slots", 1, 2)),
                _rejected("h2", "limit exceeded",
                          {"kind": "limit exceeded", "stage": "pre-filter", "subject": "h2_slots", "scope": SCOPE,
                           "resource": "slots", "total": 1, "used": 0, "reserved": 0, "requested": 2}),
                _rejected("h3", "resource shortfall", _shortfall("slots", 1, 2), _shortfall("mem", 1024, 3072))],
            "rejected": {"resource shortfall": 2, "limit exceeded": 1},
            "nearest_misses": [
                {"host": "h1", "failed_checks": 1, "lacks": [_lack("resource shortfall", "slots", None, "slots", 1)]},
                {"host": "h2", "failed_checks": 1,
                 "lacks": [_lack("limit exceeded", "h2_slots", SCOPE, "slots", 1)]},
                {"host": "h3", "failed_checks": 2, "lacks": [_lack("resource shortfall", "slots", None, "slots", 1),
                                                              _lack("resource shortfall", "mem", None, "mem", 2048)]},
            ]}]}]
