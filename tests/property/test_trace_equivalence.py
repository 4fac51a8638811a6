"""Spec 10: tracing changes nothing, under every dispatching discipline. Generated recordings are replayed in the console with tracing off and with
generated trace settings on; decisions, allocations, pend reasons, --sim-output, snapshots, final accounting, job
states and --sim-verify must all be the same. Also: with tracing off again, the console prints the same."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from refsim.repl.console import Console
from refsim.repl.snapshot import snapshot_document
from refsim.sched.disciplines import DISCIPLINES
from refsim.sim.recording import Event, Recording, Remove, Sessions, SessionPolicy, Submit
from steps.transcripts import untraced_view
from tests.support.strategies import clusters, jobs


@st.composite
def recordings(draw) -> Recording:
    """Under every dispatching discipline, with run limits (some shorter than the run time, some absent) so
    that the backfilling disciplines reserve, backfill and hold jobs back."""
    cluster = draw(clusters())
    job_list = [replace(j, run_limit=draw(st.sampled_from([None, 3, 5, 10, 20]))) for j in draw(jobs())]
    events = [Event(float(j.submit_time), Submit(j)) for j in sorted(job_list, key=lambda j: j.submit_time)]
    for job in draw(st.lists(st.sampled_from(job_list), max_size=2, unique_by=lambda j: j.id)):
        events.append(Event(float(draw(st.integers(6, 9))), Remove(job.id)))
    return Recording(cluster, tuple(events), Sessions(SessionPolicy.AFTER_EVENTS),
                     discipline=draw(st.sampled_from(list(DISCIPLINES))))


@st.composite
def trace_commands(draw, recording: Recording) -> str:
    ids = sorted({str(e.action.job.id) for e in recording.events if isinstance(e.action, Submit)})
    selection = draw(st.one_of(st.just("all"), st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True)
                               .map(" ".join)))
    level = draw(st.sampled_from(["summary", "full"]))
    lines = draw(st.sampled_from([50, 60, 1000]))
    return f"trace on {selection} level {level} lines {lines}"


def _run(recording: Recording, script: list[str], folder: Path, name: str, verify: Path | None = None):
    """Run a script; the replies of `why` commands are left out of the lines returned."""
    lines: list[str] = []
    console = Console(recording, lines.append, output=str(folder / f"{name}.jsonl"),
                      verify=str(verify) if verify is not None else None)
    for line in script:
        before = len(lines)
        console.execute(line)
        if line.startswith("why "):
            assert lines[before].startswith(f"why {line.split()[1]}")
            del lines[before:]
    console.close()
    snapshot = snapshot_document(console.sim)
    snapshot.pop("written")
    records = (folder / f"{name}.jsonl").read_text().splitlines()[1:]
    return lines, records, snapshot, console


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_tracing_changes_no_decision_output_snapshot_or_verification(data):
    recording = data.draw(recordings())
    command = data.draw(trace_commands(recording))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if data.draw(st.booleans()):
            command += f" json {folder / 'trace.jsonl'}"
        _, plain_records, plain_snapshot, plain = _run(recording, ["continue"], folder, "plain")
        lines, traced_records, traced_snapshot, traced = _run(recording, [command, "continue"], folder, "traced",
                                                              verify=folder / "plain.jsonl")
        assert "verify: no mismatch" in lines
        # Every traced dispatch or pend has one discipline section, except under greedy, which has none.
        decided = sum(1 for line in lines if line.startswith(("  outcome: dispatched", "  outcome: pended")))
        sections = sum(1 for line in lines if line.startswith("  discipline "))
        assert sections == (0 if recording.discipline == "greedy" else decided)
        assert traced_records == plain_records
        assert traced_snapshot == plain_snapshot
        assert traced.outputs.records == plain.outputs.records
        assert traced.sim.state.usage.snapshot() == plain.sim.state.usage.snapshot()
        assert {j: r.state for j, r in traced.sim.jobs.records.items()} == \
            {j: r.state for j, r in plain.sim.jobs.records.items()}


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_with_tracing_off_the_output_is_unchanged(data):
    # Tracing a job that is never submitted, then turning it off: nothing may differ but the commands' replies.
    recording = data.draw(recordings())
    steps = data.draw(st.lists(st.sampled_from(["step", "step 3", "continue", "info round", "info job 100"]),
                               min_size=1, max_size=6))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        plain, *_ = _run(recording, steps, folder, "plain")
        cut = data.draw(st.integers(0, len(steps)))
        script = steps[:cut] + ["trace on 99999 level full", "trace off"] + steps[cut:]
        traced, *_ = _run(recording, script, folder, "traced")
        replies = {"trace on for jobs 99999, level full, at most 1000 lines per decision (from the next session)",
                   "trace off (from the next session)"}
        assert [line for line in traced if line not in replies] == plain


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_traces_only_add_lines_in_step_mode(data):
    # Real traces this time: trace on and off pairs around step and info commands. Taking away the trace blocks and
    # the trace commands' replies must leave exactly the untraced output (spec 10.4 and 10.5 for step mode, where
    # no collapsed range is involved).
    recording = data.draw(recordings())
    steps = data.draw(st.lists(st.sampled_from(["step", "step 2", "info round", "info job 101", "info job 100[1]"]),
                               min_size=1, max_size=8))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        plain, *_ = _run(recording, steps, folder, "plain")
        script = list(steps)
        for _ in range(data.draw(st.integers(1, 2))):
            at = data.draw(st.integers(0, len(script)))
            script[at:at] = [data.draw(trace_commands(recording))]
        if data.draw(st.booleans()):
            script.insert(data.draw(st.integers(0, len(script))), "trace off")
        traced, *_ = _run(recording, script, folder, "traced")
        assert untraced_view(traced) == plain


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_why_changes_nothing(data):
    # Any number of dry runs at any stop: the output less their replies, the decisions, the snapshot, the
    # accounting, the trace store and the trace files are those of the same script without them.
    recording = data.draw(recordings())
    ids = sorted({str(e.action.job.id) for e in recording.events if isinstance(e.action, Submit)})
    steps = data.draw(st.lists(st.sampled_from(["step", "step 2", "continue", "info job 100", "info trace 100"]),
                               min_size=1, max_size=6))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = [f"trace on all file {folder}/plain.txt json {folder}/plain.json"] if data.draw(st.booleans()) else []
        plain, plain_records, plain_snapshot, plain_console = _run(recording, base + steps, folder, "plain")
        script = list(steps)
        for _ in range(data.draw(st.integers(1, 4))):
            level = data.draw(st.sampled_from(["", " level full", " level summary"]))
            script.insert(data.draw(st.integers(0, len(script))), f"why {data.draw(st.sampled_from(ids))}{level}")
        base = [b.replace("plain.", "why.") for b in base]
        lines, records, snapshot, console = _run(recording, base + script, folder, "why")
        assert [line.replace("/why.", "/plain.") for line in lines] == plain
        assert records == plain_records and snapshot == plain_snapshot
        assert console.sim.state.usage.snapshot() == plain_console.sim.state.usage.snapshot()
        assert console.tracing.store.used == plain_console.tracing.store.used
        for suffix in ("txt", "json") if base else ():
            assert (folder / f"why.{suffix}").read_bytes() == (folder / f"plain.{suffix}").read_bytes()
