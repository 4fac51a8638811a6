"""The section bound, kept once per trace from one record: the collector keeps the body up to the bound in items
(trace/decision.py) and counts the rest by kind; the text trace cuts its lines at the bound and the JSON trace
its items, each counting exactly what it leaves out (docs/trace.md, "How it works").

The decision, worked by hand (greedy, FCFS; hosts a 4 slots, b 2, c 1 slot with 1024 MB, d 3; every other host
8192 MB): job 1 asks 7 tasks of `rusage[mem=3000] || 1*{rusage[mem=2000]} + 2*{rusage[mem=10]}`. Alternative 1
(3000 MB a task) tries four plans: [7] discarded (no host has 7 slots), [4,3] fails at position 1 (no host has
12000 MB), [2,2,2,1] fills a, b, d then fails at position 4 (only c is left, 1024 MB < 3000: c is its nearest
miss) and releases its claims, [1]*7 discarded (4 open hosts); no plan placed. Alternative 2, the compound, places
member 1 (one task) and member 2 (two tasks) on a, each with one plan of one position.

Items: 5 requirements, 6 plans, 7 positions, 2 notes (the released claims, "no plan could be placed") = 20, and at
full level 16 host verdicts more (4 + 1 + 2 + 3 + 4 + 1 + 1) = 36. Lines: the 20 items, the 4 plan ends and the
2 nearest-misses lines = 26 at summary; at full each position has a heading and a result line (7 more) and a line
per host (16): 49."""

from __future__ import annotations

import pytest

from refsim.model.jobid import JobId
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.trace.collector import Collector
from refsim.trace.jsontrace import trace_object
from refsim.trace.settings import Level
from refsim.trace.text import text_trace
from tests.support.scenario import cluster, host, job

CLUSTER = cluster(host("a"), host("b", slots=2), host("c", slots=1, mem=1024), host("d", slots=3))
RESREQ = "rusage[mem=3000] || 1*{rusage[mem=2000]} + 2*{rusage[mem=10]}"
ITEMS = {Level.SUMMARY: 20, Level.FULL: 36}
LINES = {Level.SUMMARY: 26, Level.FULL: 49}


class _Events:
    def __init__(self) -> None:
        self.sent: list = []

    def event(self, event) -> None:
        self.sent.append(event)


def _events() -> list:
    state = SchedulerState(CLUSTER)
    state.submit(job(1, RESREQ, tasks=7))
    events = _Events()
    list(run_session(state, 1, observer_for=lambda _job: events))
    return events.sent


EVENTS = _events()


def _record(level: Level, bound: int):
    collector = Collector(JobId(1), level, bound)
    for event in EVENTS:
        collector.event(event)
    return collector.record()


def _items(obj: dict) -> int:
    """A JSON trace's body items: requirements, checks, notes, plans, positions and host verdicts."""
    count = 0
    for req in obj["requirements"]:
        count += 1 + len(req.get("checks", [])) + len(req.get("notes", []))
        for plan in req.get("plans", []):
            count += 1
            for position in plan.get("positions") or []:
                count += 1 + len(position.get("hosts", []))
    return count


@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
def test_the_unbounded_trace_has_the_hand_counted_items_and_lines(level):
    """Kills a body event kept twice or left out, a plan end counted as an item, or a misses line lost."""
    unbounded = _record(level, 10**6)
    assert _items(trace_object(unbounded)) == ITEMS[level]
    assert len(text_trace(unbounded, CLUSTER).body) == LINES[level]


@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
def test_every_bound_shows_a_prefix_and_counts_the_rest_exactly(level):
    """At every bound from 0 to past the whole body, the text trace shows the unbounded trace's first `bound`
    lines and counts the others as omitted, and the JSON trace keeps `bound` items and counts the others: so what
    the record only counted (trace/decision.py's Uncaptured) is turned into lines and items exactly, and the record
    always kept every line the text shows. The totals and the outcome do not depend on the bound."""
    whole = text_trace(_record(level, 10**6), CLUSTER)
    whole_json = trace_object(_record(level, 10**6))
    for bound in range(LINES[level] + 3):
        record = _record(level, bound)
        text, obj = text_trace(record, CLUSTER), trace_object(record)
        assert text.body == whole.body[:bound], bound
        assert text.omitted == LINES[level] - len(text.body), bound
        assert (text.head, text.outcome, text.totals) == (whole.head, whole.outcome, whole.totals)
        kept = min(bound, ITEMS[level])
        assert _items(obj) == kept, bound
        omitted = ITEMS[level] - kept
        assert obj["truncated"] == ({"omitted": omitted, "bound": bound} if omitted else None), bound
        assert (obj["totals"], obj["outcome"]) == (whole_json["totals"], whole_json["outcome"])
