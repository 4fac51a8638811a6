"""The --sim-output format: JSON lines, a header with wall-clock metadata, then one record per decision in the
order reported. The same records are what --sim-verify compares, and what a recording's `decisions` holds.
docs/simulator.md describes the format and its versions.

Between the decisions, job records (submit, finish, remove) say when each job's life changed, and a last `end`
record gives the replay's span and slot total, so waits, run times and utilisation come from the file alone.
Decision records carry the simulated `time` of their session; --sim-verify ignores it and the job records."""

from __future__ import annotations

import datetime as dt
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from json.encoder import encode_basestring_ascii as _json_text
from typing import Any

from refsim.model.epoch import Epoch
from refsim.model.hostlist import compress_hosts
from refsim.model.jobid import JobId
from refsim.model.jobs import JobState
from refsim.model.units import Amount
from refsim.sched.decisions import Allocation, Dispatch, LimitCharge, Pend, PendCode, PendReason
from refsim.sched.reservations import Reservation
from refsim.sim.jobtable import JobRecord
from refsim.sim.paths import AtomicFile
from refsim.sim.reader import RecordingError

FORMAT = "refsim-sim-output"
VERSION = 2  # 2: pend reasons grouped by code and detail with compressed host lists; .gz output
EPOCH_VERSION = 3  # 3: the header carries the recording's epoch (written only when the recording has one)
JOB_KINDS = {JobState.PENDING: "submit", JobState.FINISHED: "finish", JobState.REMOVED: "remove"}
END_KIND = "end"
COMPRESSLEVEL = 3  # gzip level of a .gz output: 3 compresses the NASA x0.5 output 2.5x faster than 6, 15% larger
RESERVATION = "backfill_reservation"  # informational: compared only where the expected record has it

Record = dict[str, Any]  # one JSON object of the format: a header, decision, job or end record


def _charges(charges: tuple[LimitCharge, ...]) -> list[Record]:
    return [{"limit": c.limit, "scope": c.scope, "resource": c.resource, "amount": c.amount} for c in charges]


def read_fields(name: str, record: Record, read: Callable[[Record], None]) -> None:
    """`read(record)`, for a reader of a run's records (`name`: the file, as errors name it): a field missing or of
    the wrong type is one RecordingError naming the record's kind and job."""
    try:
        read(record)
    except RecordingError:
        raise
    except KeyError as exc:
        if exc.args == ("time",):  # version 1 records: what happened, but not when
            raise RecordingError(name, "", f"a {record.get('kind')} record of job {record.get('job')} has no time: "
                                           "the file was written before records carried times, so this cannot be "
                                           "told from it (replay it again with --sim-output)") from None
        raise RecordingError(name, "", f"a {record.get('kind')} record of job {record.get('job')} is malformed "
                                       f"(KeyError: {exc})") from None
    except (TypeError, AttributeError, ValueError) as exc:
        raise RecordingError(name, "", f"a {record.get('kind')} record of job {record.get('job')} is malformed "
                                       f"({type(exc).__name__}: {exc})") from None


def dispatch_slots(record: Record) -> int:
    """The slots a dispatch record's allocation took."""
    return sum(int(h["resources"].get("slots", 0)) for h in record["allocation"]["hosts"])


def reason_words(entry: Record) -> str:
    """A pend record's reason entry as `code` or `code: detail`, without the hosts it names."""
    code, detail = str(entry["code"]), str(entry.get("detail") or "")
    return f"{code}: {detail}" if detail else code


