"""Recording checks no other test reaches: each refusal is one line naming the file, the place and the problem,
word for word (docs/recording.md: every error names the file, the path inside it and the problem)."""

import pytest

from refsim.model.bounds import MAX_HOSTS
from refsim.sim.load import recording_from
from refsim.sim.reader import RecordingError, parse_text

HOST = "cluster:\n  hosts:\n    - {name: a, slots: 1}\n"
SUBMIT = "events:\n  - {time: 0, submit: {id: 1}}\n"


def _error(text: str) -> str:
    with pytest.raises(RecordingError) as caught:
        recording_from(parse_text(text, "r.yaml"), "r.yaml")
    return str(caught.value)


@pytest.mark.parametrize("text, message", [
    ("events: []\n---\nevents: []\n",
     "line 2: not accepted as YAML: expected a single document, found another ('---')"),
    ("? {a: 1}\n: 2\n", "line 1: not accepted as YAML: a key must be plain text or a number, not a mapping or a list"),
    ("{[1, 2]: 3}\n", "line 1: not accepted as YAML: a key must be plain text or a number, not a mapping or a list"),
    ("events: !!int abc\n", "line 1: not accepted as YAML: 'abc' is not a valid int"),
    ("5\n", "expected a mapping, found a number"),  # a document that is one scalar is read as that value
    ("{1: 2}\n", "key 1 is not a string"),
])
def test_a_document_that_is_not_one_plain_mapping_is_refused(text, message):
    """Kills: sim/document.py:_events' second-document and non-scalar-key messages, the value of a document that
    is one scalar (`result = value` dropped: the recording would read as empty), the message of a tagged scalar
    that does not construct, and sim/reader.py:Node.mapping's non-text key message."""
    assert _error(text) == f"r.yaml: {message}"


@pytest.mark.parametrize("text, message", [
    ("cluster:\n  shared: {mem: 4}\n  hosts:\n    - {name: a, slots: 1}\n", "cluster: duplicate resource 'mem'"),
    ("cluster:\n  resources: [{name: mem}]\n  hosts:\n    - {name: a, slots: 1}\n",
     "cluster.resources[0].name: resource 'mem' is already defined"),
    (HOST + SUBMIT + "  - {time: 0, dispatch: {job: 1, hosts: {a: {type: 1}}}}\n",
     "events[1].dispatch.hosts.a.type: 'type' is not a numeric host resource"),
    ("cluster:\n  shared: {lic: 4}\n  hosts:\n    - {name: a, slots: 1}\n" + SUBMIT
     + "  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 1}}, shared: {slots: 1}}}\n",
     "events[1].dispatch.shared.slots: 'slots' is not a numeric shared resource"),
    (HOST + "events:\n  - {time: 0, session: {x: 1}}\n",
     "events[0].session: a session event takes no fields (write 'session: {}')"),
    (HOST + "sessions: {policy: after-events}\nevents:\n  - {time: 0, session: {}}\n",
     "sessions.policy: the events list sessions, so the policy must be explicit"),
    (HOST + "test:\n  faults: [{point: host-check, job: 'x'}]\n", "test.faults[0].job: malformed job id 'x'"),
    (HOST + "events:\n  - {time: 0, submit: {id: 1, queue: [1]}}\n",
     "events[0].submit.queue: expected text, found a list"),
])
def test_a_recording_that_says_something_impossible_is_refused(text, message):
    """Kills: sim/load.py:cluster_from's Cluster error (a shared resource named like a host resource) no longer
    turned into a RecordingError, _resources' redefinition message, EventReader._amounts' message of a
    non-numeric or wrong-kind resource in a recorded dispatch (its kind word, shared or host), EventReader.session's
    message, _sessions' explicit-policy message, _faults' malformed job id message, and sim/reader.py:Node.text's
    message."""
    assert _error(text) == f"r.yaml: {message}"


def test_a_cluster_of_more_hosts_than_refsim_models_is_refused_before_any_host_is_read():
    """Kills: sim/load.py:cluster_from's host-count message. The hosts are empty mappings: the count is checked
    first, so none of them is read (each would miss its name)."""
    with pytest.raises(RecordingError) as caught:
        recording_from({"cluster": {"hosts": [{}] * (MAX_HOSTS + 1)}}, "r.yaml")
    assert str(caught.value) == f"r.yaml: cluster.hosts: more than {MAX_HOSTS} hosts"


def test_a_document_built_in_python_with_an_infinite_time_is_refused():
    """Kills: sim/reader.py:Node.number's non-finite message. YAML and JSON files never get that far (both readers
    refuse NaN and infinity with their line), but recording_from takes a document built by a program."""
    with pytest.raises(RecordingError) as caught:
        recording_from({**parse_text(HOST, "r.yaml"), "events": [{"time": float("inf"), "session": {}}]}, "r.yaml")
    assert str(caught.value) == "r.yaml: events[0].time: inf is not a finite number"
