"""Loading and validating recordings (docs/recording.md). Every error names the file, the path inside it and
the problem; nothing half-loaded is ever returned."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from refsim.model.bounds import (MAX_ARRAY, MAX_HOSTS, MAX_INDEX, MAX_PRIORITY, MAX_TASKS, MIN_INTERVAL,
                                 MIN_PRIORITY, MAX_TIME, short, whole_number)
from refsim.model.cluster import Cluster, Host, HostStatus, Queue, SharedResource
from refsim.model.epoch import Epoch, EpochError, time_zone
from refsim.model.jobid import JobId, JobIdError, parse_job_id
from refsim.model.jobs import Job
from refsim.model.units import Amount
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.model.resources import BUILTIN_RESOURCES, JOBS, SLOTS, ResourceDef, ResourceKind
from refsim.sched.disciplines import DEFAULT, DISCIPLINES
from refsim.sched.faults import Fault, FaultPoint
from refsim.sim.plainsubmit import PlainSubmits, task_range
from refsim.sim.reader import Node, RecordingError, read_document
from refsim.sim.recording import (Event, Finish, HostChange, RecordedDispatch, Recording, Remove, SessionMark,
                                  SessionPolicy, Sessions, Submit)

TOP_KEYS = ("refsim", "epoch", "cluster", "sessions", "scheduling", "events", "decisions", "test")
VERSIONS = (1, 2)  # 2: an `epoch` may say when time 0 is (docs/recording.md, "Epoch")
CONSUMER_KEYS = {f"{k.value}s": (k, False) for k in ConsumerKind} | {f"per_{k.value}": (k, True) for k in ConsumerKind}


def load_recording(path: str | Path) -> Recording:
    """Load a YAML or JSON recording; RecordingError says what is wrong and where."""
    return recording_from(read_document(path), str(path))


def recording_from(document: object, source: str) -> Recording:
    root = Node(document, source).mapping(TOP_KEYS, required=("cluster",))
    version = root.child("refsim").value if root.has("refsim") else 1
    if type(version) is not int or version not in VERSIONS:  # `true` is not version 1
        raise root.child("refsim").error("unsupported format version (expected 1 or 2)")
    epoch = None
    if root.has("epoch"):
        if version < 2:
            raise root.child("epoch").error("an epoch needs format version 2 (refsim: 2)")
        epoch = _epoch(root.child("epoch"))
    cluster = cluster_from(root.child("cluster"))
    events = _events(root.child("events"), cluster) if root.has("events") else ()
    sessions = _sessions(root, events)
    faults = _faults(root.child("test")) if root.has("test") else ()
    expected = None
    if root.has("decisions"):
        from refsim.sim.runfile import records_from  # the record form is the run reader's
        expected = records_from(root.child("decisions"))
    discipline = _discipline(root.child("scheduling")) if root.has("scheduling") else DEFAULT
    return Recording(cluster, events, sessions, source, faults, expected, discipline, epoch)


def _epoch(node: Node) -> Epoch:
    node = node.mapping(("unix", "timezone"), required=("unix", "timezone"))
    unix = node.child("unix").number(-MAX_TIME, MAX_TIME)  # seconds from 1970, before it or after
    zone = node.child("timezone").text()
    try:
        time_zone(zone)
    except EpochError as exc:
        raise node.child("timezone").error(str(exc)) from None
    return Epoch(unix, zone)


def _discipline(node: Node) -> str:
    node = node.mapping(("discipline",), required=("discipline",))
    name = node.child("discipline").text()
    if name not in DISCIPLINES:
        raise node.child("discipline").error(f"unknown discipline '{name}' (expected one of: "
                                             f"{', '.join(DISCIPLINES)})")
    return name


# --- cluster ---------------------------------------------------------------------------------------------------

def cluster_from(node: Node) -> Cluster:
    node.mapping(("resources", "hosts", "shared", "queues", "limits"), required=("hosts",))
    shared = _shared(node.child("shared")) if node.has("shared") else ()
    resources = _resources(node.child("resources") if node.has("resources") else None, shared)
    if isinstance(node.child("hosts").value, list) and len(node.child("hosts").value) > MAX_HOSTS:
        raise node.child("hosts").error(f"more than {MAX_HOSTS} hosts")
    hosts = tuple(_host(h, resources) for h in node.child("hosts").elements())
    if not hosts:
        raise node.child("hosts").error("a cluster needs at least one host")
    queues = (tuple(_queue(q) for q in node.child("queues").elements()) if node.has("queues")
              else (Queue("normal", 0),))
    if not queues:
        raise node.child("queues").error("a cluster needs at least one queue")
    limits = tuple(_limit(n, resources, shared, hosts, queues) for n in node.child("limits").elements()) \
        if node.has("limits") else ()
    _unique(node.child("hosts"), [h.name for h in hosts], "host")
    _unique(node.child("queues"), [q.name for q in queues], "queue")
    _unique(node.child("limits"), [lim.name for lim in limits], "limit")
    try:
        return Cluster(hosts, queues, shared, limits, resources)
    except ValueError as exc:  # a name used twice across kinds, e.g. a shared resource named like a host one
        raise node.error(str(exc)) from None


def _unique(node: Node, names: list[str], what: str) -> None:
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise node.child(i).error(f"duplicate {what} '{short(name)}'")
        seen.add(name)


def _shared(node: Node) -> tuple[SharedResource, ...]:
    return tuple(SharedResource(name, value.amount(None)) for name, value in node.items())


def _resources(node: Node | None, shared: tuple[SharedResource, ...]) -> tuple[ResourceDef, ...]:
    declared = list(BUILTIN_RESOURCES)
    for item in node.elements() if node is not None else ():
        item.mapping(("name", "kind", "unit"), required=("name",))
        name = item.child("name").name()
        if any(r.name == name for r in declared) or name in (JOBS, "status", "name"):
            raise item.child("name").error(f"resource '{short(name)}' is already defined")
        kind_text = item.child("kind").text() if item.has("kind") else "numeric"
        try:
            kind = ResourceKind(kind_text)
        except ValueError:
            raise item.child("kind").error(f"'{short(kind_text)}' is not numeric, string or boolean") from None
        unit = item.child("unit").text() if item.has("unit") else None
        if unit not in (None, "MB") or (unit and kind is not ResourceKind.NUMERIC):
            raise item.child("unit").error("the only unit is MB, for numeric resources")
        declared.append(ResourceDef(name, kind, unit))
    for s in shared:
        declared.append(ResourceDef(s.name, ResourceKind.NUMERIC, None, shared=True))
    return tuple(declared)


def _host(node: Node, resources: tuple[ResourceDef, ...]) -> Host:
    node.mapping(required=("name",))
    capacities: dict[str, Amount] = {}
    attributes: dict[str, str | bool] = {}
    status = HostStatus.OPEN
    for key, value in node.items():
        if key == "name":
            continue
        if key == "status":
            status = _status(value)
            continue
        definition = next((r for r in resources if r.name == key and not r.shared), None)
        if definition is None:
            raise value.error(f"unknown resource '{short(key)}' (declare it under cluster.resources)")
        if definition.kind is ResourceKind.NUMERIC:
            capacities[key] = value.amount(definition.unit)
        elif definition.kind is ResourceKind.BOOLEAN:
            attributes[key] = value.boolean()
        else:
            attributes[key] = value.text()
    if SLOTS not in capacities:
        raise node.error("missing 'slots'")
    return Host(node.child("name").name(), capacities, attributes, status)


def _status(node: Node) -> HostStatus:
    try:
        return HostStatus(node.text())
    except ValueError:
        raise node.error(f"'{short(node.value)}' is not open or closed") from None


def _queue(node: Node) -> Queue:
    node.mapping(("name", "priority"), required=("name",))
    priority = node.child("priority").integer(MIN_PRIORITY, MAX_PRIORITY) if node.has("priority") else 0
    return Queue(node.child("name").name(), priority)


def _limit(node: Node, resources: tuple[ResourceDef, ...], shared: tuple[SharedResource, ...],
           hosts: tuple[Host, ...], queues: tuple[Queue, ...]) -> Limit:
    node.mapping(("name", "resources") + tuple(CONSUMER_KEYS), required=("name", "resources"))
    consumers: list[Consumer] = []
    for key, (kind, per) in CONSUMER_KEYS.items():
        if not node.has(key):
            continue
        if any(c.kind is kind for c in consumers):
            raise node.child(key).error(f"a limit names each consumer kind once ({kind.value}s or per_{kind.value})")
        consumers.append(Consumer(kind, per, _members(node.child(key), kind, hosts, queues)))
    if not consumers:
        raise node.error("a limit needs a consumer (users, per_user, queues, per_queue, projects, per_project, "
                         "hosts or per_host; 'users: all' for every job)")
    host_scoped = any(c.kind is ConsumerKind.HOST for c in consumers)
    values = []
    for name, value in node.child("resources").items():
        definition = next((r for r in resources if r.name == name), None)
        if name != JOBS and (definition is None or not definition.numeric):
            raise value.error(f"'{short(name)}' is not slots, jobs or a numeric resource")
        if host_scoped and definition is not None and definition.shared:
            raise value.error(f"a host-scoped limit cannot cap the shared resource '{short(name)}'")
        values.append((name, value.amount(definition.unit if definition else None)))
    if not values:
        raise node.child("resources").error("a limit needs at least one resource")
    return Limit(node.child("name").name(), tuple(consumers), tuple(values))


def _members(node: Node, kind: ConsumerKind, hosts: tuple[Host, ...],
             queues: tuple[Queue, ...]) -> tuple[str, ...] | None:
    if node.value == "all":
        return None
    names = tuple(item.name() for item in node.elements())
    if not names:
        raise node.error("expected 'all' or a non-empty list")
    known = {ConsumerKind.HOST: {h.name for h in hosts}, ConsumerKind.QUEUE: {q.name for q in queues}}.get(kind)
    for i, name in enumerate(names):
        if known is not None and name not in known:
            raise node.child(i).error(f"unknown {kind.value} '{short(name)}'")
    return names


# --- events ----------------------------------------------------------------------------------------------------

ACTIONS = ("submit", "finish", "remove", "host", "dispatch", "session")


class EventReader:
    """Reads events in order, keeping the jobs submitted so far so later events can be checked against them."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.jobs: dict[JobId, Job] = {}
        self.numbers: set[int] = set()  # job numbers in use, by plain jobs and arrays alike
        self.arrays: dict[int, tuple[JobId, ...]] = {}  # an array's job number -> its element ids
        self.last_time = 0.0
        self.plain = PlainSubmits(tuple(q.name for q in cluster.queues))

    def events(self, node: Node) -> list[Event]:
        """The events of the list at `node`, in order: each plain submit read as it is (refsim.sim.plainsubmit),
        any other event through a node of its own."""
        events: list[Event] = []
        for i, value in enumerate(node.values()):
            plain = self.plain.read(value, self.last_time)
            if plain is not None and plain[1].id.job not in self.numbers:
                time, job = plain
                self.last_time = time
                self.numbers.add(job.id.job)
                self.jobs[job.id] = job
                events.append(Event(time, Submit(job)))
            else:
                events.extend(self.event(node.child(i)))
        return events

    def event(self, node: Node) -> list[Event]:
        node.mapping(("time",) + ACTIONS, required=("time",))
        time = node.child("time").number()
        if time < self.last_time:
            raise node.child("time").error(f"events must be in time order ({time} comes after {self.last_time})")
        self.last_time = time
        actions = [k for k in ACTIONS if node.has(k)]
        if len(actions) != 1:
            raise node.error(f"an event has exactly one of: {', '.join(ACTIONS)}")
        body = node.child(actions[0])
        if actions[0] == "submit":
            return [Event(time, Submit(job)) for job in self.submit(body, time)]
        if actions[0] == "remove":
            return [Event(time, Remove(job)) for job in self.removed(body)]
        return [Event(time, getattr(self, actions[0])(body))]

    def job_id(self, node: Node, known: bool = True) -> JobId:
        try:
            jid = parse_job_id(node.text())
        except JobIdError as exc:
            raise node.error(str(exc)) from None
        if known and jid not in self.jobs:
            raise node.error(f"job {jid} has not been submitted")
        return jid

    def submit(self, node: Node, time: float) -> list[Job]:
        node.mapping(("id", "user", "queue", "project", "priority", "resreq", "tasks", "run_time", "run_limit",
                      "array", "run_times"),
                     required=("id",))
        jid = self.job_id(node.child("id"), known=False)
        if jid.index is not None:
            raise node.child("id").error(f"'{jid}' names an array element: submit the array by its job id "
                                         "with 'array: N'")
        queue = node.child("queue").name() if node.has("queue") else self.cluster.queues[0].name
        if self.cluster.queue(queue) is None:
            raise node.child("queue").error(f"unknown queue '{short(queue)}'")
        low, high = _tasks(node.child("tasks")) if node.has("tasks") else (1, 1)
        job = partial(Job, user=node.child("user").name() if node.has("user") else "user", queue=queue,
                      project=node.child("project").name() if node.has("project") else "default",
                      priority=node.child("priority").integer(MIN_PRIORITY, MAX_PRIORITY) if node.has("priority")
                      else 0, submit_time=time,
                      resreq=node.child("resreq").text() if node.has("resreq") else "", min_tasks=low,
                      max_tasks=high, run_time=node.child("run_time").number() if node.has("run_time") else 0,
                      run_limit=_run_limit(node))
        if node.has("array"):
            ids = [JobId(jid.job, i) for i in range(1, node.child("array").integer(1, MAX_ARRAY) + 1)]
        else:
            ids = [jid]
        if jid.job in self.numbers:
            raise node.child("id").error(f"job {jid.job} is submitted twice")
        self.numbers.add(jid.job)
        if node.has("array"):
            self.arrays[jid.job] = tuple(ids)
        run_times = _run_times(node, len(ids))
        for n, i in enumerate(ids):
            self.jobs[i] = job(i) if run_times is None else job(i, run_time=run_times[n])
        return [self.jobs[i] for i in ids]

    def finish(self, node: Node) -> Finish:
        return Finish(self.job_id(node))

    def removed(self, node: Node) -> list[JobId]:
        """The jobs a remove takes out: the job, or every element when it names an array by its job number."""
        jid = self.job_id(node, known=False)
        elements = self.arrays.get(jid.job) if jid.index is None else None
        return list(elements) if elements else [self.job_id(node)]

    def host(self, node: Node) -> HostChange:
        node.mapping(("name", "status"), required=("name", "status"))
        name = node.child("name").name()
        if self.cluster.host(name) is None:
            raise node.child("name").error(f"unknown host '{short(name)}'")
        return HostChange(name, _status(node.child("status")))

    def dispatch(self, node: Node) -> RecordedDispatch:
        node.mapping(("job", "hosts", "shared"), required=("job", "hosts"))
        jid = self.job_id(node.child("job"))
        hosts = []
        for name, amounts in node.child("hosts").items():
            if self.cluster.host(name) is None:
                raise amounts.error(f"unknown host '{short(name)}'")
            hosts.append((name, tuple(self._amounts(amounts, shared=False))))
        if not hosts:
            raise node.child("hosts").error("a dispatch needs at least one host")
        shared = tuple(self._amounts(node.child("shared"), shared=True)) if node.has("shared") else ()
        return RecordedDispatch(jid, tuple(hosts), shared)

    def _amounts(self, node: Node, shared: bool) -> Iterator[tuple[str, Amount]]:
        for name, value in node.items():
            definition = self.cluster.resource(name)
            if definition is None or not definition.numeric or definition.shared != shared:
                kind = "shared" if shared else "host"
                raise value.error(f"'{short(name)}' is not a numeric {kind} resource")
            yield name, value.amount(definition.unit)

    def session(self, node: Node) -> SessionMark:
        if node.value not in (None, {}):
            raise node.error("a session event takes no fields (write 'session: {}')")
        return SessionMark()


