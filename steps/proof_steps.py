"""Steps for the trace's guarantees: nothing changes with tracing on (R10), and the live scheduler and batch runs
never trace (R11). Command lines run refsim itself, black-box; steps marked white-box look inside."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml
from pytest_bdd import parsers, then, when

from steps.drivers import ROOT, Transcript
from steps.repl_steps import _fill
from steps.transcripts import untraced_view
from steps.cases import BASELINE, run_case


def _records(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()[1:]  # the header holds the wall-clock write time


def _snapshot(path: Path) -> dict:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    document.pop("written")
    return document


@then(parsers.parse("tracing {selection} at level {level} changes no decision, snapshot or verification"))
def tracing_changes_nothing(driver, recording, selection: str, level: str, tmp_path: Path):
    plain = driver.run(recording, ["--sim-output", str(tmp_path / "plain.jsonl")],
                       ["continue", f"snapshot {tmp_path / 'plain.yaml'}"])
    traced = driver.run(recording, ["--sim-output", str(tmp_path / "traced.jsonl"),
                                    "--sim-verify", str(tmp_path / "plain.jsonl")],
                        [f"trace on {selection} level {level} lines 50", "continue",
                         f"snapshot {tmp_path / 'traced.yaml'}"])
    assert "  trace of " in traced.output and "  trace of " not in plain.output
    assert _records(tmp_path / "traced.jsonl") == _records(tmp_path / "plain.jsonl")
    assert _snapshot(tmp_path / "traced.yaml") == _snapshot(tmp_path / "plain.yaml")
    assert "verify: no mismatch" in traced.lines


@then("apart from the trace commands' replies and the traces, the output is that of the commands without them")
def same_output_without_trace(driver, recording, options, transcript, docstring: str, tmp_path: Path):
    script = [line for line in _fill(docstring, tmp_path).splitlines() if not line.startswith("trace ")]
    plain = driver.run(recording, options, script)
    assert untraced_view(transcript.lines) == plain.lines
    assert any(line.startswith("  trace of ") for line in transcript.lines), "nothing was traced"


@then(parsers.parse('the baseline case "{name}" replays unchanged'))
def baseline_unchanged(driver, name: str):
    assert run_case(BASELINE / name, driver) == (BASELINE / name / "expected.txt").read_text(encoding="utf-8")


@when(parsers.parse('I run refsim with "{args}"'), target_fixture="transcript")
def run_refsim(args: str, tmp_path: Path, docstring: str | None = None):
    done = subprocess.run([sys.executable, "-m", "refsim.cli", *_fill(args, tmp_path).split()], cwd=ROOT,
                          input=docstring or "", capture_output=True, text=True, timeout=120)
    return Transcript(done.stdout + done.stderr, done.returncode)


@when(parsers.parse('I run refsim with "{args}" and the input:'), target_fixture="transcript")
def run_refsim_with_input(args: str, docstring: str, tmp_path: Path):
    return run_refsim(args, tmp_path, docstring)


@then(parsers.parse('the live transcript "{case}" is answered as recorded'))
def live_transcript(case: str):
    """golden/live was recorded before protocol 2: protocol 1 answers as then, byte for byte (docs/live.md)."""
    command = [sys.executable, "-m", "refsim.cli", "live", "examples/live/cluster.yaml", "--protocol", "1"]
    done = subprocess.run(command, cwd=ROOT,
                          input=(ROOT / f"golden/live/{case}.in.jsonl").read_text(), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout == (ROOT / f"golden/live/{case}.out.jsonl").read_text()


@then("no reply mentions a trace")
def no_trace_in_replies(transcript):
    for line in transcript.lines:
        reply = json.loads(line)
        assert reply["type"] != "trace" and "trace of" not in line


@then(parsers.parse('running "{what}" in this process builds no trace collector'))
def no_collector_built(what: str, monkeypatch):
    from refsim.trace import collector as module

    built = []
    original = module.Collector.__init__

    def counting(self, *args, **kwargs):
        built.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(module.Collector, "__init__", counting)
    if what == "the live transcripts":
        from refsim.sim.live import serve
        from refsim.sim.load import load_recording
        cluster = load_recording(ROOT / "examples/live/cluster.yaml").cluster
        for case in sorted((ROOT / "golden/live").glob("*.in.jsonl")):
            list(serve(cluster, case.read_text().splitlines(), protocol=1))
    else:
        from refsim.sim.batch import demo_recording, run_batch
        run_batch(demo_recording())
    assert built == []

