"""Recording errors name the place and what was wrong: the rarer checks, each decided by a case."""

import pytest

from refsim.model.units import AmountError, parse_amount
from refsim.sim.reader import RecordingError
from tests.support.recordings import recording


def _error(text: str) -> str:
    with pytest.raises(RecordingError) as caught:
        recording(text)
    return str(caught.value)


def test_a_resource_kind_that_is_not_one_of_the_three_is_named():
    """Kills: the message of an unknown resource kind mutated."""
    message = _error("""
cluster:
  resources:
    - {name: gpu, kind: colour}
  hosts:
    - {name: a, slots: 1}
events: []
""")
    assert message == "test.yaml: cluster.resources[0].kind: 'colour' is not numeric, string or boolean"


def test_an_empty_consumer_list_is_refused():
    """Kills: the message of an empty consumer list mutated (`per_user: []` means nobody, surely a mistake)."""
    message = _error("""
cluster:
  hosts:
    - {name: a, slots: 1}
  limits:
    - {name: L, per_user: [], resources: {slots: 1}}
events: []
""")
    assert message == "test.yaml: cluster.limits[0].per_user: expected 'all' or a non-empty list"


@pytest.mark.parametrize("path, accepted", [("1", True), ("2.1", True), ("", True), ("0", False), ("1.0", False)])
def test_a_fault_requirement_path_is_dotted_1_based_indices(path, accepted):
    """Kills: `int(p) >= 1` -> `int(p) >= 2` (requirement 1, the first member, would be refused) or `>= 0`
    (0 would be accepted)."""
    text = f"""
events:
  - {{time: 0, submit: {{id: 1, run_time: 5}}}}
test:
  faults:
    - {{point: plan-attempt, job: 1, requirement: "{path}"}}
"""
    if accepted:
        assert recording(text).faults
    else:
        assert _error(text) == (f"test.yaml: test.faults[0].requirement: '{path}' is not dotted 1-based indices "
                                "like 2.1")


def test_a_negative_amount_is_named_negative():
    """Kills: the message of a negative number amount mutated."""
    with pytest.raises(AmountError) as caught:
        parse_amount(-1, None)
    assert str(caught.value) == "'-1' is negative"


@pytest.mark.parametrize("text, message", [
    ("refsim: 3\nevents: []\n", "refsim: unsupported format version (expected 1 or 2)"),
    ("refsim: 0\nevents: []\n", "refsim: unsupported format version (expected 1 or 2)"),
    ("refsim: true\nevents: []\n", "refsim: unsupported format version (expected 1 or 2)"),
    ("epoch: {unix: 0, timezone: UTC}\ncluster:\n  hosts:\n    - {name: a, slots: 1}\n",
     "epoch: an epoch needs format version 2 (refsim: 2)"),
    ("refsim: 2\nepoch: {unix: 0, timezone: Mars/Olympus}\ncluster:\n  hosts:\n    - {name: a, slots: 1}\n",
     "epoch.timezone: unknown time zone 'Mars/Olympus' (an IANA name, UTC, or UTC+HH:MM)"),
    ("refsim: 2\nepoch: {unix: 10000000000001, timezone: UTC}\ncluster:\n  hosts:\n    - {name: a, slots: 1}\n",
     "epoch.unix: 10000000000001 is above 1000000000000"),
    ("refsim: 2\nepoch: {unix: 0}\ncluster:\n  hosts:\n    - {name: a, slots: 1}\n",
     "epoch: missing 'timezone'"),
    ("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  queues:\n    - {name: q}\n    - {name: q}\nevents: []\n",
     "cluster.queues[1]: duplicate queue 'q'"),
    ("cluster:\n  hosts:\n    - {name: \"a b\", slots: 1}\nevents: []\n",
     "cluster.hosts[0].name: 'a b' is not a valid name (no spaces, control characters or []{}=,: characters)"),
    ("cluster:\n  hosts:\n    - {name: a}\nevents: []\n", "cluster.hosts[0]: missing 'slots'"),
    ("events:\n  - {time: 0}\n",
     "events[0]: an event has exactly one of: submit, finish, remove, host, dispatch, session"),
    ("events:\n  - {time: 0, submit: {id: 1}}\n  - {time: 0, dispatch: {job: 1, hosts: {}}}\n",
     "events[1].dispatch.hosts: a dispatch needs at least one host"),
    ("events:\n  - {time: 0, submit: {id: 1, tasks: \"x\"}}\n",
     "events[0].submit.tasks: 'x' is not a task count N or MIN,MAX with 1 <= MIN <= MAX <= 1000000"),
])
def test_each_recording_check_names_its_place_and_problem(text, message):
    """Kills, one case each: the `refsim` version key renamed (version 2 accepted), the queue-name uniqueness
    noun, any() -> all() in the name check (a name with one space accepted), the missing-slots, event-action and
    empty-dispatch messages, and `low = high = 0` -> 1 for an unreadable task count (it would become 1 task)."""
    assert _error(text) == f"test.yaml: {message}"


