"""Plain submit events read straight from the mapping (refsim.sim.plainsubmit) load exactly as the full reading
through nodes loads them: the same recording, with values of the same types, or the same error message, for
generated event lists whose fields are mostly plain and sometimes anything a document can hold."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from refsim.sim.load import recording_from
from refsim.sim.plainsubmit import PlainSubmits
from refsim.sim.reader import RecordingError

CLUSTER = {"hosts": [{"name": "a", "slots": 4}], "queues": [{"name": "normal"}, {"name": "high", "priority": 5}]}

ODD = st.one_of(st.none(), st.booleans(), st.floats(), st.integers(-3, 3), st.integers(10**17, 10**19),
                st.sampled_from(["", " 7", "7[2]", "x y", "a:b", "\x00", "1e3", "2,1", "1,2", "0", "normal", "u"]),
                st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.sampled_from(["a", "id"]), st.integers(),
                                                                         max_size=1))
TIMES = st.one_of(st.integers(0, 50), st.floats(0, 50, allow_subnormal=False))
NAMES = st.sampled_from(["u1", "u2", "g1", "\u00dcn\u00efcode", "normal", "high"])
QUEUES = st.sampled_from(["normal", "high"])
PLAIN = {"user": NAMES, "project": NAMES, "queue": QUEUES, "priority": st.integers(-(2**31), 2**31 - 1),
         "resreq": st.sampled_from(["", "select[mem>1]", "rusage["]),
         "tasks": st.one_of(st.integers(1, 5), st.sampled_from(["1,3", "2", [1, 2], [2]])),
         "run_time": TIMES, "run_limit": st.one_of(st.integers(1, 50), st.floats(0.5, 50))}
# values the full reading refuses or reads in its own way, each beside what it is a bad value for
BAD = {"id": st.one_of(st.sampled_from([-1, 10**18, "7[2]", " 7 ", "07", 1.0]), ODD),
       "time": st.one_of(st.sampled_from([-1, -0.5, 10**12 + 1, float("inf"), float("nan")]), ODD),
       "user": st.one_of(st.sampled_from(["x y", "", "a=b", "tab\t", 5]), ODD),
       "queue": st.one_of(st.sampled_from(["nope", 5, "normal "]), ODD),
       "priority": st.one_of(st.sampled_from([-(2**31) - 1, 2**31, 1.0, True]), ODD),
       "resreq": st.one_of(st.sampled_from([5, 1.5, None]), ODD),
       "tasks": st.one_of(st.sampled_from([0, "3,1", "1,2,3", [3, 1], 10**6 + 1, "x"]), ODD),
       "run_time": st.one_of(st.sampled_from([-1, 10**12 + 1, float("nan"), None, "5"]), ODD),
       "run_limit": st.one_of(st.sampled_from([0, 0.0, -1, None, float("inf"), 10**12, 10**12 + 1]), ODD),
       "array": st.integers(1, 3), "run_times": st.lists(st.integers(1, 9), max_size=3), "bogus": st.just(1)}


@st.composite
def event_lists(draw: st.DrawFn) -> list[object]:
    """Plain submit events (increasing times, new ids, fields present or not), and in some lists one event with a
    bad or unusual value, one event of another action, one id submitted twice or one event out of time order."""
    events: list[object] = []
    time: float = 0
    ids = draw(st.lists(st.integers(0, 10**6), min_size=8, max_size=8, unique=True))
    for n in range(draw(st.integers(1, 8))):
        time = time + draw(TIMES)
        body: dict[str, object] = {"id": ids[n] if draw(st.integers(0, 3)) else str(ids[n])}
        body.update({key: draw(values) for key, values in PLAIN.items() if draw(st.booleans())})
        events.append({"time": time, "submit": body})
    where = draw(st.integers(0, len(events) - 1))
    event = events[where]
    assert isinstance(event, dict)
    change = draw(st.sampled_from(["none", "field", "field", "field", "field", "field", "finish", "twice",
                                   "earlier", "keys", "event"]))
    if change == "field":
        key = draw(st.sampled_from(sorted(BAD)))
        (event if key == "time" else event["submit"])[key] = draw(BAD[key])
    elif change == "finish":
        events.insert(where + 1, {"time": event["time"], "finish": event["submit"]["id"]})
    elif change == "twice":
        events.append({"time": time, "submit": dict(event["submit"])})
    elif change == "earlier" and where > 0:
        event["time"] = events[where - 1]["time"] - 0.5  # type: ignore[index]
    elif change == "keys":
        event[draw(st.sampled_from(["session", "remove", "other"]))] = {}
    elif change == "event":
        events[where] = draw(st.one_of(ODD, st.just({"submit": event["submit"]}), st.just({"time": 1})))
    return events


def loaded(events: list[object]) -> tuple[str, str]:
    """The recording's repr (repr tells 1 from 1.0 and True from 1, which == does not), or the error message."""
    try:
        return "recording", repr(recording_from({"cluster": CLUSTER, "events": events}, "r.json"))
    except RecordingError as exc:
        return "error", str(exc)