def _run_times(node: Node, elements: int) -> list[float] | None:
    """An array's run time per element (`run_times`, one per index from 1), instead of one `run_time` for all:
    a real site's array elements each ran their own time (docs/lsf.md)."""
    if not node.has("run_times"):
        return None
    if not node.has("array") or node.has("run_time"):
        raise node.child("run_times").error("run_times goes with array, instead of run_time")
    times = [item.number() for item in node.child("run_times").elements()]
    if len(times) != elements:
        raise node.child("run_times").error(f"run_times lists {len(times)} run times for an array of {elements}")
    return times


def _run_limit(node: Node) -> float | None:
    if not node.has("run_limit"):
        return None
    limit = node.child("run_limit").number()
    if limit <= 0:
        raise node.child("run_limit").error("a run limit must be a positive number of seconds")
    return limit


def _tasks(node: Node) -> tuple[int, int]:
    """N, "MIN,MAX" or [MIN, MAX], each a whole number from 1 to MAX_TASKS, checked before any is used."""
    tasks = task_range(node.value)
    if tasks is None:
        raise node.error(f"'{short(str(node.value))}' is not a task count N or MIN,MAX with 1 <= MIN <= MAX <= "
                         f"{MAX_TASKS}")
    return tasks


def _events(node: Node, cluster: Cluster) -> tuple[Event, ...]:
    return tuple(EventReader(cluster).events(node))


