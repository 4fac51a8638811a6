"""A non-interactive replay: run to the end, writing --sim-output and the log, then verify."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from refsim.sim.load import load_recording, recording_from
from refsim.sim.log import SchedulerLog
from refsim.sim.outputs import ReplayOutputs
from refsim.sim.reader import parse_text
from refsim.sim.recording import Recording
from refsim.sim.replay import ReplayEnded, Simulator, Statistics
from refsim.sim.verify import Mismatch, Verifier

DEMO_NAME = "demo"


def demo_recording() -> Recording:
    """The built-in demo recording shipped in the package."""
    text = resources.files("refsim.sim").joinpath("demo.yaml").read_text(encoding="utf-8")
    return recording_from(parse_text(text, DEMO_NAME), DEMO_NAME)


def open_recording(path: str | None) -> Recording:
    return demo_recording() if path is None else load_recording(path)


@dataclass(frozen=True)
class BatchResult:
    statistics: Statistics
    warnings: tuple[str, ...]
    decisions: int  # decision records reported (dispatches, reconstructed ones included, and pends)
    compared: int | None  # decisions compared by --sim-verify, None without it
    mismatches: tuple[Mismatch, ...]


def run_batch(recording: Recording, output: str | Path | None = None, verify: str | Path | None = None,
              log: str | Path | None = None, verbosity: int = 0,
              on_record: Callable[[dict], None] | None = None) -> BatchResult:
    """Replay to the end. The expected decisions are validated before anything is written, so a bad file changes
    nothing; they are compared as the replay goes, and no record is kept (`on_record` sees each one)."""
    verifier = Verifier.of_file(verify) if verify is not None else None
    outputs = ReplayOutputs(recording.source, output, SchedulerLog(log, verbosity) if log is not None else None,
                            verifier, keep_records=False)
    if on_record is not None:
        outputs.listener = on_record
    simulator = Simulator(recording)
    try:
        for report in simulator.reports():
            outputs.report(report, simulator.time)
            if isinstance(report, ReplayEnded):
                ended = report
    finally:
        outputs.close()
    mismatches = tuple(verifier.finish()) if verifier is not None else ()
    compared = verifier.compared if verifier is not None else None
    return BatchResult(ended.statistics, ended.warnings, outputs.decisions, compared, mismatches)


def summary_lines(recording: Recording, result: BatchResult) -> list[str]:
    st = result.statistics
    lines = [f"replay of {recording.source}: {st.rounds} rounds, simulated time {st.time:g}",
             f"jobs: {st.submitted} submitted, {st.dispatched} dispatched, {st.finished} finished, "
             f"{st.running} running, {st.pending} pending, {st.removed} removed",
             f"utilisation: {st.utilisation * 100:.1f}%"]
    lines += [f"warning: {w}" for w in result.warnings]
    if result.compared is not None:
        lines += [f"mismatch: {m}" for m in result.mismatches]
        verdict = f"{len(result.mismatches)} mismatches" if result.mismatches else "no mismatch"
        lines.append(f"verify: {result.compared} decisions compared, {verdict}")
    return lines
