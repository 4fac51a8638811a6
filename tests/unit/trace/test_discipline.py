"""The discipline section: bounded with the requirement, plan and host sections (spec 9.1-9.3), kept by the trace
store, and never built when tracing is off."""

from __future__ import annotations

import yaml

from refsim.repl.console import Console
from refsim.sched import session
from refsim.sim.load import recording_from
from refsim.sim.replay import Simulator
from refsim.trace.store import canonical_bytes, trace_from_bytes

# 60 one-slot hosts. Job 1 takes one until 100; job 2 needs all 60. Under easy, job 2 is blocked at 0 and reserves
# from job 1's end at 100. At level full its first plan lists all 60 hosts, so its bounded sections pass 50 lines.
WIDE = {
    "scheduling": {"discipline": "easy"},
    "cluster": {"hosts": [{"name": f"h{i:02d}", "slots": 1} for i in range(1, 61)]},
    "events": [{"time": 0, "submit": {"id": 1, "tasks": 1, "run_time": 100, "run_limit": 100}},
               {"time": 0, "submit": {"id": 2, "tasks": 60, "run_time": 10, "run_limit": 10}}],
}


def _trace_lines(lines_bound: int, text: dict = WIDE) -> list[str]:
    out: list[str] = []
    console = Console(recording_from(text, "wide.yaml"), out.append)
    for command in (f"trace on 2 level full lines {lines_bound}", "step 2"):
        console.execute(command)
    console.close()
    block = "\n".join(out).split("  trace of 2: round 1")[1].splitlines()
    return [line for line in block[1:] if line.startswith("  ")]


def _bounded(lines: list[str]) -> list[str]:
    """The lines between the selection and the outcome (the discipline, requirement, plan and host sections)."""
    start = next(i for i, line in enumerate(lines) if line.startswith("  discipline "))
    end = next(i for i, line in enumerate(lines) if line.startswith(("  outcome:", "  trace truncated")))
    return lines[start:end]


def test_the_discipline_section_counts_towards_the_line_bound_and_comes_first():
    whole = _bounded(_trace_lines(100000))
    capped_trace = _trace_lines(50)
    capped = _bounded(capped_trace)
    assert len(whole) > 50  # the bound is really reached
    assert len(capped) == 50 and capped == whole[:50]  # the discipline section first, then the body, cut at 50
    assert capped[0].startswith("  discipline easy at t=0")
    omitted = len(whole) - 50
    assert f"  trace truncated: {omitted} lines omitted (bound 50 lines)" in capped_trace
    totals = next(line for line in capped_trace if line.startswith("  decision totals:"))
    # Job 1's end is the one release; EASY has no earlier reservations nor independent planned starts.
    assert totals.endswith("; discipline: running jobs released 1, earlier backfill reservations 0, jobs ahead 0")


def test_the_store_keeps_the_discipline_section_and_greedy_traces_keep_their_bytes():
    console = Console(recording_from(WIDE, "wide.yaml"), lambda _line: None)
    console.execute("trace on 2 lines 50")
    console.execute("step 2")
    trace = console.tracing.store.get(next(j for j in console.sim.jobs.records if j.job == 2))
    assert trace.discipline and trace.totals.discipline
    assert trace_from_bytes(canonical_bytes(trace)) == trace
    greedy = {**WIDE, "scheduling": {"discipline": "greedy"}}
    console = Console(recording_from(greedy, "wide.yaml"), lambda _line: None)
    console.execute("trace on 2 lines 50")
    console.execute("step 2")
    trace = console.tracing.store.get(next(j for j in console.sim.jobs.records if j.job == 2))
    assert b"discipline" not in canonical_bytes(trace)
    assert trace_from_bytes(canonical_bytes(trace)) == trace


def test_with_tracing_off_no_discipline_event_is_built(monkeypatch):
    def refuse(*_args):
        raise AssertionError("a discipline event was built with tracing off")

    monkeypatch.setattr(session, "explain", refuse)
    text = yaml.safe_dump(WIDE)
    sim = Simulator(recording_from(yaml.safe_load(text), "wide.yaml"))
    assert sum(1 for _ in sim.reports()) > 0


def test_a_start_moved_to_the_reservations_allocation_marks_the_built_plan():
    """Conservative starts a job on its reservation's allocation (h2) when the allocator's first fit on the
    current state (h1) differs: the verdict says so and the plan built on h1 reads built, not started."""
    from refsim.model.jobid import JobId
    from refsim.sched import events as e
    from refsim.sched.decisions import Allocation, Dispatch, HostAllocation
    from refsim.sched.results import StartRule
    from refsim.trace.collector import Collector
    from refsim.trace.records import Line
    from refsim.trace.settings import Level
    from refsim.trace.text import text_trace
    from tests.support.scenario import cluster, host

    on_h2 = Allocation((HostAllocation("h2", (("slots", 1),)),))
    conservative = e.DisciplineTraits(False, False, True, False)
    event = e.DisciplineRuled("conservative", conservative, 0.0, 10.0, True, Dispatch(JobId(3), on_h2), True,
                              StartRule.PLANNED_NOW, e.ReservationFound(0.0, 10.0, on_h2, ()), (), False, None, None,
                              None)
    collector = Collector(JobId(3), Level.SUMMARY, 100)
    plan = e.Plan(1, (1,))
    for sent in (e.JobSelected(1, 1, JobId(3)), e.PlanTried((), plan), e.PlanCommitted((), plan), event):
        collector.event(sent)
    trace = text_trace(collector.record(), cluster(host("h1"), host("h2")))
    assert trace.body[1] == Line(2, ("plan 1: built, not started: the job started on the allocation the discipline "
                                     "found; no further plans tried",))
    verdict = trace.discipline[-1].parts[0]
    assert verdict == ("verdict: backfilled: its earliest backfill reservation starts now, on the allocation it "
                       "found (not the one built on the current state)")
