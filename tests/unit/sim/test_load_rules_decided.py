"""Recording rules each decided word for word (docs/recording.md): a refusal names the file, the place and the
problem in one line, and the value just inside each bound is accepted."""

import pytest

from refsim.sim.reader import RecordingError
from tests.support.recordings import recording

STRING_RESOURCE = ("cluster:\n  resources: [{name: os, kind: string}]\n"
                   "  hosts:\n    - {name: a, slots: 1, os: linux}\n")


def _error(text: str) -> str:
    with pytest.raises(RecordingError) as caught:
        recording(text)
    return str(caught.value)


@pytest.mark.parametrize("fault, message", [
    ("{point: host-check, jobs: 1}",
     "test.faults[0]: unknown key 'jobs' (expected one of: point, job, requirement, plan, position, host)"),
    ("{job: 1}", "test.faults[0]: missing 'point'"),
    ("3", "test.faults[0]: expected a mapping, found a number"),
])
def test_a_fault_entry_is_a_mapping_of_known_keys_with_a_point(fault, message):
    """Kills: sim/load.py:_faults no longer checking each fault entry (`item.mapping(...)` dropped): a misspelt key
    (`jobs` for `job`) would be ignored silently and the fault would hit every job, a fault without `point` would
    be named "expected text, found nothing", and a fault that is a number would end in a Python error."""
    assert _error(f"{STRING_RESOURCE}test:\n  faults: [{fault}]\n") == f"test.yaml: {message}"


def test_a_run_limit_of_zero_is_refused_and_any_positive_one_kept():
    """Kills: sim/load.py:_run_limit's message mutated, `limit <= 0` -> `limit < 0` (a zero limit would kill every
    job at its start) and the bound 0 -> 1 (a half-second limit would be refused). Negative limits never get
    there: Node.number refuses them first ("-1 is below 0")."""
    assert _error("events:\n  - {time: 0, submit: {id: 1, run_limit: 0}}\n") == (
        "test.yaml: events[0].submit.run_limit: a run limit must be a positive number of seconds")
    job = recording("events:\n  - {time: 0, submit: {id: 1, run_limit: 0.5}}\n").events[0].action.job
    assert job.run_limit == 0.5


def test_an_array_element_cannot_be_submitted_on_its_own():
    """Kills: sim/load.py:EventReader.submit's array-element message mutated. Elements exist only through their
    array (`id: 1, array: 3` makes 1[1] to 1[3])."""
    assert _error('events:\n  - {time: 0, submit: {id: "1[2]"}}\n') == (
        "test.yaml: events[0].submit.id: '1[2]' names an array element: submit the array by its job id with "
        "'array: N'")


@pytest.mark.parametrize("resource", ["os", "gpu"])
def test_a_limit_caps_only_slots_jobs_or_a_numeric_resource(resource):
    """Kills: sim/load.py:_limit's message for a resource a limit cannot count: a string resource (`os`) has no
    amount to add up and an undeclared one (`gpu`) none at all."""
    text = f"{STRING_RESOURCE}  limits:\n    - {{name: L, users: all, resources: {{{resource}: 1}}}}\n"
    assert _error(text) == (
        f"test.yaml: cluster.limits[0].resources.{resource}: '{resource}' is not slots, jobs or a numeric resource")


def test_a_limit_without_a_consumer_says_how_to_name_every_job():
    """Kills: sim/load.py:_limit's no-consumer message mutated (its hint `users: all` is how a cluster-wide limit
    is written)."""
    text = f"{STRING_RESOURCE}  limits:\n    - {{name: L, resources: {{slots: 1}}}}\n"
    assert _error(text) == (
        "test.yaml: cluster.limits[0]: a limit needs a consumer (users, per_user, queues, per_queue, projects, "
        "per_project, hosts or per_host; 'users: all' for every job)")


@pytest.mark.parametrize("section, discipline", [("", "greedy"), ("scheduling: {discipline: easy}\n", "easy"),
                                                 ("scheduling: {discipline: conservative-drevt}\n",
                                                  "conservative-drevt")])
def test_the_scheduling_section_names_the_discipline_and_greedy_is_the_default(section, discipline):
    """Kills: sim/load.py:recording_from's `scheduling` key renamed (in TOP_KEYS or in `root.has`: the section
    would be refused or ignored), _discipline's `name not in DISCIPLINES` check negated or turned into `in` (every
    known discipline refused) and its `return name` dropped (the recording would name no discipline)."""
    assert recording(f"{section}events: []\n").discipline == discipline


