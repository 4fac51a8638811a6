"""Job buckets: the outcomes of jobs that did not dispatch, by bucket, at a state version, and the allocations of
jobs that fit and were held back.

Without faults or an observer a decision depends only on the job's requirement, task counts and the consumer
values some limit reads, and on the scheduler state. A job of a bucket that pended (or got no reason) at an
unchanged state version gets the same outcome without any scan. The version moves whenever committed usage or the
cluster changes, so the bucket memo is exact, within a session and across sessions (docs/planning.md, "Two paths,
one semantics").

Floor: below refsim.sched.state, which owns one per cluster version. It imports only refsim.model and
refsim.sched.decisions.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from refsim.model.cluster import Cluster
from refsim.model.jobs import Job
from refsim.model.limits import ConsumerKind
from refsim.sched.decisions import (Allocation, NoDecision, NoDecisionKind, Outcome, Pend, PendReason, pend_reason_set,
                                   sort_keys)

R = TypeVar("R")  # a discipline's ruling, which this floor does not know

_KEYS = 1 << 16  # bucket keys kept (one per pending job, up to this many)


class Holder(Protocol):
    """What a bulk session's counted run tells the discipline's round of the jobs it counts (Buckets.held_count),
    and asks it."""

    alike: set[int]  # buckets one of whose jobs the round took in for all of them (pend_held, fit_held)

    @property
    def starts_none_later(self) -> bool:
        """Whether, from here on in a bulk session, the round starts no job (each pends as held back, or gets no
        decision), whatever the allocator says of it: then the session counts the rest."""
        ...

    def pend_held(self, job: Job, bucket: int) -> None:
        """A job of a bulk session that pends with its bucket's outcome, counted while the round keeps pends,
        without a rule() of its own: the round takes it in as it needs, and adds the bucket to `alike` when no
        later job of it needs telling."""
        ...

    def fit_held(self, job: Job, bucket: int) -> bool:
        """Whether the round holds back a job of a bulk session whose bucket fits, while it keeps pends, without
        a rule() of its own: the job is then a pend, taken in as pend_held() takes one. False: it is ruled."""
        ...


class Buckets:
    """Outcomes of jobs that did not dispatch, by bucket, valid while the state version is unchanged."""

    def __init__(self, cluster: Cluster) -> None:
        self.kinds = tuple(kind for kind in (ConsumerKind.USER, ConsumerKind.QUEUE, ConsumerKind.PROJECT)
                           if any(c.kind is kind for lim in cluster.limits for c in lim.consumers))
        self._memo: dict[int, tuple[PendReason, ...] | NoDecisionKind] = {}  # by bucket number
        # Allocations of buckets whose job fits at the version, by bucket number: read only by a discipline that
        # holds jobs that fit back (under greedy a fit is committed at once, which moves the version)
        self._fits: dict[int, Allocation] = {}
        self._ids: dict[tuple[object, ...], int] = {}  # bucket numbers by key
        self._numbers = itertools.count()
        self._version = -1
        self._reasons: dict[PendReason, PendReason] = {}
        self._sets: dict[frozenset[PendReason], tuple[PendReason, ...]] = {}
        self._kept = 0  # entries of the sets kept
        # Per job object (by id; the entry holds the job, so the id is not reused under it): [job, key, the last
        # outcome given from the memo, the memo value it stands for], handed out again while the memo gives the same.
        self._jobs: dict[int, list[Any]] = {}
        self.sort_keys = sort_keys()

    def _entry(self, job: Job) -> list[Any]:
        entry = self._jobs.get(id(job))
        if entry is None:
            base = (job.resreq, job.min_tasks, job.max_tasks)
            key = base if not self.kinds else base + tuple(
                job.user if k is ConsumerKind.USER else job.queue if k is ConsumerKind.QUEUE else job.project
                for k in self.kinds)
            bucket = self._ids.get(key)
            if bucket is None:
                if len(self._ids) >= _KEYS:  # bounded; a number is never given to another key
                    self._ids.clear()
                bucket = self._ids[key] = next(self._numbers)
            if len(self._jobs) >= _KEYS:
                self._jobs.clear()
            entry = self._jobs[id(job)] = [job, bucket, None, None]
        return entry

    def key(self, job: Job) -> int:
        """The number of the job's bucket: what the decision of an untraced job depends on besides the state
        (requirement, task counts and the consumer values that some limit reads), numbered so that the memo,
        asked for every pending job of every session, looks up an int rather than hashing a tuple."""
        bucket: int = self._entry(job)[1]
        return bucket

    def known(self, job: Job, version: int) -> Pend | NoDecision | None:
        """The outcome of `job`'s bucket at this version, or None when its bucket has none yet."""
        if version != self._version:  # asked for every pending job of every session
            self._forget(version)
            return None
        entry = self._jobs.get(id(job))
        if entry is None:
            entry = self._entry(job)
        known = self._memo.get(entry[1])
        if known is None:
            return None
        return entry[2] if entry[3] is known else _hand_out(entry, known)

    def entry(self, job: Job) -> list[Any]:
        """The job's bucket entry, [job, key, last outcome given, the memo value it stands for], for known_run()."""
        return self._entry(job)

    def known_run(self, entries: Iterator[list[Any]], version: int) -> tuple[list[Pend | NoDecision], list[Any] | None]:
        """The outcomes known() gives the jobs of `entries` (bucket entries, see entry()) in turn, up to the first
        whose bucket has none at this version, which is returned too (None when `entries` ran out): a compact
        session's run of bucket hits, at a handful of operations per job. The iterator is left after that entry,
        so a session walks its jobs once. A job's outcome object is handed out again while its bucket's outcome
        is unchanged, so a backlog that pends alike costs no new object."""
        if version != self._version:
            self._forget(version)
            return [], next(entries, None)
        memo_get = self._memo.get
        run: list[Pend | NoDecision] = []
        append = run.append
        for entry in entries:
            known = memo_get(entry[1])
            if known is None:
                return run, entry
            append(entry[2] if entry[3] is known else _hand_out(entry, known))
        return run, None

    def held_run(self, entries: Iterator[list[Any]], version: int,
                 hold: Callable[[Job, Allocation], tuple[Outcome, R | None]]) \
            -> tuple[list[Pend | NoDecision], list[R | None], list[Any] | None, tuple[Outcome, R | None] | None]:
        """known_run() under a discipline that holds jobs that fit back: a job whose bucket fits at this version is
        given to `hold` with the bucket's allocation, which rules on it (the outcome and the ruling); one it holds
        back joins the run with its ruling (known pends have none), one it starts ends the run and is returned
        with its ruling, as the entry whose bucket has no outcome is (with None)."""
        if version != self._version:
            self._forget(version)
            return [], [], next(entries, None), None
        memo_get, fits_get = self._memo.get, self._fits.get
        run: list[Pend | NoDecision] = []
        rulings: list[R | None] = []
        for entry in entries:
            known = memo_get(entry[1])
            if known is not None:
                run.append(entry[2] if entry[3] is known else _hand_out(entry, known))
                rulings.append(None)
                continue
            allocation = fits_get(entry[1])
            if allocation is None:
                return run, rulings, entry, None
            outcome, ruling = hold(entry[0], allocation)
            if not isinstance(outcome, (Pend, NoDecision)):
                return run, rulings, entry, (outcome, ruling)
            run.append(outcome)
            rulings.append(ruling)
        return run, rulings, None, None

    def held_count(self, entries: Iterator[list[Any]], version: int,
                   hold: Callable[[Job, Allocation], tuple[Outcome, R | None]], holder: Holder) \
            -> tuple[int, int, list[Any] | None, tuple[Outcome, R | None] | None]:
        """held_run() for a bulk caller, which reads no job's pend: how many jobs the run holds and how many of
        them pend (the rest get no decision), with the entry that ended it and its ruling as held_run() returns
        them. The same buckets are read, in the same order; no outcome is kept or handed out. The round (`holder`)
        is told of each job that pends with its bucket's outcome, unless it took in one of its bucket alike, and
        asked first whether it holds back a job that fits; one it does not is given to `hold`. The run ends after
        a job held back when the round starts no later job."""
        if version != self._version:
            self._forget(version)
            return 0, 0, next(entries, None), None
        memo_get, fits_get = self._memo.get, self._fits.get
        alike, pend_held, fit_held = holder.alike, holder.pend_held, holder.fit_held
        selected = no_decision = 0
        for entry in entries:
            key = entry[1]
            known = memo_get(key)
            if known is not None:
                selected += 1
                if known.__class__ is NoDecisionKind:
                    no_decision += 1
                elif key not in alike:
                    pend_held(entry[0], key)
                continue
            allocation = fits_get(key)
            if allocation is None:
                return selected, selected - no_decision, entry, None
            if fit_held(entry[0], key):  # held back: a pend
                selected += 1
                if holder.starts_none_later:  # the caller counts the rest at once (held_tail)
                    return selected, selected - no_decision, next(entries, None), None
                continue
            outcome, ruling = hold(entry[0], allocation)
            if not isinstance(outcome, Pend):  # the round starts it (it gives a fit no no-decision)
                return selected, selected - no_decision, entry, (outcome, ruling)
            selected += 1
        return selected, selected - no_decision, None, None

    def held_tail(self, entries: Iterator[list[Any]], version: int,
                  judge: Callable[[Job], Outcome]) -> tuple[int, int]:
        """How many jobs `entries` holds, and how many of them pend, under a discipline that starts none of them
        (strict behind its blocker): a job pends unless its bucket's outcome at this version is a no-decision. A
        bucket that fits pends held back; one with no outcome yet is judged once (`judge`, the allocator, which
        remembers the outcome for the bucket's later jobs), in the order the session would judge it, so the memo
        ends as a walk of held_run() leaves it. No outcome object is made: a bulk caller reads none."""
        if version != self._version:
            self._forget(version)
        memo_get, fits_get = self._memo.get, self._fits.get
        selected = no_decision = 0
        for entry in entries:
            selected += 1
            known = memo_get(entry[1])
            if known is None:
                if fits_get(entry[1]) is None and isinstance(judge(entry[0]), NoDecision):
                    no_decision += 1
            elif known.__class__ is NoDecisionKind:
                no_decision += 1
        return selected, selected - no_decision

    def _forget(self, version: int) -> None:
        self._memo.clear()
        self._fits.clear()
        self._version = version

    def remember(self, key: int, outcome: tuple[PendReason, ...] | NoDecisionKind) -> None:
        self._memo[key] = outcome

    def fit(self, job: Job, version: int) -> Allocation | None:
        """The allocation a job of `job`'s bucket got at this version, when one fitted and was not committed."""
        if version != self._version:
            self._forget(version)
            return None
        return self._fits.get(self._entry(job)[1])

    def remember_fit(self, job: Job, version: int, allocation: Allocation) -> None:
        """`job` fits at this version on `allocation` (a discipline may hold it back, committing nothing)."""
        if version != self._version:
            self._forget(version)
        self._fits[self._entry(job)[1]] = allocation

    def canonical(self, reasons: set[PendReason]) -> tuple[PendReason, ...]:
        """pend_reason_set(reasons), shared with every earlier equal set, each entry shared with every earlier
        equal entry (pend sets of a loaded replay repeat, and repeat hosts)."""
        frozen = frozenset(reasons)
        known = self._sets.get(frozen)
        if known is None:
            table = self._reasons
            if len(table) >= _KEYS or self._kept >= _KEYS:  # bounded, whatever the workload
                table.clear()
                self._sets.clear()
                self._kept = 0
            self._kept += len(frozen)
            known = self._sets[frozen] = tuple([table.setdefault(r, r)
                                                 for r in pend_reason_set(frozen, self.sort_keys)])
        return known


def _hand_out(entry: list[Any], known: tuple[PendReason, ...] | NoDecisionKind) -> Pend | NoDecision:
    """The outcome a job's bucket entry stands for once its bucket's memo holds `known`, kept in the entry so that
    it is handed out again while the memo gives the same."""
    job = entry[0]
    outcome = NoDecision(job.id, known) if isinstance(known, NoDecisionKind) else Pend(job.id, known)
    entry[2], entry[3] = outcome, known
    return outcome