def loaded_in_full(events: list[object]) -> tuple[str, str]:
    """The same document with every event read through nodes, as before plain submits were read apart."""
    with mock.patch.object(PlainSubmits, "read", return_value=None):
        return loaded(events)


@given(event_lists())
def test_plain_submits_load_as_the_full_reading(events):
    assert loaded(events) == loaded_in_full(events)


SAMPLE = {"time": 10.0, "submit": {"id": 7, "user": "u1", "project": "g1", "queue": "high", "priority": 3,
                                   "resreq": "select[mem>1]", "tasks": 2, "run_time": 5.5, "run_limit": 6}}
EVERY_BAD = [(key, value) for key, values in {
    "id": [-1, 10**18, 10**18 - 1, "7[2]", " 7 ", "07", "7", 1.0, True, None],
    "time": [-1, -0.5, 0, 10**12, 10**12 + 1, float("inf"), float("nan"), True, "10", None],
    "user": ["x y", "", "a=b", "tab\t", "\x00", 5, True, None, ["u"]],
    "queue": ["nope", 5, "normal ", None, ["high"], {"a": 1}],
    "priority": [-(2**31) - 1, 2**31, -(2**31), 2**31 - 1, 1.0, True, "3", None],
    "resreq": [5, 1.5, None, True],
    "tasks": [0, 1, 10**6, 10**6 + 1, "3,1", "1,2,3", "2, 3", [3, 1], [1, 2], [], True, 2.0, "x", None],
    "run_time": [-1, 0, 10**12, 10**12 + 1, float("nan"), float("inf"), None, True, "5"],
    "run_limit": [0, 0.0, -1, 1e-9, None, float("inf"), 10**12, 10**12 + 1, True, "6"],
    "array": [2], "run_times": [[1, 2]], "bogus": [1]}.items() for value in values]


def test_each_bad_or_unusual_value_loads_as_the_full_reading():
    # one field changed at a time in a plain event, after a plain event at time 10 whose job number is 6:
    # every value the full reading refuses, reads its own way, or takes at its bounds
    for key, value in EVERY_BAD:
        event = {"time": SAMPLE["time"], "submit": dict(SAMPLE["submit"])}
        (event if key == "time" else event["submit"])[key] = value
        events = [{"time": 10, "submit": {"id": 6}}, event]
        assert loaded(events) == loaded_in_full(events), (key, value)


def test_an_earlier_event_or_a_job_number_used_twice_loads_as_the_full_reading():
    later = {"time": 11, "submit": {"id": 6}}
    for events in ([later, SAMPLE], [SAMPLE, {"time": 10.0, "submit": {"id": "7"}}], [SAMPLE, SAMPLE]):
        assert loaded(events)[0] == "error" and loaded(events) == loaded_in_full(events)


def test_a_plain_event_gives_the_job_it_says():
    # every field as written; 10.0, 5.5 and 6 keep their types (the full reading returns the values themselves)
    kind, text = loaded([SAMPLE])
    assert kind == "recording"
    assert ("Job(id=JobId(job=7, index=None), user='u1', queue='high', project='g1', priority=3, submit_time=10.0, "
            "resreq='select[mem>1]', min_tasks=2, max_tasks=2, run_time=5.5, run_limit=6)") in text
