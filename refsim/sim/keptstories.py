"""A StoryBuilder for the explorer (docs/explore.md, "How the page is made fast"): it reads the run once and keeps
the pends of every job whose story might be asked for afterwards, the `top` longest waits and the jobs named, so
no second pass over the file is needed.

Which jobs wait longest is only known at the end, but a job's wait is known at its first dispatch, and the
`top`-th longest wait so far only grows: a job that started having waited less than it can never be among the
`top` longest, so its pends are let go. A job that has not started keeps its pends (it may never start, and a job
that never started sorts first by wait). Pend records mostly repeat the same reasons session after session, so
each distinct list of reasons is read once and shared."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from refsim.sim.output import Record, number
from refsim.sim.reader import RecordingError
from refsim.sim.story import StoryBuilder, _Pend, _pend

_MISSING = object()


class KeptStories(StoryBuilder):
    """Takes a run's records one at a time (`add`); keeps the pends of the jobs that could be among the `top`
    longest waits, and of the jobs in `named`."""

    def __init__(self, name: str, top: int, named: Iterable[str] = ()) -> None:
        super().__init__(name, "")
        # each kept job's pends as (time, the pend with its reasons read), _Pend made only for a story told
        self._pends: dict[str, list[tuple[float, _Pend]]] = {}
        self._last: dict[str, tuple[object, _Pend]] = {}  # each job's last pend reasons as read, and as _Pend
        self.named = frozenset(named)
        self.top = max(top, 1)  # keeping more than asked is safe; a heap of none has no least wait
        self._waits: list[float] = []  # the `top` longest waits so far, a min-heap
        self._kept: dict[str, float] = {}  # the started jobs whose pends are kept, with their waits
        self._reasons: dict[tuple[object, ...], _Pend] = {}
        self._twice: set[str] = set()

    def _add(self, record: Record) -> None:
        kind = record["kind"]
        if kind == "pend":
            self._pend(str(record["job"]), record)
            return
        if kind == "submit":
            name = str(record["job"])
            if name in self.jobs:
                self._twice.add(name)  # its waits and pends mix two submissions: told from a second pass
            self._pends.setdefault(name, [])
            super()._add(record)
            self.told[name] = (str(record["queue"]), number(record["time"]))  # every job's story may be told
            return
        if kind == "dispatch":
            other = self.jobs.get(str(record["job"]))
            if other is not None and other.start is None:
                super()._add(record)
                self._started(str(record["job"]))
                return
        super()._add(record)

    def _started(self, name: str) -> None:
        """The job's first dispatch: keep its pends only if its wait could be among the `top` longest."""
        wait = self.jobs[name].start - self.told[name][1]  # type: ignore[operator]
        if len(self._waits) < self.top:
            heapq.heappush(self._waits, wait)
        elif wait > self._waits[0]:
            heapq.heapreplace(self._waits, wait)
        if name in self.named:
            return
        if len(self._waits) == self.top and wait < self._waits[0]:
            self._drop(name)
            return
        self._kept[name] = wait
        if len(self._kept) > 2 * self.top:
            self._let_go()

    def _let_go(self) -> None:
        """Let go of the pends of the started jobs that waited less than the `top`-th longest wait so far."""
        least = self._waits[0]
        for name in [n for n, wait in self._kept.items() if wait < least]:
            del self._kept[name]
            self._drop(name)

    def _drop(self, name: str) -> None:
        self._pends.pop(name, None)
        self._last.pop(name, None)

    def _pend(self, name: str, record: Record) -> None:
        """Keep a pend record of a kept job. Most repeat the job's last reasons (a C-speed list comparison finds
        them); the count check keeps `2.0 hosts` from passing for `2 hosts`."""
        kept = self._pends.get(name)
        if kept is None:
            if name not in self.jobs:
                raise RecordingError(self.name, "", f"job {name} has a pend record but no submit record")
            return
        reasons, last = record["reasons"], self._last.get(name)
        if last is not None and reasons == last[0] and record.get("backfill_reservation") is None:
            for entry in reasons:
                if type(entry.get("count", 0)) is not int:
                    break
            else:
                kept.append((number(record["time"]), last[1]))
                return
        read = self._read_pend(record)
        if read is not None:
            self._last[name] = (reasons, read)
        else:
            read = _pend(record)
        kept.append((number(record["time"]), read))

    def _read_pend(self, record: Record) -> _Pend | None:
        """The pend record's reasons read once per distinct list of reasons (its time and reservation aside);
        None for a record with a reservation or reasons that are not plain text and whole numbers."""
        if record.get("backfill_reservation") is not None:
            return None
        key = _reasons_key(record["reasons"])
        if key is None:
            return None
        shared = self._reasons.get(key)
        if shared is None:
            shared = self._reasons[key] = _pend(record)
        return shared

    def pends(self, job: str) -> list[_Pend]:
        """The job's pend records, read."""
        return [_Pend(time, p.reasons, p.wanting, p.excluded, p.planned, p.reserved) for time, p in self._pends[job]]

    def kept(self, job: str) -> bool:
        """Whether the job's pends were all kept (a job not in the run counts as kept: it has no story)."""
        return job not in self.told or (job in self._pends and job not in self._twice)


def _reasons_key(entries: object) -> tuple[object, ...] | None:
    """What `_pend` reads of a pend record's reasons, as a key; None when they are not plain text and whole
    numbers (then the record is read on its own, and `_pend` says what is wrong)."""
    if not isinstance(entries, list):
        return None
    key: list[object] = []
    for entry in entries:
        if not isinstance(entry, dict):
            return None
        fields = (entry.get("code", _MISSING), entry.get("detail"), entry.get("hosts"), entry.get("count", _MISSING))
        for value in fields:
            if value is not None and value is not _MISSING and type(value) is not str and type(value) is not int:
                return None
        key.append(fields)
    return tuple(key)