@pytest.mark.parametrize("section, message", [
    ("scheduling: {discipline: fifo}\n",
     "scheduling.discipline: unknown discipline 'fifo' (expected one of: greedy, strict, easy, conservative, "
     "easy-drevt, conservative-drevt)"),
    ("scheduling: {}\n", "scheduling: missing 'discipline'"),
    ("scheduling: {discipline: easy, backfill: true}\n",
     "scheduling: unknown key 'backfill' (expected one of: discipline)"),
])
def test_an_unknown_or_missing_discipline_is_refused(section, message):
    """Kills: sim/load.py:_discipline's message mutated, and its `mapping(("discipline",),
    required=("discipline",))` key names mutated (an empty section would read as nothing and fail elsewhere)."""
    assert _error(f"{section}events: []\n") == f"test.yaml: {message}"


def test_expected_decisions_are_kept_and_their_absence_is_none():
    """Kills: sim/load.py:recording_from's `decisions` key renamed (in TOP_KEYS or in `root.has`/`root.child`:
    the section would be refused or not read) and its `if root.has("decisions")` negated. A recording without
    the section expects nothing (None), which is not the same as expecting no decision at all (an empty list)."""
    rec = recording("events:\n  - {time: 0, submit: {id: 1}}\n"
                    "decisions:\n  - {round: 1, job: 1, kind: dispatch, allocation: {a: 1}}\n")
    assert rec.expected == ({"position": None, "round": 1, "job": "1", "kind": "dispatch", "allocation": {"a": 1}},)
    assert recording("events: []\ndecisions: []\n").expected == ()
    assert recording("events: []\n").expected is None


def test_a_limit_consumer_is_shared_or_per_consumer_by_its_key():
    """Kills: sim/load.py:CONSUMER_KEYS' `per` flags swapped (`users` read as per-user, `per_queue` as one shared
    count): `users: [ann]` is one count shared by ann's jobs, `per_queue: all` one count per queue."""
    from refsim.model.limits import Consumer, ConsumerKind
    limit = recording("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  limits:\n"
                      "    - {name: L, users: [ann], per_queue: all, resources: {slots: 1}}\nevents: []\n"
                      ).cluster.limits[0]
    assert limit.consumers == (Consumer(ConsumerKind.USER, False, ("ann",)), Consumer(ConsumerKind.QUEUE, True, None))


def test_a_cluster_without_queues_has_the_queue_normal_at_priority_zero():
    """Kills: sim/load.py:cluster_from's default queue name or priority mutated (docs/recording.md: jobs go to the
    queue `normal` when the cluster lists none)."""
    from refsim.model.cluster import Queue
    assert recording("events: []\n").cluster.queues == (Queue("normal", 0),)


@pytest.mark.parametrize("cluster, message", [
    ("cluster:\n  hosts: []\n", "cluster.hosts: a cluster needs at least one host"),
    ("cluster:\n  host:\n    - {name: a, slots: 1}\n",
     "cluster: unknown key 'host' (expected one of: resources, hosts, shared, queues, limits)"),
    ("cluster:\n  queues: [{name: q}]\n", "cluster: missing 'hosts'"),
])
def test_a_cluster_needs_its_hosts(cluster, message):
    """Kills: sim/load.py:cluster_from's no-host message mutated and its key check dropped (`node.mapping(...)`:
    a misspelt `host:` would end in a Python error instead of naming the key)."""
    assert _error(f"{cluster}events: []\n") == f"test.yaml: {message}"


def test_a_cluster_of_exactly_the_most_hosts_refsim_models_is_accepted():
    """Kills: sim/load.py:cluster_from's `len(hosts) > MAX_HOSTS` -> `>=` (the documented bound, 100,000 hosts,
    would itself be refused). The refusal one host above it is decided in test_load_refusals."""
    from refsim.model.bounds import MAX_HOSTS
    from refsim.sim.load import recording_from
    hosts = [{"name": f"h{i}", "slots": 1} for i in range(MAX_HOSTS)]
    assert len(recording_from({"cluster": {"hosts": hosts}}, "r.yaml").cluster.hosts) == MAX_HOSTS


