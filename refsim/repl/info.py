"""The info commands: what the simulator knows, as lines of text."""

from __future__ import annotations

from refsim.model.jobid import JobId, format_job_ids
from refsim.model.jobs import JobState
from refsim.model.limits import Limit
from refsim.model.units import UnitsMode, format_amount, format_number
from refsim.model.hostlist import compress_hosts
from refsim.repl.format import brief_reasons, hosts_by_code, placement
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sim.jobtable import JobRecord
from refsim.sim.output import PendReasonForms, allocation_record, decision_record
from refsim.sim.replay import Simulator


def _outcome(record: JobRecord) -> str:
    outcome = record.last_outcome
    if outcome is None:
        return "none yet" if not record.reconstructed else "reconstructed dispatch"
    where = f"round {record.last_round}: "
    if isinstance(outcome, Dispatch):
        return where + f"dispatch -> {placement(outcome.allocation)}"
    if isinstance(outcome, Pend):
        return where + f"pend: {brief_reasons(outcome.reasons)}"
    assert isinstance(outcome, NoDecision)
    return where + f"no decision: {outcome.kind.value}" + (f" ({outcome.detail})" if outcome.detail else "")


def _state(record: JobRecord) -> str:
    t = format_number
    if record.state is JobState.RUNNING:
        assert record.allocation is not None and record.start_time is not None  # set when it started
        return f"running on {placement(record.allocation)} since t={t(record.start_time)}"
    if record.state is JobState.FINISHED:
        assert record.end_time is not None and record.start_time is not None
        return f"finished at t={t(record.end_time)} (started t={t(record.start_time)})"
    if record.state is JobState.REMOVED:
        assert record.end_time is not None
        return f"removed at t={t(record.end_time)}"
    return "pending"


def job_lines(sim: Simulator, selector: JobId) -> list[str]:
    records = sim.jobs.matching(selector)
    if not records:
        return [f"job {selector}: unknown"]
    lines = []
    for r in records:
        j = r.job
        tasks = str(j.min_tasks) if j.min_tasks == j.max_tasks else f"{j.min_tasks},{j.max_tasks}"
        lines += [f"job {format_job_ids([j.id])}: {_state(r)}",
                  f"  user {j.user}, queue {j.queue}, project {j.project}, priority {j.priority}, "
                  f"queued t={format_number(j.submit_time)}, run time {format_number(j.run_time)}",
                  f"  tasks {tasks}, requirement '{j.resreq}'",
                  f"  latest decision: {_outcome(r)}"]
        if isinstance(r.last_outcome, Pend):
            lines += [f"    {code} on {len(names)} host{'s' if len(names) > 1 else ''}: {compress_hosts(names)}"
                      for code, names in hosts_by_code(r.last_outcome.reasons)]
        if sim.discipline.holds_back and r.state is JobState.PENDING:
            lines.append(f"  {_planned_start(r)}")
    return lines


def job_objects(sim: Simulator, selector: JobId) -> list[dict[str, object]]:
    """`info job JOBID json`: the same facts as job_lines, one object per job (an array id: each element); the
    latest decision in --sim-output's record form (pend reasons grouped), null before the first."""
    objects: list[dict[str, object]] = []
    for r in sim.jobs.matching(selector):
        j, outcome = r.job, r.last_outcome
        decision = None
        if isinstance(outcome, (Dispatch, Pend)):
            assert r.last_round is not None  # set with the outcome
            decision = decision_record(r.last_round, None, outcome, PendReasonForms())
            decision.pop("position")
        elif isinstance(outcome, NoDecision):
            decision = {"round": r.last_round, "kind": "no-decision", "reason": outcome.kind.value,
                        "detail": outcome.detail or None}
        reservation = r.reservation if sim.discipline.holds_back and r.state is JobState.PENDING else None
        objects.append({
            "job": format_job_ids([j.id]), "state": r.state.value, "user": j.user, "queue": j.queue,
            "project": j.project, "priority": j.priority, "queued": j.submit_time, "run_time": j.run_time,
            "run_limit": j.run_limit, "tasks": {"min": j.min_tasks, "max": j.max_tasks}, "requirement": j.resreq,
            "start": r.start_time, "end": r.end_time,
            "allocation": None if r.allocation is None else allocation_record(r.allocation),
            "latest_decision": decision,
            "planned_start": None if reservation is None else {
                "time": reservation.planned_start, "allocation": allocation_record(reservation.allocation)}})
    return objects


def _planned_start(record: JobRecord) -> str:
    """The job's current backfill reservation (from its latest session), as Slurm's `squeue --start` shows."""
    reservation = record.reservation
    if reservation is None:
        return "planned start: none (no backfill reservation held)"
    return (f"planned start: t={format_number(reservation.planned_start)} (backfill reservation of round "
            f"{record.last_round}: {placement(reservation.allocation)}"
            + "".join(f", {name} {format_number(v)}" for name, v in reservation.allocation.shared) + ")")


def host_lines(sim: Simulator, name: str, units: UnitsMode) -> list[str]:
    cluster = sim.state.cluster
    host = cluster.host(name)
    if host is None:
        return [f"host {name}: unknown"]
    lines = [f"host {name}: {host.status.value}"]
    for resource, total in host.capacities.items():
        unit = cluster.unit_of(resource)
        used = sim.state.usage.host_used(name, resource)
        lines.append(f"  {resource}: {format_amount(used, unit, units)} used of {format_amount(total, unit, units)}")
    if host.attributes:
        lines.append("  " + ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                      for k, v in host.attributes.items()))
    running = [j for j, a in sim.state.usage.running.items() if any(h.host == name for h in a.hosts)]
    lines.append(f"  running: {format_job_ids(running) or 'none'}")
    return lines


def queue_lines(sim: Simulator, name: str | None) -> list[str]:
    queues = sim.state.cluster.queues
    if name is not None:
        queues = tuple(q for q in queues if q.name == name)
        if not queues:
            return [f"queue {name}: unknown"]
    lines = []
    for q in queues:
        pending = [r.job.id for r in sim.jobs.records.values() if r.job.queue == q.name and r.state is JobState.PENDING]
        running = [r.job.id for r in sim.jobs.records.values() if r.job.queue == q.name and r.state is JobState.RUNNING]
        lines.append(f"queue {q.name}: priority {q.priority}, {len(pending)} pending"
                     + (f" ({format_job_ids(pending)})" if pending else "")
                     + f", {len(running)} running" + (f" ({format_job_ids(running)})" if running else ""))
    return lines


def _limit_line(limit: Limit, sim: Simulator, units: UnitsMode) -> list[str]:
    cluster = sim.state.cluster
    clauses = "; ".join(c.clause for c in limit.consumers)
    caps = ", ".join(f"{r} {format_amount(v, cluster.unit_of(r), units)}" for r, v in limit.resources)
    lines = [f"limit {limit.name} ({'host-scoped' if limit.host_scoped else 'cluster-wide'}): {clauses}; {caps}"]
    usage = sorted((k, v) for k, v in sim.state.usage.limits.items() if k[0] == limit.name and v)
    for (_, scope, resource), used in usage:
        value = dict(limit.resources)[resource]
        unit = cluster.unit_of(resource)
        lines.append(f"  [{scope}] {resource}: {format_amount(used, unit, units)} of "
                     f"{format_amount(value, unit, units)}")
    return lines


def limit_lines(sim: Simulator, units: UnitsMode) -> list[str]:
    limits = sim.state.cluster.limits
    if not limits:
        return ["no limits"]
    return [line for limit in limits for line in _limit_line(limit, sim, units)]