def _sessions(root: Node, events: tuple[Event, ...]) -> Sessions:
    explicit = any(isinstance(e.action, SessionMark) for e in events)
    if not root.has("sessions"):
        return Sessions(SessionPolicy.EXPLICIT if explicit else SessionPolicy.AFTER_EVENTS)
    node = root.child("sessions").mapping(("policy", "interval"), required=("policy",))
    try:
        policy = SessionPolicy(node.child("policy").text())
    except ValueError:
        raise node.child("policy").error("expected explicit, after-events or every") from None
    if explicit and policy is not SessionPolicy.EXPLICIT:
        raise node.child("policy").error("the events list sessions, so the policy must be explicit")
    if policy is SessionPolicy.EVERY:
        if not node.has("interval"):
            raise node.error("the 'every' policy needs an interval (seconds)")
        interval = node.child("interval").number()
        if interval < MIN_INTERVAL:
            raise node.child("interval").error(f"the interval must be at least {MIN_INTERVAL} seconds")
        return Sessions(policy, interval)
    if node.has("interval"):
        raise node.child("interval").error("only the 'every' policy takes an interval")
    return Sessions(policy)


# --- test section ----------------------------------------------------------------------------------------------

def _faults(node: Node) -> tuple[Fault, ...]:
    node.mapping(("faults",))
    faults = []
    for item in node.child("faults").elements() if node.has("faults") else ():
        item.mapping(("point", "job", "requirement", "plan", "position", "host"), required=("point",))
        try:
            point = FaultPoint(item.child("point").text())
        except ValueError:
            raise item.child("point").error(
                f"unknown fault point (expected one of: {', '.join(p.value for p in FaultPoint)})") from None
        job = None
        if item.has("job"):
            try:
                job = parse_job_id(item.child("job").text())
            except JobIdError as exc:
                raise item.child("job").error(str(exc)) from None
        requirement = None
        if item.has("requirement"):
            text = item.child("requirement").text()
            indices = [whole_number(p, 1, MAX_INDEX) for p in text.split(".")] if text else []
            requirement = tuple(i for i in indices if i is not None)
            if len(requirement) != len(indices):
                raise item.child("requirement").error(f"'{short(text)}' is not dotted 1-based indices like 2.1")
        faults.append(Fault(point, job,
                            item.child("plan").integer(1, MAX_INDEX) if item.has("plan") else None,
                            item.child("position").integer(1, MAX_INDEX) if item.has("position") else None,
                            item.child("host").name() if item.has("host") else None, requirement))
    return tuple(faults)


__all__ = ["EventReader", "RecordingError", "cluster_from", "load_recording", "recording_from"]
