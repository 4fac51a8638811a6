"""A non-interactive replay: run to the end, writing --sim-output and the log, then verify."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from refsim.model.resources import SLOTS
from refsim.model.units import Amount, format_number
from refsim.sched.results import HeldCount, KnownOutcomes
from refsim.sim.collection import rare_full_collections
from refsim.sim.jobtable import JobTable
from refsim.sim.load import load_recording, recording_from
from refsim.sim.outputs import RecordSink, ReplayOutputs
from refsim.sim.paths import Named
from refsim.sim.reader import parse_text
from refsim.sim.recording import Recording
from refsim.sim.replay import ReplayEnded, ReplayWarning, Simulator, Statistics
from refsim.sim.verify import Mismatch, Verifier, summary

DEMO_NAME = "demo"


def demo_recording() -> Recording:
    """The built-in demo recording shipped in the package."""
    text = resources.files("refsim.sim").joinpath("demo.yaml").read_text(encoding="utf-8")
    return recording_from(parse_text(text, DEMO_NAME), DEMO_NAME)


def open_recording(path: str | None) -> Recording:
    return demo_recording() if path is None else load_recording(path)


def input_files(recording: Recording, verify: str | Path | None = None) -> list[Named]:
    """The files a run reads, which none of its outputs may be (the built-in demo is no file)."""
    files: list[Named] = [] if recording.source == DEMO_NAME else [("the recording", recording.source)]
    return files + ([("the --sim-verify file", verify)] if verify is not None else [])


@dataclass(frozen=True)
class BatchResult:
    statistics: Statistics
    warnings: tuple[ReplayWarning, ...]
    decisions: int  # decision records reported (dispatches, reconstructed ones included, and pends)
    compared: int | None  # decisions compared by --sim-verify, None without it
    mismatches: tuple[Mismatch, ...]
    jobs: JobTable | None = None  # the replay's job table at its end (for --schedule and --resources)
    began: float = 0.0  # the replay's first instant and
    slots: Amount = 0  # the cluster's slots at its end: its end record's start and slots


def run_batch(recording: Recording, output: str | Path | None = None, verify: str | Path | None = None,
              log: str | Path | None = None, verbosity: int = 0, sink: RecordSink | None = None,
              progress: Callable[[float], None] | None = None,
              on_record: RecordSink | None = None, pends_to_sink: bool = True) -> BatchResult:
    """Replay to the end. Expected decisions are read and every output path checked before anything is written,
    so a bad file changes nothing; an interrupt or failure leaves no partial --sim-output file. The expected
    decisions are compared as the replay goes and no record is kept, so memory does not grow with the decisions.
    `sink` is given every --sim-output record as it is reported, whether or not a file is written; `on_record` each
    decision record; `progress`, when given, is told the simulated time after each report. `pends_to_sink` False
    keeps pend records from the sink (metrics never read them; a loaded replay makes millions)."""
    verifier = Verifier.of_file(verify) if verify is not None else None
    outputs = ReplayOutputs.open(recording.source, input_files(recording, verify), output, log, verbosity, sink,
                                 verifier, keep_records=False, pends_to_sink=pends_to_sink, epoch=recording.epoch)
    outputs.listener = on_record
    simulator = Simulator(recording)
    outputs.attach(simulator)
    began = simulator.time
    # Sessions give runs of bucket hits in one piece; the outputs write and count them as one at a time. Only the
    # log and a caller's listener take each report as the simulator made it.
    compact = log is None and on_record is None
    # Without any output that reads a pend (metrics only), the jobs a discipline holds come as counts.
    bulk = compact and not outputs.reads_pends
    try:
        with rare_full_collections():  # the replay keeps what it makes to its end (collection.py)
            for report in simulator.reports(compact, bulk):
                if isinstance(report, HeldCount):
                    outputs.report_held(report)
                elif isinstance(report, KnownOutcomes):
                    outputs.report_known(report, simulator.time)
                else:
                    outputs.report(report, simulator.time)
                if progress is not None:
                    progress(simulator.time)
                if isinstance(report, ReplayEnded):
                    ended = report
    except BaseException:
        outputs.discard()
        raise
    outputs.close()
    mismatches = tuple(verifier.finish()) if verifier is not None else ()
    compared = verifier.compared if verifier is not None else None
    slots = sum(h.total(SLOTS) for h in simulator.state.cluster.hosts)  # as the end record counts them
    return BatchResult(ended.statistics, ended.warnings, outputs.decisions, compared, mismatches, simulator.jobs,
                       began, slots)


@dataclass(frozen=True)
class BatchSummary:
    """What a batch run prints at its end, rendered once by `lines`: the replay, its jobs and utilisation, then the
    metrics table a caller adds (`metrics`, the report's lines), the replay's warnings and the verification."""

    source: str
    statistics: Statistics
    warnings: tuple[ReplayWarning, ...] = ()
    compared: int | None = None  # decisions compared by --sim-verify, None without it
    mismatches: tuple[Mismatch, ...] = ()
    metrics: tuple[str, ...] = ()

    @classmethod
    def of(cls, recording: Recording, result: BatchResult) -> BatchSummary:
        return cls(recording.source, result.statistics, result.warnings, result.compared, result.mismatches)

    def lines(self) -> list[str]:
        st = self.statistics
        lines = [f"replay of {self.source}: {st.rounds} rounds, simulated time {format_number(st.time)}",
                 f"jobs: {st.submitted} submitted, {st.dispatched} dispatched, {st.finished} finished, "
                 f"{st.running} running, {st.pending} pending, {st.removed} removed",
                 f"utilisation: {st.utilisation * 100:.1f}%",
                 *self.metrics]
        lines += [f"warning: {w}" for w in self.warnings]
        if self.compared is not None:
            lines += summary(self.mismatches)
            verdict = f"{len(self.mismatches)} mismatches" if self.mismatches else "no mismatch"
            lines.append(f"verify: {self.compared} decisions compared, {verdict}")
        return lines


    def data(self) -> dict[str, object]:
        """The same as JSON-ready data (the metrics a caller adds under "metrics"): utilisation as a fraction,
        times in seconds, the verification null without --sim-verify."""
        st = self.statistics
        verify = None if self.compared is None else {
            "compared": self.compared, "mismatches": len(self.mismatches),
            "first": [str(m) for m in self.mismatches[:MAX_LISTED_MISMATCHES]]}
        return {"source": self.source, "rounds": st.rounds, "time": st.time,
                "jobs": {"submitted": st.submitted, "dispatched": st.dispatched, "finished": st.finished,
                         "running": st.running, "pending": st.pending, "removed": st.removed},
                "utilisation": st.utilisation, "warnings": [str(w) for w in self.warnings], "verify": verify}


MAX_LISTED_MISMATCHES = 20  # mismatches named in the JSON summary; --verify-report writes them all


def summary_lines(recording: Recording, result: BatchResult) -> list[str]:
    """The summary of a batch run without metrics."""
    return BatchSummary.of(recording, result).lines()