@pytest.mark.parametrize("text, message", [
    ("cluster:\n  hosts:\n    - {name: a, slots: 1}\n    - {name: a, slots: 2}\nevents: []\n",
     "cluster.hosts[1]: duplicate host 'a'"),
    ("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  limits:\n    - {name: L, users: [x], per_user: all, "
     "resources: {slots: 1}}\nevents: []\n",
     "cluster.limits[0].per_user: a limit names each consumer kind once (users or per_user)"),
])
def test_duplicate_hosts_and_doubled_consumer_kinds_are_refused(text, message):
    """Kills: the host-name uniqueness check dropped from cluster_from, and the doubled-kind message mutated."""
    assert _error(text) == f"test.yaml: {message}"


def test_the_every_policy_runs_a_session_each_interval():
    """Kills: SessionPolicy.EVERY's value mutated (`policy: every` would be refused)."""
    from refsim.sim.replay import RoundStarted, Simulator
    rec = recording("sessions: {policy: every, interval: 10}\n"
                    "events:\n  - {time: 0, submit: {id: 1, tasks: 9, run_time: 5}}\n  - {time: 25, remove: 1}\n")
    # job 1 (9 tasks on 8 slots) stays pending until removed at t=25: sessions from the first event's time, at 0,
    # 10 and 20, and one at 30 for the removal, then nothing changes and no recorded event is left: the ticks stop.
    starts = [r.time for r in Simulator(rec).reports() if isinstance(r, RoundStarted)]
    assert starts == [0, 10, 20, 30]


def test_a_boolean_where_a_number_or_amount_is_expected_is_named_as_a_boolean():
    """Kills: sim/reader.py:_kind's name for a boolean mutated, and model/units.py:parse_amount's message for a
    boolean amount mutated. YAML reads `true` as a boolean, which Python would take for the number 1: both places
    refuse it and say so."""
    assert _error("events:\n  - {time: true, submit: {id: 1}}\n") == (
        "test.yaml: events[0].time: expected a number, found a boolean True")
    assert _error("cluster:\n  hosts:\n    - {name: a, slots: true}\nevents: []\n") == (
        "test.yaml: cluster.hosts[0].slots: 'True' is not an amount")
    with pytest.raises(AmountError, match=r"^'False' is not an amount$"):
        parse_amount(False, "MB")


@pytest.mark.parametrize("text, message", [
    ("cluster:\n  hosts:\n    - {name: a, slots: 4}\n  limits:\n    - {name: L, users: all, resources: [slots]}\n"
     "events: []\n", "test.yaml: cluster.limits[0].resources: expected a mapping, found a list"),
    ("cluster:\n  hosts:\n    - {name: a, slots: 4}\n  limits:\n    - {name: L, users: all, resources: 3}\n"
     "events: []\n", "test.yaml: cluster.limits[0].resources: expected a mapping, found a number"),
    ("events:\n  - {time: 0, submit: {id: 1}}\n  - {time: 0, dispatch: {job: 1, hosts: [a]}}\n",
     "test.yaml: events[1].dispatch.hosts: expected a mapping, found a list"),
])
def test_a_list_or_number_where_names_map_to_amounts_is_one_clear_error(text, message):
    """Kills: sim/reader.py:Node.items no longer checking that its value is a mapping (`self.mapping()` dropped):
    a limit's resources or a dispatch's hosts given as a list or a number would end in a Python error (a list
    has no .get, a number cannot be iterated) instead of a message naming the place."""
    assert _error(text) == message


def test_a_host_status_given_before_its_resources_does_not_hide_them():
    """Kills: sim/load.py:_host's `continue` after reading `status` turned into `break` (every key after status
    would be ignored: here slots 2 and mem 1G, which would fall back to nothing)."""
    cluster = recording("cluster:\n  hosts:\n    - {name: a, status: closed, slots: 2, mem: 1G}\nevents: []\n").cluster
    host = cluster.hosts[0]
    assert (host.status.value, dict(host.capacities)) == ("closed", {"slots": 2, "mem": 1024})


def test_an_empty_queue_list_is_refused():
    """Kills: sim/load.py:_cluster's message for `queues: []` mutated (a cluster needs a queue to submit to; with
    `queues` left out, refsim gives it the queue normal)."""
    assert _error("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  queues: []\nevents: []\n") == (
        "test.yaml: cluster.queues: a cluster needs at least one queue")
