"""The bounds docs/recording.md states, checked at their documented numbers (not through the constants that hold
them, so a changed constant is noticed)."""

import pytest

from refsim.resreq import ResreqError, parse_requirement


@pytest.mark.parametrize("nest", [lambda d: "{" * d + "select[type]" + "}" * d,
                                  lambda d: "select[" + "(" * d + "type" + ")" * d + "]",
                                  lambda d: "select[" + "!" * d + "type]"],
                         ids=["braces", "parentheses", "negations"])
def test_a_requirement_nests_at_most_100_deep(nest):
    """Kills: model/bounds.py's MAX_REQUIREMENT_DEPTH changed from 100 (docs/recording.md: braces, and select
    parentheses and negations, nest at most 100 deep; a deeper requirement does not parse)."""
    assert parse_requirement(nest(100)) is not None
    with pytest.raises(ResreqError, match="nested more than 100 deep"):
        parse_requirement(nest(101))


# The bounds table of docs/recording.md, each at its documented number: the largest value taken, and the next one
# refused with a message naming the bound (so a bound moved by one, or raised, is noticed).
HOSTS = "cluster:\n  hosts:\n    - {name: h1, slots: 4}\n"


def _recording(events: str = "", cluster: str = HOSTS, extra: str = ""):
    from refsim.sim.load import recording_from
    from refsim.sim.reader import parse_text
    text = "refsim: 1\n" + cluster + extra + ("events:\n" + events if events else "")
    return recording_from(parse_text(text, "rec.yaml"), "rec.yaml")


def _submit(fields: str) -> str:
    return "  - {time: 0, submit: {id: 1" + fields + "}}\n"


TAKEN = {
    "time 10^12": ("  - {time: 1000000000000, submit: {id: 1}}\n", lambda e: e.time, 10**12),
    "run_time 10^12": (_submit(", run_time: 1000000000000"), lambda e: e.action.job.run_time, 10**12),
    "tasks 1,000,000": (_submit(", tasks: 1000000"), lambda e: e.action.job.max_tasks, 10**6),
    "priority 2^31-1": (_submit(", priority: 2147483647"), lambda e: e.action.job.priority, 2**31 - 1),
    "priority -2^31": (_submit(", priority: -2147483648"), lambda e: e.action.job.priority, -(2**31)),
}


@pytest.mark.parametrize("events, read, value", TAKEN.values(), ids=TAKEN.keys())
def test_the_largest_documented_value_is_taken(events, read, value):
    """Kills: model/bounds.py's MAX_PRIORITY `2**31 - 1` -> `2**31 - 2` (`1` -> `2`): 2147483647 is the largest
    priority and -2147483648 the smallest. Every value here sits exactly on its documented bound and is kept as
    written."""
    assert read(_recording(events).events[0]) == value


def test_an_amount_of_exactly_10_15_and_an_interval_of_exactly_0_001_are_taken():
    """Kills: model/bounds.py MIN_INTERVAL `0.001` -> `1.001` (the documented shortest interval is 0.001 s)."""
    recording = _recording(_submit(""), cluster="cluster:\n  hosts:\n    - {name: h1, slots: 1000000000000000}\n",
                           extra="sessions: {policy: every, interval: 0.001}\n")
    assert recording.cluster.hosts[0].total("slots") == 10**15


REFUSED = [
    (_submit("").replace("time: 0", "time: 1000000000001"), "", "",
     "events[0].time: 1000000000001 is above 1000000000000"),
    (_submit(", run_time: 1000000000001"), "", "", "events[0].submit.run_time: 1000000000001 is above 1000000000000"),
    (_submit(""), "cluster:\n  hosts:\n    - {name: h1, slots: 1000000000000001}\n", "",
     "cluster.hosts[0].slots: 1000000000000001 is not an amount from 0 to 1000000000000000"),
    (_submit(""), "", "sessions: {policy: every, interval: 0.0009}\n",
     "sessions.interval: the interval must be at least 0.001 seconds"),
    (_submit(", tasks: 1000001"), "", "",
     "events[0].submit.tasks: '1000001' is not a task count N or MIN,MAX with 1 <= MIN <= MAX <= 1000000"),
    (_submit(", array: 100001"), "", "", "events[0].submit.array: 100001 is out of range (expected from 1 to 100000)"),
    (_submit(", priority: 2147483648"), "", "",
     "events[0].submit.priority: 2147483648 is out of range (expected from -2147483648 to 2147483647)"),
    (_submit(", priority: -2147483649"), "", "",
     "events[0].submit.priority: -2147483649 is out of range (expected from -2147483648 to 2147483647)"),
    (_submit(""), HOSTS + "  queues:\n    - {name: q, priority: 2147483648}\n", "",
     "cluster.queues[0].priority: 2147483648 is out of range (expected from -2147483648 to 2147483647)"),
    (_submit(""), "", "test:\n  faults:\n    - {point: plan-build, plan: 1000001}\n",
     "test.faults[0].plan: 1000001 is out of range (expected from 1 to 1000000)"),
    (_submit(", priority: 10000000000000000000"), "", "",
     "line 6: not accepted as YAML: the number 10000000000000000000 has more than 19 digits"),
    ("", "", "x: " + "[" * 65 + "]" * 65 + "\n", "line 5: not accepted as YAML: nested more than 64 levels deep"),
]


@pytest.mark.parametrize("events, cluster, extra, message", REFUSED,
                         ids=["time", "run_time", "amount", "interval", "tasks", "array", "priority above",
                              "priority below", "queue priority", "fault plan", "digits", "nesting"])
def test_one_past_a_documented_bound_is_refused_naming_the_bound(events, cluster, extra, message):
    """Kills: each bound of model/bounds.py raised (MAX_TIME's `10**12` -> `11**12` or `10**13`, MAX_AMOUNT,
    MAX_TASKS, MAX_ARRAY, MIN_PRIORITY and MAX_PRIORITY (`2**31` -> `3**31` or `2**32`), MAX_INDEX, MAX_DIGITS,
    MAX_DOCUMENT_DEPTH by one) and MIN_INTERVAL lowered: the value one past the documented bound would be taken, and
    the message, which names the bound, would change."""
    from refsim.sim.reader import RecordingError
    with pytest.raises(RecordingError) as caught:
        _recording(events, cluster or HOSTS, extra)
    assert str(caught.value) == f"rec.yaml: {message}"


def test_a_cluster_takes_at_most_100000_hosts():
    """Kills: model/bounds.py MAX_HOSTS `100_000` -> `100_001` (docs/recording.md: at most 100,000 hosts)."""
    from refsim.sim.load import recording_from
    from refsim.sim.reader import RecordingError
    hosts = [{"name": f"h{i}", "slots": 1} for i in range(100_001)]
    with pytest.raises(RecordingError) as caught:
        recording_from({"refsim": 1, "cluster": {"hosts": hosts}}, "rec.yaml")
    assert str(caught.value) == "rec.yaml: cluster.hosts: more than 100000 hosts"
