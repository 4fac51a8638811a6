"""Recording validation: every error names the file, the path inside it and the problem."""

import json

import pytest
import yaml

from refsim.model.cluster import HostStatus
from refsim.model.jobid import JobId
from refsim.sim.load import load_recording, recording_from
from refsim.sim.reader import RecordingError
from refsim.sim.recording import RecordedDispatch, Remove, SessionPolicy, Submit

BASE = {"cluster": {"hosts": [{"name": "a", "slots": 4, "mem": "8G", "type": "X86"}],
                    "queues": [{"name": "normal", "priority": 1}]}}


def doc(**changes):
    document = json.loads(json.dumps(BASE))
    for path, value in changes.items():
        target = document
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target.setdefault(key, {})
        target[keys[-1]] = value
    return document


def test_a_minimal_recording_loads_with_defaults():
    rec = recording_from(BASE, "r.yaml")
    assert rec.cluster.host("a").total("mem") == 8192
    assert rec.sessions.policy is SessionPolicy.AFTER_EVENTS and rec.events == () and rec.faults == ()


def test_events_submit_arrays_and_dispatches():
    rec = recording_from(doc(events=[
        {"time": 0, "submit": {"id": 7, "array": 3, "tasks": "2,4", "resreq": "select[type==X86]"}},
        {"time": 5, "dispatch": {"job": "7[2]", "hosts": {"a": {"slots": 2, "mem": "1G"}}}},
        {"time": 6, "host": {"name": "a", "status": "closed"}}]), "r.yaml")
    submits = [e.action.job for e in rec.events if isinstance(e.action, Submit)]
    assert [j.id for j in submits] == [JobId(7, 1), JobId(7, 2), JobId(7, 3)]
    assert (submits[0].min_tasks, submits[0].max_tasks) == (2, 4)
    assert rec.events[3].action == RecordedDispatch(JobId(7, 2), (("a", (("slots", 2), ("mem", 1024))),))
    assert rec.events[4].action.status is HostStatus.CLOSED


@pytest.mark.parametrize("changes, path, problem", [
    ({"cluster__hosts": []}, "cluster.hosts", "at least one host"),
    ({"cluster__hosts__0__mem": "lots"}, "cluster.hosts[0].mem", "'lots' is not an amount"),
    ({"cluster__hosts__0__gpus": 2}, "cluster.hosts[0].gpus", "unknown resource 'gpus'"),
    ({"cluster__hosts__0__status": "broken"}, "cluster.hosts[0].status", "not open or closed"),
    ({"cluster__queues__0__priority": "high"}, "cluster.queues[0].priority", "expected a whole number"),
    ({"cluster__limits": [{"name": "L", "resources": {"slots": 1}}]}, "cluster.limits[0]", "needs a consumer"),
    ({"cluster__limits": [{"name": "L", "per_user": "all", "users": "all", "resources": {"slots": 1}}]},
     "cluster.limits[0].per_user", "names each consumer kind once"),
    ({"cluster__limits": [{"name": "L", "queues": ["nope"], "resources": {"slots": 1}}]},
     "cluster.limits[0].queues[0]", "unknown queue 'nope'"),
    ({"cluster__limits": [{"name": "L", "per_user": "all", "resources": {"cpu": 1}}]},
     "cluster.limits[0].resources.cpu", "not slots, jobs or a numeric resource"),
    ({"cluster__shared": {"lic": 2}, "cluster__limits": [{"name": "L", "per_host": "all", "resources": {"lic": 1}}]},
     "cluster.limits[0].resources.lic", "cannot cap the shared resource"),
    ({"events": [{"time": 0, "submit": {"id": "x"}}]}, "events[0].submit.id", "malformed job id 'x'"),
    ({"events": [{"time": 0, "submit": {"id": 1, "queue": "q"}}]}, "events[0].submit.queue", "unknown queue"),
    ({"events": [{"time": 0, "submit": {"id": 1, "tasks": "4,2"}}]}, "events[0].submit.tasks", "1 <= MIN <= MAX"),
    ({"events": [{"time": 0, "submit": {"id": "1[2]"}}]}, "events[0].submit.id", "names an array element"),
    ({"events": [{"time": 0, "submit": {"id": 1}}, {"time": 1, "submit": {"id": 1}}]}, "events[1].submit.id",
     "submitted twice"),
    ({"events": [{"time": 5, "finish": 1}]}, "events[0].finish", "has not been submitted"),
    ({"events": [{"time": 2, "session": {}}, {"time": 1, "session": {}}]}, "events[1].time", "time order"),
    ({"events": [{"time": 0}]}, "events[0]", "exactly one of"),
    ({"events": [{"time": 0, "submit": {"id": 1}}, {"time": 0, "dispatch": {"job": 1, "hosts": {"z": {}}}}]},
     "events[1].dispatch.hosts.z", "unknown host 'z'"),
    ({"events": [{"time": 0, "host": {"name": "a", "status": "up"}}]}, "events[0].host.status", "not open or closed"),
    ({"sessions": {"policy": "every"}}, "sessions", "needs an interval"),
    ({"sessions": {"policy": "sometimes"}}, "sessions.policy", "expected explicit"),
    ({"test": {"faults": [{"point": "nowhere"}]}}, "test.faults[0].point", "unknown fault point"),
    ({"test": {"faults": [{"point": "host-check", "requirement": "0.1"}]}}, "test.faults[0].requirement",
     "dotted 1-based"),
    ({"extra": 1}, "", "unknown key 'extra'"),
])
def test_errors_name_the_path_and_the_problem(changes, path, problem):
    with pytest.raises(RecordingError) as caught:
        recording_from(doc(**changes), "r.yaml")
    message = str(caught.value)
    assert message.startswith(f"r.yaml: {path}: " if path else "r.yaml: ")
    assert problem in message
    assert "\n" not in message


def test_file_level_errors(tmp_path):
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("cluster: [unclosed\n")
    with pytest.raises(RecordingError, match=r"bad.yaml: line \d+: not valid YAML"):
        load_recording(bad_yaml)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"cluster": }')
    with pytest.raises(RecordingError, match=r"bad.json: line 1: not valid JSON"):
        load_recording(bad_json)
    with pytest.raises(RecordingError, match="missing.yaml: cannot read"):
        load_recording(tmp_path / "missing.yaml")
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(BASE))
    assert load_recording(good).source.endswith("good.yaml")


def test_remove_of_an_array_job_number_names_every_element():
    rec = recording_from(doc(events=[{"time": 0, "submit": {"id": 7, "array": 2}},
                                     {"time": 1, "remove": 7}, {"time": 2, "remove": "7[1]"}]), "r.yaml")
    assert [e.action for e in rec.events[2:]] == [Remove(JobId(7, 1)), Remove(JobId(7, 2)), Remove(JobId(7, 1))]


def test_remove_of_an_unknown_job_is_still_an_error():
    with pytest.raises(RecordingError, match=r"events\[1\].remove: job 8 has not been submitted"):
        recording_from(doc(events=[{"time": 0, "submit": {"id": 7, "array": 2}}, {"time": 1, "remove": 8}]), "r.yaml")