@pytest.mark.parametrize("resources, message", [
    ("[{name: name}]", "cluster.resources[0].name: resource 'name' is already defined"),
    ("[{name: status}]", "cluster.resources[0].name: resource 'status' is already defined"),
    ("[{name: jobs}]", "cluster.resources[0].name: resource 'jobs' is already defined"),
    ("[{name: gpu, units: MB}]", "cluster.resources[0]: unknown key 'units' (expected one of: name, kind, unit)"),
    ("[{kind: numeric}]", "cluster.resources[0]: missing 'name'"),
])
def test_a_declared_resource_has_a_name_of_its_own_and_known_keys(resources, message):
    """Kills: sim/load.py:_resources' reserved names mutated (`name` and `status` are a host entry's own keys, so a
    resource called so could never be given a value; `jobs` is what limits count), and its key check dropped
    (`item.mapping(...)`: a misspelt `units` would be ignored and the resource left without its unit)."""
    text = f"cluster:\n  resources: {resources}\n  hosts:\n    - {{name: a, slots: 1}}\nevents: []\n"
    assert _error(text) == f"test.yaml: {message}"


def test_two_limits_of_one_name_are_refused():
    """Kills: sim/load.py:cluster_from's limit-name uniqueness check dropped (a trace names a limit by its name, so
    two limits called L could not be told apart)."""
    text = ("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  limits:\n"
            "    - {name: L, users: all, resources: {slots: 1}}\n    - {name: L, users: all, resources: {slots: 2}}\n"
            "events: []\n")
    assert _error(text) == "test.yaml: cluster.limits[1]: duplicate limit 'L'"


@pytest.mark.parametrize("key", ["gpu", "lic"])
def test_a_host_value_for_an_undeclared_or_shared_resource_is_refused(key):
    """Kills: sim/load.py:_host's unknown-resource message mutated. A shared resource (`lic`) belongs to the
    cluster, not to a host, so a host cannot list it either."""
    text = f"cluster:\n  shared: {{lic: 2}}\n  hosts:\n    - {{name: a, slots: 1, {key}: 1}}\nevents: []\n"
    assert _error(text) == (f"test.yaml: cluster.hosts[0].{key}: unknown resource '{key}' (declare it under "
                            "cluster.resources)")


@pytest.mark.parametrize("consumer, message", [
    ("hosts: [a, z]", "cluster.limits[0].hosts[1]: unknown host 'z'"),
    ("per_queue: [q, r]", "cluster.limits[0].per_queue[1]: unknown queue 'r'"),
])
def test_a_limit_names_only_hosts_and_queues_the_cluster_has(consumer, message):
    """Kills: sim/load.py:_members' unknown-member message mutated. Users and projects are not declared anywhere, so
    any name is accepted for them (`users: [q, r]` below)."""
    cluster = "cluster:\n  hosts:\n    - {name: a, slots: 1}\n  queues: [{name: q}]\n  limits:\n"
    assert _error(f"{cluster}    - {{name: L, {consumer}, resources: {{slots: 1}}}}\nevents: []\n") == (
        f"test.yaml: {message}")
    limit = recording(f"{cluster}    - {{name: L, users: [q, r], resources: {{slots: 1}}}}\nevents: []\n"
                      ).cluster.limits[0]
    assert limit.consumers[0].members == ("q", "r")


def test_a_host_status_is_open_or_closed():
    """Kills: sim/load.py:_status' message mutated."""
    assert _error("cluster:\n  hosts:\n    - {name: a, slots: 1, status: sleeping}\nevents: []\n") == (
        "test.yaml: cluster.hosts[0].status: 'sleeping' is not open or closed")


def test_a_limit_amount_is_read_in_its_resource_unit():
    """Kills: sim/load.py:_limit reading a value without its resource's unit (`definition.unit if definition else
    None` negated). By hand: mem is counted in MB, so `2G` is 2048; jobs and slots have no unit."""
    limit = recording("cluster:\n  hosts:\n    - {name: a, slots: 1, mem: 4G}\n  limits:\n"
                      "    - {name: L, users: all, resources: {mem: 2G, jobs: 3, slots: 2}}\nevents: []\n"
                      ).cluster.limits[0]
    assert limit.resources == (("mem", 2048), ("jobs", 3), ("slots", 2))


HOST_A = "cluster:\n  hosts:\n    - {name: a, slots: 1}\n"


