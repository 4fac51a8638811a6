"""The console's side of the decision trace: settings for the next session and for the one in progress, the
collectors of the session, the store for recall, and the trace files."""

from __future__ import annotations

from collections.abc import Callable

from refsim.model.cluster import Cluster
from refsim.model.jobid import JobId, format_job_ids
from refsim.model.units import UnitsMode
from refsim.sched.decisions import SessionResult
from refsim.sim.jobtable import JobTable
from refsim.sim.replay import Reconstructed
from refsim.trace.collector import Collector, reconstructed_trace
from refsim.trace.filecopy import Identity, TraceFile, identity
from refsim.trace.records import Trace
from refsim.trace.render import render
from refsim.trace.settings import OFF, TraceSettings
from refsim.trace.store import TraceStore, bound_from_environment


class TraceFileError(Exception):
    """A trace file that cannot be used; the message names it and why."""


class Tracing:
    def __init__(self, cluster: Callable[[], Cluster], in_session: Callable[[], bool]) -> None:
        self.cluster = cluster
        self.in_session = in_session  # the simulator's: whether a session is in progress
        self.next: TraceSettings = OFF      # what the next session will use
        self.session: TraceSettings = OFF   # what the session in progress began with
        self.store = TraceStore(bound_from_environment())
        self.files: dict[str, TraceFile] = {}
        self._collectors: dict[JobId, Collector] = {}

    # --- settings ----------------------------------------------------------------------------------------------

    def replace(self, settings: TraceSettings, reserved: list[Identity]) -> None:
        """Make `settings` the next session's, opening its file first; TraceFileError changes nothing.
        `reserved` are the files it must not be (the simulation output and the log)."""
        if settings.file is not None and settings.file not in self.files:
            existing = identity(settings.file)
            if existing is not None and existing in reserved:
                raise TraceFileError(f"trace on: file {settings.file} is the simulation output or log file")
            try:
                self.files[settings.file] = TraceFile(settings.file)
            except OSError as exc:
                raise TraceFileError(f"trace on: cannot open file {settings.file}: {exc.strerror}") from None
        self.next = settings
        self.close_unused()

    def close_unused(self) -> None:
        """Close every file neither the next session nor the session in progress writes to."""
        wanted = {self.next.file} | ({self.session.file} if self.in_session() else set())
        for path in [p for p in self.files if p not in wanted]:
            self.files.pop(path).close()

    def close_all(self) -> None:
        for file in self.files.values():
            file.close()
        self.files.clear()

    def open_identities(self) -> list[Identity]:
        return [f.identity for f in self.files.values()]

    # --- sessions and collection -------------------------------------------------------------------------------

    def session_started(self, round_no: int):
        """The settings in force now hold for the whole session; the observer factory, or None."""
        self.session, self._collectors = self.next, {}
        return self._collector_for if self.session.enabled else None

    def session_ended(self) -> None:
        self.close_unused()

    def _collector_for(self, job: JobId) -> Collector | None:
        if not self.session.traces(job):
            return None
        collector = self._collectors[job] = Collector(job, self.session.level, self.session.lines, self.cluster())
        return collector

    def trace_of(self, report: Reconstructed | SessionResult) -> Trace | None:
        """The trace of a reported decision or no-decision, if its job is traced in this session."""
        if isinstance(report, Reconstructed):
            if not self.session.traces(report.job):
                return None
            return reconstructed_trace(report.job, report.round, report.allocation, self.session.level,
                                       self.session.lines, self.cluster().unit_of)
        collector = self._collectors.pop(report.job, None)
        return collector.trace() if collector is not None else None

    def shown(self, trace: Trace, units: UnitsMode) -> list[str]:
        """Lines of a trace printed inline: stored for recall and appended to the session's file."""
        lines = render(trace, units)
        self.store.put(trace)
        if self.session.file is not None and self.session.file in self.files:
            self.files[self.session.file].write(lines)
        return lines

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

    def _recall_one(self, record, units: UnitsMode) -> list[str]:
        job = record.job.id
        trace = self.store.get(job)
        if trace is not None:
            return render(trace, units)
        if self.store.was_discarded(job):
            return [f"job {format_job_ids([job])}: its trace was discarded under the trace store's memory bound"]
        return [f"job {format_job_ids([job])}: no trace available; the job is {record.describe()}"]
