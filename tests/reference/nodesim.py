"""An independent node-count simulator of refsim's dispatching disciplines, for differential tests.

It shares no code with refsim: jobs ask for a number of interchangeable nodes, and every rule is written
again from docs/disciplines.md in the plainest form (counts of free nodes, lists of intervals). At each
instant, completions apply first, then arrivals, then one session if anything happened; a job started with a
zero run completes at the same instant and earns another session there. Jobs are taken in submit order, then
by id. A job holds its nodes on [start, start + min(run, limit)); planning uses the limit only."""

from __future__ import annotations

from dataclasses import dataclass

INF = float("inf")


@dataclass(frozen=True)
class NodeJob:
    id: int
    submit: float
    nodes: int
    run: float
    limit: float | None  # None: no run limit

    @property
    def runs_for(self) -> float:
        return self.run if self.limit is None else min(self.run, self.limit)


@dataclass
class Running:
    job: NodeJob
    start: float

    @property
    def planned_end(self) -> float:
        return INF if self.job.limit is None else self.start + self.job.limit

    @property
    def end(self) -> float:
        return self.start + self.job.runs_for


def simulate(jobs: list[NodeJob], total: int, discipline: str) -> dict[int, float | None]:
    """Each job's start time under `discipline` (None: never started)."""
    arrivals = sorted(jobs, key=lambda j: (j.submit, j.id))
    starts: dict[int, float | None] = {j.id: None for j in jobs}
    running: list[Running] = []
    waiting: list[NodeJob] = []
    session = SESSIONS[discipline]
    while arrivals or running:
        now = min([r.end for r in running] + [a.submit for a in arrivals[:1]])
        running = [r for r in running if r.end > now]
        while arrivals and arrivals[0].submit == now:
            waiting.append(arrivals.pop(0))
        waiting.sort(key=lambda j: (j.submit, j.id))
        for job in session(now, total, running, list(waiting)):
            starts[job.id] = now
            running.append(Running(job, now))
            waiting.remove(job)
    return starts


def _free(total: int, running: list[Running]) -> int:
    return total - sum(r.job.nodes for r in running)


def _shadow(now: float, total: int, running: list[Running], nodes: int) -> float | None:
    """When `nodes` nodes are first free if running jobs end at their planned ends; None: never."""
    free = _free(total, running)
    if free >= nodes:
        return now
    for r in sorted(running, key=lambda r: r.planned_end):
        if r.planned_end == INF:
            return None
        free += r.job.nodes
        if free >= nodes:
            return r.planned_end
    return None


def greedy(now, total, running, waiting):
    started, free = [], _free(total, running)
    for job in waiting:
        if job.nodes <= free:
            started.append(job)
            free -= job.nodes
    return started


def strict(now, total, running, waiting):
    started, free = [], _free(total, running)
    for job in waiting:
        if job.nodes > free:
            break
        started.append(job)
        free -= job.nodes
    return started


def _easy(now, total, running, waiting, textbook: bool):
    running = list(running)
    started, free = [], _free(total, running)
    shadow = extra = None
    for job in waiting:
        if shadow is None:
            if job.nodes <= free:
                started.append(job)
                running.append(Running(job, now))
                free -= job.nodes
                continue
            shadow = _shadow(now, total, running, job.nodes)
            if shadow is not None:
                freed = sum(r.job.nodes for r in running if r.planned_end <= shadow)
                extra = free + freed - job.nodes
            continue
        if job.nodes > free or job.limit is None:
            continue
        ends = now + job.limit
        if ends < shadow or (textbook and ends == shadow):
            started.append(job)
            free -= job.nodes
        elif textbook and job.nodes <= extra:
            started.append(job)
            free -= job.nodes
            extra -= job.nodes
    return started


def easy(now, total, running, waiting):
    return _easy(now, total, running, waiting, textbook=True)


def easy_drevt(now, total, running, waiting):
    return _easy(now, total, running, waiting, textbook=False)


def _least_free(total: int, held: list[tuple[float, float, int]], start: float, end: float) -> int:
    """The fewest free nodes at any instant of [start, end), given (from, to, nodes) holdings."""
    instants = [start] + [a for a, _, _ in held if start < a < end]
    return min(total - sum(n for a, b, n in held if a <= t < b) for t in instants)


def conservative(now, total, running, waiting):
    held = [(r.start, r.planned_end, r.job.nodes) for r in running]
    started, someone_waits = [], False
    for job in waiting:
        length = INF if job.limit is None else job.limit
        fits = job.nodes <= _free(total, running) - sum(j.nodes for j in started)
        options = ([now] if fits else []) + sorted({b for _, b, _ in held if now < b < INF})
        planned = next((s for s in options if _least_free(total, held, s, s + length) >= job.nodes), None)
        if planned == now and fits and (job.limit is not None or not someone_waits):
            started.append(job)
            held.append((now, now + length, job.nodes))
            continue
        if planned is not None:
            held.append((planned, planned + length, job.nodes))
        if fits or planned is not None:
            someone_waits = True
    return started


def conservative_drevt(now, total, running, waiting):
    running = list(running)
    started, ahead = [], []
    for job in waiting:
        free = _free(total, running)
        fits = job.nodes <= free
        if fits and not ahead:
            started.append(job)
            running.append(Running(job, now))
            continue
        if fits and job.limit is not None:
            ends = now + job.limit
            shadows = [_shadow(now, total, running, a.nodes) for a in ahead]
            if all(s is None or ends < s for s in shadows):
                started.append(job)
                running.append(Running(job, now))
                continue
        if fits or _shadow(now, total, running, job.nodes) is not None:
            ahead.append(job)
    return started


SESSIONS = {"greedy": greedy, "strict": strict, "easy": easy, "easy-drevt": easy_drevt,
            "conservative": conservative, "conservative-drevt": conservative_drevt}