@pytest.mark.parametrize("extra, message", [
    ("  queues: [{name: q, prio: 3}]\n", "cluster.queues[0]: unknown key 'prio' (expected one of: name, priority)"),
    ("  queues: [{priority: 3}]\n", "cluster.queues[0]: missing 'name'"),
    ("  limits:\n    - {name: L, users: all, resources: {}}\n",
     "cluster.limits[0].resources: a limit needs at least one resource"),
    ("  limits:\n    - {name: L, users: all, resource: {slots: 1}}\n",
     "cluster.limits[0]: unknown key 'resource' (expected one of: name, resources, users, queues, projects, hosts, "
     "per_user, per_queue, per_project, per_host)"),
    ("  limits:\n    - {name: L, users: all}\n", "cluster.limits[0]: missing 'resources'"),
])
def test_queues_and_limits_are_checked_key_by_key(extra, message):
    """Kills: sim/load.py:_queue's and _limit's key checks dropped (`node.mapping(...)`: a misspelt `prio` would
    leave the queue at priority 0 silently, a limit without resources would end in a Python error) and _limit's
    no-resource message mutated (a limit that caps nothing is surely a mistake)."""
    assert _error(f"{HOST_A}{extra}events: []\n") == f"test.yaml: {message}"


@pytest.mark.parametrize("event, message", [
    ("{time: 0, submit: {id: 1}, note: x}",
     "events[0]: unknown key 'note' (expected one of: time, submit, finish, remove, host, dispatch, session)"),
    ("{submit: {id: 1}}", "events[0]: missing 'time'"),
])
def test_an_event_is_a_time_and_one_action_and_nothing_else(event, message):
    """Kills: sim/load.py:EventReader.event's key check dropped (`node.mapping(...)`): an unknown key would be
    ignored and an event without a time would be named "expected a number, found nothing"."""
    assert _error(f"{HOST_A}events:\n  - {event}\n") == f"test.yaml: {message}"


def test_a_limit_scoped_by_host_among_other_consumers_cannot_cap_a_shared_resource():
    """Kills: sim/load.py:_limit's `any(c.kind is ConsumerKind.HOST ...)` -> `all(...)`: a limit per user and per
    host is still host-scoped, and a shared resource (a cluster's licenses) is held by no host, so it cannot be
    counted per host."""
    text = ("cluster:\n  shared: {lic: 4}\n  hosts:\n    - {name: a, slots: 1}\n  limits:\n"
            "    - {name: L, per_user: all, per_host: all, resources: {lic: 1}}\nevents: []\n")
    assert _error(text) == "test.yaml: cluster.limits[0].resources.lic: a host-scoped limit cannot cap the shared " \
                           "resource 'lic'"


def test_events_at_one_instant_are_in_order_and_an_earlier_one_after_a_later_is_refused():
    """Kills: sim/load.py:EventReader.event's `time < self.last_time` -> `<=` (two events at one instant would be
    refused) and its message mutated."""
    assert len(recording("events:\n  - {time: 5, submit: {id: 1}}\n  - {time: 5, submit: {id: 2}}\n").events) == 2
    assert _error("events:\n  - {time: 5, submit: {id: 1}}\n  - {time: 3, submit: {id: 2}}\n") == (
        "test.yaml: events[1].time: events must be in time order (3 comes after 5)")


def test_a_submit_without_optional_fields_gets_the_documented_defaults():
    """Kills: sim/load.py:EventReader.submit's defaults mutated (docs/recording.md): user `user`, project
    `default`, the cluster's first queue, priority 0, no requirement, one task, run time 0 and no run limit. The
    cluster lists its queues as day then night, so the first queue is day, not the model's `normal`."""
    from refsim.model.jobid import JobId
    from refsim.model.jobs import Job
    rec = recording("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  queues: [{name: day}, {name: night}]\n"
                    "events:\n  - {time: 2, submit: {id: 1}}\n")
    assert rec.events[0].action.job == Job(JobId(1), user="user", queue="day", project="default", priority=0,
                                           submit_time=2, resreq="", min_tasks=1, max_tasks=1, run_time=0,
                                           run_limit=None)


@pytest.mark.parametrize("tasks, counts", [("3", (3, 3)), ('"2,4"', (2, 4)), ("[2, 4]", (2, 4)), ("[5]", (5, 5)),
                                           ('"1"', (1, 1)),
                                           ('" 2 , 4 "', (2, 4)), ("[1, 1000000]", (1, 1000000))])