def number(value: object) -> float:
    """A record's number (a time, an amount): an int or a float, never a bool or text; ValueError else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, not {value!r}")
    return value


def allocation_record(allocation: Allocation) -> Record:
    return {
        "hosts": [{"host": h.host, "resources": dict(h.resources), "limit_charges": _charges(h.limit_charges)}
                  for h in allocation.hosts],
        "shared": dict(allocation.shared),
        "limit_charges": _charges(allocation.limit_charges),
    }


def decision_record(round_no: int, position: int | None, decision: Dispatch | Pend,
                    forms: PendReasonForms | None = None, reservation: Reservation | None = None) -> Record:
    """One decision as a plain record; `position` is None for a reconstructed dispatch. Pend reasons are
    [code, host, detail] triples (the live protocol's form, and version 1's), or, given `forms`, grouped as
    --sim-output version 2 writes them (output_record). A pend under a non-greedy discipline carries the job's
    backfill reservation, if it holds one (`backfill_reservation`)."""
    record: Record = {"round": round_no, "position": position, "job": str(decision.job)}
    if isinstance(decision, Dispatch):
        record["kind"] = "dispatch"
        record["allocation"] = allocation_record(decision.allocation)
    else:
        record["kind"] = "pend"
        record["reasons"] = forms.grouped(decision.reasons) if forms is not None else \
            [[_CODE_TEXT[r.code], r.host, r.detail] for r in decision.reasons]
        if reservation is not None:
            record[RESERVATION] = {"planned_start": reservation.planned_start,
                                   "allocation": allocation_record(reservation.allocation)}
    return record


def output_record(round_no: int, position: int | None, decision: Dispatch | Pend,
                  forms: PendReasonForms | None = None, reservation: Reservation | None = None) -> Record:
    """One decision as --sim-output version 2 writes it and --sim-verify compares it: pend reasons grouped
    (reason_groups); a PendReasonForms shares the grouped form of a reason set that repeats."""
    return decision_record(round_no, position, decision, forms or PendReasonForms(), reservation)


def job_record(record: JobRecord, time: float) -> Record:
    """A job's submission (with its queue), finish or removal at simulated `time`."""
    out = {"kind": JOB_KINDS[record.state], "job": str(record.job.id), "time": time}
    if record.state is JobState.PENDING:
        out["queue"] = record.job.queue
    return out


def end_record(time: float, start: float, slots: Amount) -> Record:
    """The replay's last record: its span (`start` to `time`) and the cluster's slot total."""
    return {"kind": END_KIND, "time": time, "start": start, "slots": slots}


_CODE_TEXT = {code: code.value for code in PendCode}
_CODE_ORDER = {code: i for i, code in enumerate(PendCode)}  # the order of a pend reason set


def host_list(hosts: list[str]) -> str:
    """Sorted host names as a compressed host list (refsim.model.hostlist): `node[0001-0024,0031]`."""
    return compress_hosts(sorted(hosts))


def reason_groups(reasons: tuple[PendReason, ...] | list[PendReason]) -> list[Record]:
    """A pend reason set in the record form of version 2: one entry per (code, detail) in the set's order (code
    order, then detail); host-level entries carry their hosts as a compressed host list and their count."""
    hosts: dict[tuple[PendCode, str], list[str]] = {}
    last: tuple[PendCode, str] | None = None
    names: list[str] = []
    for code, host, detail in reasons:  # a set holds runs of one code and detail: look each run's group up once
        if last is None or code is not last[0] or detail != last[1]:
            last = (code, detail)
            names = hosts.setdefault(last, [])
        names.append(host)
    groups = []
    for code, detail in sorted(hosts, key=lambda k: (_CODE_ORDER[k[0]], k[1])):
        entry: Record = {"code": _CODE_TEXT[code], "detail": detail}
        if code.host_level:
            names = hosts[(code, detail)]
            entry["hosts"], entry["count"] = host_list(names), len(names)
        groups.append(entry)
    return groups


class PendReasonForms:
    """The grouped form of each reason set written lately, and its JSON text, by identity: pends of one bucket
    share one reason set object, so its form is built and encoded once. Bounded, so it never grows with the
    number of decisions."""

    def __init__(self, bound: int = 256) -> None:
        self._forms: dict[int, _Form] = {}
        self._bound = bound

    def _form(self, reasons: tuple[PendReason, ...]) -> _Form:
        known = self._forms.get(id(reasons))
        if known is not None and known.reasons is reasons:
            return known
        if len(self._forms) >= self._bound:
            self._forms.clear()
        form = _Form(reasons, reason_groups(reasons))
        self._forms[id(reasons)] = form  # the set is kept alive, so its id is not reused meanwhile
        return form

    def grouped(self, reasons: tuple[PendReason, ...]) -> list[Record]:
        return self._form(reasons).groups

    def encoded(self, reasons: tuple[PendReason, ...]) -> str:
        """The grouped form as dumps() writes it inside a record."""
        known = self._forms.get(id(reasons))
        return (known if known is not None and known.reasons is reasons else self._form(reasons)).text


class _Form:
    __slots__ = ("reasons", "groups", "text")

    def __init__(self, reasons: tuple[PendReason, ...], groups: list[Record]) -> None:
        self.reasons = reasons
        self.groups = groups
        self.text = dumps(groups)


