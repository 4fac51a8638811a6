"""A recording's plain submit events, read straight from the parsed mapping.

An imported log is tens of thousands of events like ``{"time": 0.0, "submit": {"id": 1, "user": "u1", "tasks": 128,
"run_time": 1451.0, "run_limit": 1451.0}}``. Read through `Node`s, each field is a node of its own and each check a
method call; read here, an event is a few type tests on the values themselves. Only an event whose every field
passes is read here: anything else (another action, an array, a value of another type, a value out of range, an
id already submitted) gets `None`, and the full reading in refsim.sim.load reads it from scratch, so every error
message, and every event that is not plain, comes from there. The two readings give equal jobs of the same value
types (tests/property/test_plain_submits.py).
"""

from __future__ import annotations

from refsim.model.bounds import MAX_PRIORITY, MAX_TASKS, MAX_TIME, MIN_PRIORITY, whole_number
from refsim.model.jobid import JobId, JobIdError, parse_job_id
from refsim.model.jobs import Job
from refsim.sim.reader import is_name

# The submit fields read here; `array` and `run_times` (arrays) are left to the full reading.
PLAIN_FIELDS = frozenset(("id", "user", "queue", "project", "priority", "resreq", "tasks", "run_time",
                          "run_limit"))
_MAX_JOB = 10**18 - 1  # the largest job number parse_job_id reads (18 digits)


def task_range(value: object) -> tuple[int, int] | None:
    """A task count as a recording gives it, N, "MIN,MAX" or [MIN, MAX], each a whole number from 1 to MAX_TASKS,
    as (MIN, MAX); None when it is none of these."""
    parts = value if isinstance(value, list) else [value] if not isinstance(value, str) else value.split(",")
    counts = [_count(p) for p in parts] if len(parts) in (1, 2) else [None]
    low, high = counts[0], counts[-1]
    if low is None or high is None or low > high:
        return None
    return low, high


def _count(part: object) -> int | None:
    if isinstance(part, int) and not isinstance(part, bool):
        return part if 1 <= part <= MAX_TASKS else None
    return whole_number(part.strip(), 1, MAX_TASKS) if isinstance(part, str) else None


def _time(value: object) -> bool:
    """A number of seconds from 0 to MAX_TIME, as Node.number() takes it (NaN fails both comparisons)."""
    return (type(value) is float or type(value) is int) and 0 <= value <= MAX_TIME


def _job_id(value: object) -> JobId | None:
    """A plain job's id, as parse_job_id reads the text of `value`; None for anything else."""
    if type(value) is int:
        return JobId(value) if 0 <= value <= _MAX_JOB else None  # str() of an int has no leading zero or space
    if type(value) is not str:
        return None
    try:
        jid = parse_job_id(value)
    except JobIdError:
        return None
    return jid if jid.index is None else None


class PlainSubmits:
    """Reads plain submit events against a cluster's queues, remembering the names already found valid (a log has
    a few hundred users and projects over thousands of jobs)."""

    __slots__ = ("default_queue", "queues", "names")

    def __init__(self, queues: tuple[str, ...]) -> None:
        self.default_queue = queues[0]
        self.queues = frozenset(queues)
        self.names: set[str] = set()

    def read(self, value: object, last_time: float) -> tuple[float, Job] | None:
        """The time and job of a plain submit event at or after `last_time`, or None (see the module's doc). The
        caller still checks that the job number is new."""
        if type(value) is not dict or len(value) != 2 or "submit" not in value or "time" not in value:
            return None
        time, body = value["time"], value["submit"]
        if not _time(time) or time < last_time or type(body) is not dict or "id" not in body \
                or not PLAIN_FIELDS.issuperset(body):
            return None
        jid, tasks = _job_id(body["id"]), body.get("tasks", 1)
        if type(tasks) is int and 1 <= tasks <= MAX_TASKS:  # the usual count, without task_range's lists
            low, high = tasks, tasks
        else:
            low, high = task_range(tasks) or (0, 0)  # 0: not a task count
        if jid is None or not low:
            return None
        queue = body.get("queue", self.default_queue)
        user, project = body.get("user", "user"), body.get("project", "default")
        if type(queue) is not str or queue not in self.queues or not self._name(user) or not self._name(project):
            return None
        priority, resreq, run_time = body.get("priority", 0), body.get("resreq", ""), body.get("run_time", 0)
        if type(priority) is not int or not MIN_PRIORITY <= priority <= MAX_PRIORITY or type(resreq) is not str \
                or not _time(run_time):
            return None
        run_limit = None
        if "run_limit" in body:  # a null run_limit is refused, not taken as none
            run_limit = body["run_limit"]
            if not (_time(run_limit) and run_limit > 0):
                return None
        return time, Job(jid, user, queue, project, priority, time, resreq, low, high, run_time, run_limit)

    def _name(self, value: object) -> bool:
        """Whether `value` is text that Node.name() accepts (a queue's name was checked when the cluster was)."""
        if type(value) is not str:
            return False
        if value in self.names:
            return True
        if is_name(value):
            self.names.add(value)
            return True
        return False