def test_a_task_count_is_n_or_min_max_in_text_or_a_list(tasks, counts):
    """Kills: sim/load.py:_tasks' and _count's readings of the three forms (a number, "MIN,MAX" text with spaces
    allowed around each count, a list of one or two), the bound MAX_TASKS accepted (1000000 is MAX_TASKS) and the
    count 1 accepted in text (`whole_number(part, 1, ...)` -> 2)."""
    job = recording(f"events:\n  - {{time: 0, submit: {{id: 1, tasks: {tasks}}}}}\n").events[0].action.job
    assert (job.min_tasks, job.max_tasks) == counts


@pytest.mark.parametrize("tasks", ["[3, 2]", "[1, 2, 3]", "true", "0", "[]", '"1,2,3"', "1000001"])
def test_a_task_count_out_of_order_too_long_or_not_a_count_is_refused(tasks):
    """Kills: sim/load.py:_tasks' `low > high` check and its `len(parts) in (1, 2)` (three counts or none read as
    a range), and _count's refusal of a boolean (YAML's `true` is not the count 1) and of 0."""
    assert _error(f"events:\n  - {{time: 0, submit: {{id: 1, tasks: {tasks}}}}}\n").startswith(
        "test.yaml: events[0].submit.tasks: '")
    assert _error(f"events:\n  - {{time: 0, submit: {{id: 1, tasks: {tasks}}}}}\n").endswith(
        "' is not a task count N or MIN,MAX with 1 <= MIN <= MAX <= 1000000")


@pytest.mark.parametrize("events, message", [
    ("  - {time: 5, submit: {id: 1, array: 2}}\n  - {time: 5, submit: {id: 1}}\n",
     "events[1].submit.id: job 1 is submitted twice"),
    ("  - {time: 5, finish: 3}\n", "events[0].finish: job 3 has not been submitted"),
    ("  - {time: 5, submit: {id: 1, queue: night}}\n", "events[0].submit.queue: unknown queue 'night'"),
    ("  - {time: 5, submit: {id: 1, user: ann, prio: 1}}\n",
     "events[0].submit: unknown key 'prio' (expected one of: id, user, queue, project, priority, resreq, tasks, "
     "run_time, run_limit, array, run_times)"),
    ("  - {time: 5, submit: {user: ann}}\n", "events[0].submit: missing 'id'"),
    ("  - {time: 5, host: {name: z, status: closed}}\n", "events[0].host.name: unknown host 'z'"),
    ("  - {time: 5, host: {name: a}}\n", "events[0].host: missing 'status'"),
    ("  - {time: 5, host: {name: a, status: closed, why: x}}\n",
     "events[0].host: unknown key 'why' (expected one of: name, status)"),
    ("  - {time: 5, submit: {id: 1}}\n  - {time: 5, dispatch: {job: 1, hosts: {z: {slots: 1}}}}\n",
     "events[1].dispatch.hosts.z: unknown host 'z'"),
    ("  - {time: 5, submit: {id: 1}}\n  - {time: 5, dispatch: {job: 1, hosts: {a: {slots: 1}}, why: 1}}\n",
     "events[1].dispatch: unknown key 'why' (expected one of: job, hosts, shared)"),
    ("  - {time: 5, submit: {id: 1}}\n  - {time: 5, dispatch: {hosts: {a: {slots: 1}}}}\n",
     "events[1].dispatch: missing 'job'"),
])
def test_each_event_kind_checks_its_fields_and_names(events, message):
    """Kills: sim/load.py:EventReader's key checks (submit, host and dispatch `node.mapping(...)` dropped), the job
    number reuse check (an array's number counts as used), and the unknown-job, unknown-queue and unknown-host
    messages (of a host event and of a recorded dispatch)."""
    assert _error(f"{HOST_A}events:\n{events}") == f"test.yaml: {message}"


def test_a_session_event_is_written_empty_or_with_nothing():
    """Kills: sim/load.py:EventReader.session's `node.value not in (None, {})` mutated: `session:` (no value) and
    `session: {}` are both an explicit session."""
    from refsim.sim.recording import SessionMark
    rec = recording("events:\n  - {time: 5, session: }\n  - {time: 6, session: {}}\n")
    assert [e.action for e in rec.events] == [SessionMark(), SessionMark()]


def test_a_queue_without_a_priority_has_priority_zero_and_one_with_a_priority_keeps_it():
    """Kills: sim/load.py:_queue's default priority 0 -> 1 (a queue listed without a priority would outrank one
    listed with priority 0)."""
    from refsim.model.cluster import Queue
    rec = recording(f"{HOST_A}  queues: [{{name: day}}, {{name: night, priority: -3}}]\nevents: []\n")
    assert rec.cluster.queues == (Queue("day", 0), Queue("night", -3))


