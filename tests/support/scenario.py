"""Tiny builders for scheduler scenarios, and a recording observer that describes each event in one line,
so a test can assert an exact event sequence readably."""

from __future__ import annotations

from dataclasses import dataclass, field

from refsim.model.cluster import Cluster, Host, HostStatus, Queue, SharedResource
from refsim.model.jobid import JobId, parse_job_id
from refsim.model.jobs import Job
from refsim.model.limits import Consumer, ConsumerKind, Limit
from refsim.sched import events as e
from refsim.sched.faults import Fault, FaultPlan, FaultPoint
from refsim.sched.results import SessionResult
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


def host(name: str, slots: int = 4, mem: int = 8192, closed: bool = False, **attributes) -> Host:
    numeric = {k: v for k, v in attributes.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    other = {k: v for k, v in attributes.items() if k not in numeric}
    return Host(name, {"slots": slots, "mem": mem, **numeric}, other,
                HostStatus.CLOSED if closed else HostStatus.OPEN)


def limit(name: str, resources: dict, **consumers) -> Limit:
    """limit("L", {"slots": 4}, users=["a", "b"], per_host="all")."""
    parsed = []
    for key, members in consumers.items():
        per = key.startswith("per_")
        kind = ConsumerKind(key.removeprefix("per_").rstrip("s"))
        parsed.append(Consumer(kind, per, None if members == "all" else tuple(members)))
    return Limit(name, tuple(parsed), tuple(resources.items()))


def cluster(*hosts: Host, limits=(), shared: dict | None = None, queues=(("normal", 0),)) -> Cluster:
    return Cluster(tuple(hosts), tuple(Queue(n, p) for n, p in queues),
                   tuple(SharedResource(n, t) for n, t in (shared or {}).items()), tuple(limits))


def job(jid: str | int, resreq: str = "", tasks: int | tuple[int, int] = 1, **fields) -> Job:
    low, high = (tasks, tasks) if isinstance(tasks, int) else tasks
    return Job(parse_job_id(str(jid)), resreq=resreq, min_tasks=low, max_tasks=high, **fields)


def fault(point: str, job: str | None = None, requirement: str | None = None, **target) -> Fault:
    """fault("plan-attempt", "1", requirement="1", plan=1): `requirement` is dotted child indices."""
    path = None if requirement is None else tuple(int(i) for i in requirement.split(".") if i)
    return Fault(FaultPoint(point), parse_job_id(job) if job else None, requirement=path, **target)


def _path(path: e.Path) -> str:
    if not path:
        return "top"
    return ".".join(f"{'m' if s.role is e.Role.MEMBER else 'a'}{s.index}/{s.count}" for s in path)


def _tasks(plan: e.Plan) -> str:
    return "[" + ",".join(str(t) for t in plan.tasks) + "]"


def _reason(r: e.Reason) -> str:
    if r.kind is e.VerdictKind.SELECTION_MISMATCH:
        return f"{r.kind.value} ({r.stage.value}) {r.subject}"
    what = r.subject if r.scope is None else f"{r.subject}[{r.scope}] {r.resource}"
    return f"{r.kind.value} ({r.stage.value}) {what} {r.total}/{r.used}/{r.reserved}/{r.requested}"


def _verdict(v: e.HostVerdict) -> str:
    if v.reasons:
        text = "; ".join(_reason(r) for r in v.reasons)
    else:
        text = ", ".join(k.value for k in v.kinds)
    if v.error:
        text += f": {v.error}"
    if v.not_performed:
        text += f" | not performed: {', '.join(v.not_performed)}"
    return f"host {v.host}: {text}"


def describe(ev: e.Event) -> str:
    """One line per event (a scan's event: one line per host considered); the wording is the tests' own, not the
    trace's."""
    match ev:
        case e.JobSelected(): return f"selected round {ev.round} position {ev.position} job {ev.job}"
        case e.SelectionKeys(): return f"keys {ev.policy}: " + ", ".join(f"{k}={v}" for k, v in ev.keys)
        case e.ClusterLimitsMatched(limits=None): return "limits unavailable"
        case e.ClusterLimitsMatched():
            return "limits: " + (", ".join(f"{s.limit}[{s.scope}] {s.resource} {s.usage}/{s.value}"
                                           for s in ev.limits) or "none")
        case e.RequirementEntered(kind=e.NodeKind.SINGLE):
            req = ",".join(f"{n}={v}" for n, v in ev.requests)
            return f"enter {_path(ev.path)} single tasks {ev.min_tasks}-{ev.max_tasks} rusage {req or '-'}"
        case e.RequirementEntered(): return f"enter {_path(ev.path)} {ev.kind.value}"
        case e.RequirementSkipped(): return f"skip {_path(ev.path)}"
        case e.RequirementNotTried(): return f"not tried {_path(ev.path)}"
        case e.RequirementDone(): return f"done {_path(ev.path)} {ev.outcome.value}"
        case e.ClusterCheck():
            i = ev.item
            name = i.name if i.scope is None else f"{i.name}[{i.scope}] {i.resource}"
            return (f"check {i.kind.value} {name} {i.total}/{i.used}/{i.reserved}/{i.requested} "
                    f"{'ok' if i.passed else 'FAIL'}")
        case e.PlansSkipped(): return "plans skipped"
        case e.NoPlanGenerated(): return f"no plan generated: {ev.reason}"
        case e.PlanDiscarded(): return f"plan {ev.plan.number} {_tasks(ev.plan)} discarded: {ev.reason}"
        case e.PlanNotTried(): return f"plan {ev.plan.number} {_tasks(ev.plan)} not tried: {ev.error}"
        case e.PlanTried(): return f"plan {ev.plan.number} {_tasks(ev.plan)} tried"
        case e.PositionScanned():
            end = (f"position {ev.position} filled by {ev.host}" if ev.host is not None else
                   f"position {ev.position} unfilled" + (f": {ev.error}" if ev.error else ""))
            return "\n".join([f"position {ev.position} ({ev.tasks})", *(_verdict(v) for v in ev.verdicts), end])
        case e.ClaimsReleased(): return f"released {','.join(ev.hosts)}"
        case e.PlanFailed(): return f"plan {ev.plan.number} failed at position {ev.position}"
        case e.PlanEndedInError(): return f"plan {ev.plan.number} error: {ev.error}"
        case e.PlanCommitted(): return f"plan {ev.plan.number} committed"
        case e.NoPlanPlaced(): return "no plan placed"
        case e.AllPlansDiscarded(): return "all plans discarded"
        case e.AllocationBuilt(): return "allocation built"
        case e.DecisionMade(): return f"decision {type(ev.decision).__name__.lower()}"
        case e.NoDecisionMade(): return f"no decision: {ev.no_decision.kind.name}"
    raise AssertionError(f"no description for {ev!r}")


@dataclass
class Recorder:
    """An observer that keeps every event, per job."""

    events: dict[JobId, list[e.Event]] = field(default_factory=dict)
    current: JobId | None = None

    def event(self, event: e.Event) -> None:
        if isinstance(event, e.JobSelected):
            self.current = event.job
        self.events.setdefault(self.current, []).append(event)  # type: ignore[arg-type]

    def lines(self, jid: str, *, from_requirements: bool = True) -> list[str]:
        """The described events of one job, by default from its first requirement event on."""
        # a position's one event describes its start, each host it considered and its result, a line each
        lines = [line for ev in self.events[parse_job_id(jid)] for line in describe(ev).split("\n") if line]
        if from_requirements:
            lines = lines[3:]
        return lines


@dataclass
class Run:
    results: list[SessionResult]
    recorder: Recorder
    state: SchedulerState

    def outcome(self, jid: str):
        return next(r.outcome for r in self.results if r.job == parse_job_id(jid))


def run(cl: Cluster, *jobs: Job, faults=(), observe: bool = True, before=None) -> Run:
    """One session over `jobs` on `cl`; `before(state)` may charge usage first."""
    state = SchedulerState(cl, FaultPlan(tuple(faults)) if faults else None)
    for j in jobs:
        state.submit(j)
    if before is not None:
        before(state)
    recorder = Recorder()
    results = list(run_session(state, 1, observer_for=(lambda _j: recorder) if observe else None))
    return Run(results, recorder, state)
