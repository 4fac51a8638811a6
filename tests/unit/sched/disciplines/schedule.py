"""Replaying tiny recordings under a discipline and reading back start times and final decisions."""

from __future__ import annotations

from dataclasses import replace

import yaml

from refsim.sched.results import SessionResult
from refsim.sim.load import recording_from
from refsim.sim.replay import Simulator

DISCIPLINES = ("greedy", "strict", "easy", "easy-drevt", "conservative", "conservative-drevt")


def nodes(count: int) -> str:
    """A node-count cluster: one host whose slots are the nodes (any free slot will do for any task)."""
    return f"cluster:\n  hosts:\n    - {{name: n, slots: {count}}}\n"


def one_slot_hosts(count: int) -> str:
    """A cluster of `count` one-slot hosts n1, n2, ... (as DR_EVT's nodes are imported)."""
    return "cluster:\n  hosts:\n" + "".join(f"    - {{name: n{i}, slots: 1}}\n" for i in range(1, count + 1))


BASE = 100  # job ids start at 1, so the scenarios' job N (numbered from 0, as DR_EVT numbers them) is job 10N


def submits(*jobs: tuple, at: float | None = None) -> str:
    """Submit events from (N, tasks, run_limit[, run_time[, submit time]]) rows for job 10N; run time defaults
    to the limit (None: no run limit) and submit time to `at` (else 0)."""
    lines = ["events:"]
    for row in jobs:
        job, tasks, limit = row[:3]
        run = row[3] if len(row) > 3 else limit
        time = row[4] if len(row) > 4 else (at or 0)
        limit_key = f", run_limit: {limit}" if limit is not None else ""
        lines.append(f"  - {{time: {time}, submit: {{id: {BASE + job}, tasks: {tasks}, run_time: {run}{limit_key}}}}}")
    return "\n".join(lines) + "\n"


def simulate(text: str, discipline: str) -> tuple[Simulator, list[SessionResult]]:
    sim = Simulator(replace(recording_from(yaml.safe_load(text), "test.yaml"), discipline=discipline))
    results = [r for r in sim.reports() if isinstance(r, SessionResult)]
    return sim, results


def starts(text: str, discipline: str) -> dict[int, float | None]:
    """Each job N's start time (None: never started)."""
    sim, _ = simulate(text, discipline)
    return {jid.job - BASE: rec.start_time for jid, rec in sorted(sim.jobs.records.items(), key=lambda kv: kv[0].job)}


def reasons_at(text: str, discipline: str, job: int, round_no: int) -> set[tuple[str, str]]:
    """The (code, detail) pairs of job N's pend in round `round_no`."""
    _, results = simulate(text, discipline)
    for r in results:
        if r.job.job == BASE + job and r.round == round_no:
            return {(x.code.value, x.detail) for x in r.outcome.reasons}
    raise AssertionError(f"job {job} was not decided in round {round_no}")