def test_a_fault_keeps_every_field_it_names_and_leaves_the_others_open():
    """Kills: sim/load.py:_faults' readings of job, plan, position, host and requirement (each `if item.has(...)`
    negated or its value dropped). A field left out matches anything (None); an empty requirement path names the
    top of the requirement, which is not the same as no requirement at all. Plan and position count from 1."""
    from refsim.model.jobid import JobId
    from refsim.sched.faults import Fault, FaultPoint
    rec = recording('events:\n  - {time: 0, submit: {id: 1}}\ntest:\n  faults:\n'
                    '    - {point: host-check, job: "1", plan: 2, position: 1, host: a, requirement: "2.1"}\n'
                    '    - {point: plan-build}\n    - {point: plan-build, plan: 1, requirement: ""}\n')
    assert rec.faults == (Fault(FaultPoint.HOST_CHECK, JobId(1), 2, 1, "a", (2, 1)), Fault(FaultPoint.PLAN_BUILD),
                          Fault(FaultPoint.PLAN_BUILD, plan=1, requirement=()))


def test_a_recorded_dispatch_keeps_its_host_and_shared_amounts_in_their_units():
    """Kills: sim/load.py:EventReader.dispatch's shared amounts dropped (`if node.has("shared")` negated) and
    _amounts reading a value without its resource's unit (mem is counted in MB: 1G is 1024)."""
    from refsim.model.jobid import JobId
    from refsim.sim.recording import RecordedDispatch
    rec = recording("cluster:\n  shared: {lic: 4}\n  hosts:\n    - {name: a, slots: 4, mem: 8G}\nevents:\n"
                    "  - {time: 0, submit: {id: 1}}\n"
                    "  - {time: 0, dispatch: {job: 1, hosts: {a: {slots: 1, mem: 1G}}, shared: {lic: 2}}}\n")
    assert rec.events[1].action == RecordedDispatch(JobId(1), (("a", (("slots", 1), ("mem", 1024))),),
                                                    (("lic", 2),))


def test_a_submit_keeps_every_field_it_gives():
    """Kills: sim/load.py:EventReader.submit's readings of user, queue, project, priority, resreq, run_time and
    run_limit (each key renamed in its `node.has(...)` test, so the field would fall back to its default)."""
    from refsim.model.jobid import JobId
    from refsim.model.jobs import Job
    rec = recording("cluster:\n  hosts:\n    - {name: a, slots: 1}\n  queues: [{name: day}, {name: night}]\n"
                    "events:\n  - {time: 2, submit: {id: 7, user: ann, queue: night, project: p1, priority: -5, "
                    "resreq: 'select[slots>0]', tasks: 1, run_time: 30, run_limit: 60}}\n")
    assert rec.events[0].action.job == Job(JobId(7), user="ann", queue="night", project="p1", priority=-5,
                                           submit_time=2, resreq="select[slots>0]", min_tasks=1, max_tasks=1,
                                           run_time=30, run_limit=60)


@pytest.mark.parametrize("test, message", [
    ("test:\n  fault: []\n", "test: unknown key 'fault' (expected one of: faults)"),
    ("test:\n  faults: [{point: nowhere}]\n",
     "test.faults[0].point: unknown fault point (expected one of: job-lookup, decision-build, plan-build, "
     "plan-attempt, host-scan-start, host-scan-step, host-check, allocation-build)"),
])
def test_the_test_section_names_its_faults_by_known_points(test, message):
    """Kills: sim/load.py:_faults' check of the test section's keys dropped (`node.mapping(("faults",))`: a
    misspelt `fault` would leave the run without its faults silently) and its unknown-point message mutated."""
    assert _error(f"{test}events: []\n") == f"test.yaml: {message}"


@pytest.mark.parametrize("policy", ["explicit", "after-events"])
def test_a_sessions_policy_without_an_interval_is_kept(policy):
    """Kills: sim/load.py:_sessions' `return Sessions(policy)` dropped for the policies that take no interval."""
    from refsim.sim.recording import SessionPolicy, Sessions
    assert recording(f"sessions: {{policy: {policy}}}\nevents: []\n").sessions == Sessions(SessionPolicy(policy))
