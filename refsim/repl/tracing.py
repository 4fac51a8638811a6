"""The console's side of the decision trace: settings for the next session and for the one in progress, the
collectors of the session, the store for recall, and the trace files."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from refsim.errors import RefsimError
from refsim.model.cluster import Cluster
from refsim.model.jobid import JobId, format_job_ids
from refsim.model.jobs import JobState
from refsim.model.units import UnitsMode
from refsim.sched.results import SessionResult
from refsim.sched.session import ObserverFactory
from refsim.sim.jobtable import JobRecord, JobTable
from refsim.sim.replay import Reconstructed
from refsim.trace.collector import Collector
from refsim.trace.decision import ReconstructedRecord, TracedRecord
from refsim.trace.filecopy import Identity, TraceFile, identity
from refsim.trace.jsontrace import Obj, json_line, trace_object
from refsim.trace.records import Trace
from refsim.trace.render import Renderer, render
from refsim.trace.settings import OFF, TraceSettings
from refsim.trace.store import TraceStore, bound_from_environment
from refsim.trace.text import text_trace


class TraceFileError(RefsimError):
    """A trace file that cannot be used; the message names it and why."""


@dataclass(frozen=True)
class CopyFailure:
    """A trace file that could not be written (a full disk): which file and why. Copying to it has stopped."""

    path: str
    reason: str


class _Capture:
    """One traced job of the session: sched's observer for it while it is decided, then its JSON object (when the
    session writes a JSON file) until its trace is shown."""

    def __init__(self, collector: Collector | None) -> None:
        self.collector = collector
        self.json_ready: Obj | None = None


class Tracing:
    def __init__(self, cluster: Callable[[], Cluster], in_session: Callable[[], bool]) -> None:
        self.cluster = cluster
        self.in_session = in_session  # the simulator's: whether a session is in progress
        self.next: TraceSettings = OFF      # what the next session will use
        self.session: TraceSettings = OFF   # what the session in progress began with
        self.store = TraceStore(bound_from_environment())
        self._render = Renderer()  # inline traces repeat many lines: each distinct line is rendered once
        self.files: dict[str, TraceFile] = {}
        self._kinds: dict[str, str] = {}  # path -> "file" or "json": what an open trace file receives
        self._captures: dict[JobId, _Capture] = {}  # the session's traced jobs, from selection until shown

    # --- settings ----------------------------------------------------------------------------------------------

    def replace(self, settings: TraceSettings, reserved: list[Identity]) -> None:
        """Make `settings` the next session's, opening its files first; TraceFileError changes nothing.
        `reserved` are the files they must not be (the simulation output and the log)."""
        wanted = [(settings.file, "file"), (settings.json, "json")]
        for path, kind in wanted:
            if path is not None and self._kinds.get(path, kind) != kind:
                raise TraceFileError(f"trace on: {kind} {path} is open as a {self._kinds[path]} trace file")
            existing = identity(path) if path is not None and path not in self.files else None
            if existing is not None and existing in reserved:
                raise TraceFileError(f"trace on: {kind} {path} is the simulation output or log file")
        if settings.file is not None and settings.json is not None:
            same = identity(settings.file)
            if same is not None and same == identity(settings.json):
                raise TraceFileError(f"trace on: file {settings.file} and json {settings.json} are the same file")
        opened: list[tuple[str, bool]] = []  # (path, whether opening it created the file)
        for path, kind in wanted:
            if path is None or path in self.files:
                continue
            created = not os.path.lexists(path)
            try:
                self.files[path], self._kinds[path] = TraceFile(path), kind
                opened.append((path, created))
            except OSError as exc:
                for done, new in opened:  # a refused command leaves nothing open, nor any file, that it made
                    self.files.pop(done).close()
                    self._kinds.pop(done)
                    if new:
                        os.remove(done)
                raise TraceFileError(f"trace on: cannot open {kind} {path}: {exc.strerror}") from None
        self.next = settings
        self.close_unused()

    def close_unused(self) -> None:
        """Close every file neither the next session nor the session in progress writes to."""
        wanted = set(self.next.paths()) | (set(self.session.paths()) if self.in_session() else set())
        for path in [p for p in self.files if p not in wanted]:
            self.files.pop(path).close()
            self._kinds.pop(path, None)

    def close_all(self) -> None:
        for file in self.files.values():
            file.close()
        self.files.clear()
        self._kinds.clear()

    def open_identities(self) -> list[Identity]:
        return [f.identity for f in self.files.values()]

    # --- sessions and collection -------------------------------------------------------------------------------

    def session_started(self, round_no: int) -> ObserverFactory | None:
        """The settings in force now hold for the whole session; the observer factory, or None."""
        self.session, self._captures = self.next, {}
        return self._collector_for if self.session.enabled else None

    def session_ended(self) -> None:
        self.close_unused()

    def _collector_for(self, job: JobId) -> Collector | None:
        if not self.session.traces(job):
            return None
        collector = Collector(job, self.session.level, self.session.lines)
        self._captures[job] = _Capture(collector)
        return collector

    def trace_of(self, report: Reconstructed | SessionResult) -> Trace | None:
        """The text trace of a reported decision or no-decision, if its job is traced in this session; its JSON
        object waits for the trace to be shown."""
        record: TracedRecord
        if isinstance(report, Reconstructed):
            if not self.session.traces(report.job):
                return None
            capture = self._captures[report.job] = _Capture(None)
            record = ReconstructedRecord(report.job, report.round, self.session.level, self.session.lines,
                                         report.allocation)
        else:
            found = self._captures.get(report.job)
            if found is None or found.collector is None:
                return None
            capture, record = found, found.collector.record()
            capture.collector = None  # collected
        if self.session.json is not None:
            capture.json_ready = trace_object(record)
        return text_trace(record, self.cluster())

    def shown(self, trace: Trace, units: UnitsMode) -> tuple[list[str], list[CopyFailure]]:
        """Lines of a trace printed inline: stored for recall and appended to the session's files. A file that
        cannot be written is closed and named in the failures; the other file and the session go on."""
        lines = self._render(trace, units)
        self.store.put(trace)
        capture = self._captures.pop(trace.job, None)
        obj = capture.json_ready if capture is not None else None
        copies = [(self.session.file, lines), (self.session.json, [json_line(obj)] if obj is not None else [])]
        failures = [failure for path, written in copies if path is not None and path in self.files and written
                    for failure in self._copy(path, written)]
        return lines, failures

    def _copy(self, path: str, lines: list[str]) -> list[CopyFailure]:
        try:
            self.files[path].write(lines)
            return []
        except OSError as exc:
            try:
                self.files.pop(path).close()
            except OSError:
                pass  # the close flushes into the same full disk
            self._kinds.pop(path, None)
            return [CopyFailure(path, exc.strerror or str(exc))]

    # --- status and recall -------------------------------------------------------------------------------------

    def status_lines(self) -> list[str]:
        if self.in_session():
            lines = [f"in effect for the session in progress: trace {self.session.describe()}"]
            if self.next != self.session:
                lines.append(f"from the next session: trace {self.next.describe()}")
        else:
            lines = [f"for the next session: trace {self.next.describe()}"]
        lines.append(f"trace store: {self.store.used} of {self.store.bound} bytes used, {len(self.store)} trace{'' if len(self.store) == 1 else 's'} "
                     f"stored, {self.store.discarded_count} discarded")
        return lines

    def recall_lines(self, selector: JobId, jobs: JobTable, units: UnitsMode) -> list[str]:
        records = jobs.matching(selector)
        if not records:
            return [f"job {selector}: unknown; no trace available"]
        if len(records) == 1 and records[0].job.id == selector:
            return self._recall_one(records[0], units)
        stored = [r for r in records if self.store.get(r.job.id) or self.store.was_discarded(r.job.id)]
        if not stored:
            lines = [f"array {selector}: no element has a stored trace"]
            return lines + [f"  job {format_job_ids([r.job.id])}: {r.describe()}" for r in records]
        return [line for r in stored for line in self._recall_one(r, units)]

    def _recall_one(self, record: JobRecord, units: UnitsMode) -> list[str]:
        job = record.job.id
        trace = self.store.get(job)
        if trace is not None:
            return render(trace, units)
        if self.store.was_discarded(job):
            return [f"job {format_job_ids([job])}: its trace was discarded under the trace store's memory bound"]
        line = f"job {format_job_ids([job])}: no trace available; the job is {record.describe()}"
        if record.state is JobState.PENDING:
            ids = format_job_ids([job])
            line += f"; 'why {ids}' explains it now, 'trace on {ids}' from the next session"
        return [line]