def dumps(record: Record | list[Record]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def _scalar(value: object) -> str:
    """A number (or null) as dumps() writes it: an int (not a bool) as str() does, a finite float as repr() does,
    anything else through json."""
    if type(value) is int:
        return int.__repr__(value)
    if type(value) is float and value - value == 0.0:
        return float.__repr__(value)
    return json.dumps(value)


class DecisionLines:
    """--sim-output lines of decisions, each exactly dumps() of its output_record with the session time. A pend
    without a reservation (nearly every record of a loaded replay) is joined from pieces encoded once: its reason
    set's text (`forms`), its job's text (kept per job id object) and its session's round and time. Other records
    go through dumps(). The pieces are kept by the objects they come from, which the replay keeps anyway, never
    per pend: millions of pends kept alive a little longer would cost more in garbage collection than they save."""

    def __init__(self, bound: int = 1 << 16) -> None:
        self.forms = PendReasonForms()
        self._jobs: dict[int, tuple[JobId, str]] = {}
        self._bound = bound
        self._session: tuple[object, object, str] = (None, None, "")  # round, time and their text, last written

    def line(self, round_no: int, position: int | None, decision: Dispatch | Pend, time: float,
             reservation: Reservation | None = None) -> str:
        if reservation is None and type(decision) is Pend:
            return self.pend(round_no, position, decision, time)
        record = output_record(round_no, position, decision, self.forms, reservation)
        record["time"] = time
        return dumps(record)

    def pend(self, round_no: int, position: int | None, pend: Pend, time: float) -> str:
        """dumps() sorts the keys: job, kind, position, reasons, round, time."""
        job = pend.job
        known = self._jobs.get(id(job))
        if known is None:  # an entry holds its job, so while it is kept its id names no other object
            known = self._job_text(job)
        session = self._session
        if round_no is not session[0] or time is not session[1]:
            session = self._session = (round_no, time, f'{_scalar(round_no)},"time":{_scalar(time)}}}')
        return (f'{{"job":{known[1]},"kind":"pend","position":'
                f'{position if type(position) is int else _scalar(position)},'
                f'"reasons":{self.forms.encoded(pend.reasons)},"round":{session[2]}')

    def _job_text(self, job: JobId) -> tuple[JobId, str]:
        if len(self._jobs) >= self._bound:
            self._jobs.clear()
        known = self._jobs[id(job)] = (job, _json_text(str(job)))  # the id is kept alive, so not reused meanwhile
        return known


class SimOutput:
    """An open --sim-output file: the header is written on open, then each record as it is reported. Written
    whole (refsim.sim.paths.AtomicFile): the file appears at close(); discard() leaves the target as it was. A
    path ending in `.gz` is written gzip-compressed. Lines are gathered and written in blocks of BLOCK lines: a
    loaded replay writes millions of short lines, and each write through the file layers costs more than the
    line."""

    BLOCK = 4096

    def __init__(self, path: str | Path, recording: str, now: dt.datetime | None = None,
                 epoch: Epoch | None = None) -> None:
        self.path = Path(path)
        compressed = self.path.suffix == ".gz"
        self.atomic = AtomicFile(self.path, binary=compressed)
        self._zipped: gzip.GzipFile | None = None
        if compressed:
            self._zipped = gzip.GzipFile(fileobj=self.atomic.file, mode="wb", compresslevel=COMPRESSLEVEL, mtime=0)
        self._lines: list[str] = []
        written = (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
        header: Record = {"format": FORMAT, "version": VERSION, "recording": recording, "written": written}
        if epoch is not None:  # version 3: the recording's epoch; a file without one is a version 2 file
            header.update(version=EPOCH_VERSION, epoch=epoch.document())
        self.write_line(dumps(header))

    def write(self, record: Record) -> None:
        self.write_line(dumps(record))

    def write_line(self, line: str) -> None:
        """One record already encoded (DecisionLines), without its newline."""
        lines = self._lines
        lines.append(line)
        if len(lines) >= self.BLOCK:
            self._flush()

    def _flush(self) -> None:
        lines, self._lines = self._lines, []
        lines.append("")  # a newline after the last line too
        block = "\n".join(lines)
        if self._zipped is not None:
            self._zipped.write(block.encode("utf-8"))
        else:
            self.atomic.file.write(block)

    def close(self) -> None:
        if not self.atomic.done:
            try:
                self._flush()
                if self._zipped is not None:
                    self._zipped.close()  # writes the gzip trailer; the temporary file stays open for commit()
            except BaseException:
                self.discard()
                raise
        self.atomic.commit()

    def discard(self) -> None:
        self._lines = []
        self.atomic.discard()
