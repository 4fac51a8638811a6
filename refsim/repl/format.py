"""The REPL's one-line formats: decision echo lines, round summary lines and collapsed ranges. Job ids always
go through refsim.model.jobid and amounts through refsim.model.units, so every output writes them alike."""

from __future__ import annotations

import json
from collections.abc import Iterable

from refsim.model.hostlist import NUMBERED, compress_hosts
from refsim.model.jobid import JobId, format_job_ids
from refsim.model.units import format_number
from refsim.sched.decisions import Allocation, Dispatch, Pend, PendReason
from refsim.sched.results import SessionResult
from refsim.sim.replay import Reconstructed, RoundSummary


def placement(allocation: Allocation) -> str:
    """`hostA*4 hostB*2`: each host with its slots, in position order; a run of hosts numbered one after another
    with the same slots is one range, `node[0001-0024]*1`."""
    runs: list[tuple[list[str], str]] = []  # (names, slots)
    for h in allocation.hosts:
        slots = format_number(dict(h.resources).get("slots", 0))
        if runs and runs[-1][1] == slots and _follows(runs[-1][0][-1], h.host):
            runs[-1][0].append(h.host)
        else:
            runs.append(([h.host], slots))
    return " ".join(f"{compress_hosts(names)}*{slots}" for names, slots in runs)


def _follows(previous: str, name: str) -> bool:
    a, b = NUMBERED.match(previous), NUMBERED.match(name)
    return (a is not None and b is not None and a.group(1) == b.group(1) and len(a.group(2)) == len(b.group(2))
            and int(b.group(2)) == int(a.group(2)) + 1)


def hosts_by_code(reasons: tuple[PendReason, ...]) -> list[tuple[str, list[str]]]:
    """Host-level codes with the hosts each was found on, most hosts first, then by code."""
    hosts: dict[str, dict[str, None]] = {}
    for r in reasons:
        if r.code.host_level:
            hosts.setdefault(r.code.value, {})[r.host] = None
    return sorted(((code, list(names)) for code, names in hosts.items()), key=lambda t: (-len(t[1]), t[0]))


def brief_reasons(reasons: tuple[PendReason, ...]) -> str:
    """Job-level reasons with their detail, then each host-level code with the number of hosts it was found on,
    most hosts first: the 'why' of an echo line."""
    job_level = [f"{r.code.value}: {r.detail}" if r.detail else r.code.value for r in reasons if not r.code.host_level]
    hosts = [f"{code} on {len(names)} host{'s' if len(names) > 1 else ''}" for code, names in hosts_by_code(reasons)]
    return "; ".join(job_level + hosts)


def echo_line(report: Reconstructed | SessionResult) -> str:
    """One reported decision: round, position, dispatch or pend, job id, where or why in brief."""
    if isinstance(report, Reconstructed):
        return f"round {report.round} dispatch {format_job_ids([report.job])} -> {placement(report.allocation)}" \
               " (reconstructed)"
    head = f"round {report.round} #{report.position}"
    outcome = report.outcome
    if isinstance(outcome, Dispatch):
        return f"{head} dispatch {format_job_ids([report.job])} -> {placement(outcome.allocation)}"
    assert isinstance(outcome, Pend)
    return f"{head} pend {format_job_ids([report.job])}: {brief_reasons(outcome.reasons)}"


def _counted(count: int, noun: str, jobs: Iterable[JobId]) -> str:
    ids = format_job_ids(jobs)
    return f"{count} {noun}" + (f" ({ids})" if ids else "")


def summary_body(summary: RoundSummary) -> str:
    parts = [_counted(len(summary.dispatched), "dispatched", summary.dispatched),
             _counted(len(summary.pended), "pended", [j for j, _ in summary.pended])]
    if summary.no_decision:
        parts.append(_counted(len(summary.no_decision), "no decision", summary.no_decision))
    return ", ".join(parts)


def summary_line(summary: RoundSummary) -> str:
    return f"round {summary.round} t={format_number(summary.time)}: {summary_body(summary)}"


def range_line(summaries: list[RoundSummary]) -> str:
    """A collapsed range of alike rounds: the first and last round and time, and what each of them did."""
    first, last = summaries[0], summaries[-1]
    return (f"rounds {first.round}-{last.round} t={format_number(first.time)}-{format_number(last.time)}: "
            f"{summary_body(first)} each ({len(summaries)} rounds)")


def alike(a: RoundSummary, b: RoundSummary) -> bool:
    """Rounds that join a collapsed range: nothing dispatched, the same jobs pended for the same reasons."""
    return not a.dispatched and not b.dispatched and a.pended == b.pended and a.no_decision == b.no_decision


def json_text(obj: object) -> str:
    """One JSON object on one line, keys in a fixed order, for a console command's json form."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
