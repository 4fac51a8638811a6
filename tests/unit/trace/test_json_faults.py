"""The JSON trace of decisions cut short by a fault (docs/faults.md) or by a requirement that cannot be parsed:
every no-decision kind with its detail, a plan not tried with its error, a position whose host scan failed, and a
host not evaluated, each compared whole against what the text trace of the same decision says."""

from __future__ import annotations

import pytest

from tests.support.console import json_traces

NO_HOST = {"accepted": 0, "selection mismatch": 0, "resource shortfall": 0, "limit exceeded": 0, "already claimed": 0,
           "not evaluated": 0}
SELECTION = {"policy": "fcfs", "keys": {"queue": "normal", "queue priority": "0", "job priority": "0",
                                        "queue time": "0"}, "cluster_limits": []}


def _recording(resreq: str = "", *faults: dict) -> dict:
    """Job 1 (1 task) on two free one-slot hosts, h1 and h2, with the faults given."""
    return {"cluster": {"hosts": [{"name": "h1", "slots": 1}, {"name": "h2", "slots": 1}]},
            "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 10, "resreq": resreq}}],
            "test": {"faults": list(faults)}}


def _trace(kind: str, selection: dict | None, requirements: list[dict], outcome: dict, tried: int = 0,
           **evaluations: int) -> dict:
    return {"format": "refsim-trace", "version": 1, "job": "1", "kind": kind, "round": 1, "position": 1,
            "level": "full", "selection": selection, "requirements": requirements, "outcome": outcome,
            "totals": {"plans_tried": tried, "plans_discarded": 0, "host_evaluations": NO_HOST | evaluations},
            "truncated": None}


def _single(outcome: str, notes: list[str], plan: dict) -> dict:
    return {"path": [], "status": "tried", "kind": "single", "outcome": outcome, "notes": notes, "min_tasks": 1,
            "max_tasks": 1, "requests": {}, "select": None, "span": None, "checks": [],
            "plans": [{"number": 1, "tasks": [1], **plan}]}


def _no_decision(reason: str, detail: str | None) -> dict:
    return {"kind": "no-decision", "reason": reason, "detail": detail}


def _position(filled_by: str | None, error: str | None, hosts: list[dict], **rest) -> dict:
    return {"position": 1, "tasks": 1, "filled_by": filled_by, "error": error, "hosts": hosts, "rejected": {},
            **rest}


ACCEPTED_H1 = {"host": "h1", "kinds": ["accepted"], "reasons": [], "not_performed": [], "error": None}

CASES = {
    # text: "selection: round 1, position 1, job 1; ordering keys and limits unavailable" and "outcome: no decision:
    # the job could not be found by the allocator": no keys, no requirement, no detail
    "job-lookup": (_recording("", {"point": "job-lookup", "job": 1}),
                   _trace("no-decision", None, [], _no_decision("not-found", None))),
    # text: "cluster-wide limits: unavailable (the job has no scheduling object)" and the parse error as detail
    "no scheduling object": (_recording("select["),
                             _trace("no-decision", SELECTION | {"cluster_limits": None}, [], _no_decision(
                                 "no-sched-object", "at position 8: section 'select' has no closing ']' in "
                                                    "'select['"))),
    # text: "plan 1: ...: not tried: internal error: injected fault at plan-build; no further plans tried"
    "plan-build": (_recording("", {"point": "plan-build", "job": 1, "plan": 1}),
                   _trace("no-decision", SELECTION,
                          [_single("internal error", [], {"status": "not tried",
                                                          "error": "injected fault at plan-build"})],
                          _no_decision("internal-error", "the requirement evaluation ended in an internal error"))),
    # text: "position 1: not filled: internal error in the host scan: ..." with no host listed; no host rejected,
    # so no pend reason: "outcome: no decision: the job was pended without any pend reason"
    "host-scan-start": (_recording("", {"point": "host-scan-start", "job": 1}),
                        _trace("no-decision", SELECTION,
                               [_single("not satisfied", ["no plan could be placed"], {
                                   "status": "tried", "result": "failed", "failed_position": 1,
                                   "positions_filled": 0, "tasks_unplaced": 1, "tasks_total": 1,
                                   "positions": [_position(None, "injected fault at host-scan-start", [],
                                                           nearest_misses=[])]})],
                               _no_decision("no-reason", None), tried=1)),
    # text: "h1: not evaluated: internal error: injected fault at host-check", then "h2: accepted"
    "host-check": (_recording("", {"point": "host-check", "job": 1, "host": "h1"}),
                   _trace("decision", SELECTION,
                          [_single("satisfied", [], {"status": "tried", "result": "committed", "positions": [
                              _position("h2", None, [
                                  {"host": "h1", "kinds": ["not evaluated"], "reasons": [], "not_performed": [],
                                   "error": "injected fault at host-check"},
                                  ACCEPTED_H1 | {"host": "h2"}], rejected={"not evaluated": 1})]})],
                          {"kind": "dispatch", "allocation": {
                              "hosts": [{"host": "h2", "resources": {"slots": 1}, "limit_charges": []}],
                              "shared": {}, "limit_charges": []}},
                          tried=1, accepted=1, **{"not evaluated": 1})),
    # text: "outcome: no decision: the allocation attempt ended in an internal error: decision build: ..."
    "decision-build": (_recording("", {"point": "decision-build", "job": 1}),
                       _trace("no-decision", SELECTION,
                              [_single("satisfied", [], {"status": "tried", "result": "committed", "positions": [
                                  _position("h1", None, [ACCEPTED_H1])]})],
                              _no_decision("internal-error", "decision build: injected fault at decision-build"),
                              tried=1, accepted=1)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_decision_cut_short_is_traced_whole(case, tmp_path):
    """Kills: refsim/trace/jsontrace.py:JsonCollector._no_decision its kind, reason or `detail or None` mutated;
    _plan_not_tried its status or error dropped; _limits writing limits the job has none of (`and` -> `or`);
    _scanned a position's error or a host's error mutated."""
    recording, expected = CASES[case]
    path = tmp_path / "t.jsonl"
    obj, = json_traces(recording, path, [f"trace on all level full json {path}", "step"])
    assert obj == expected
