"""Placements recalled from the last plan (docs/planning.md, "Tenth pass: placements recalled").

Conservative plans every waiting job ahead of a start, in picker order, at every session that starts a job behind
others, and consecutive sessions make nearly the same placements. On the fast path a plain job on a one-slot
cluster is placed by first_free_over() (refsim/sched/oneslot.py), which reads, per host, only whether a pair with a
slot holds it over the interval [a, b) (*busy*) and, for a host that is not, its best-fit key (before, after,
position): `before` is the least of a - min(idle, a) (idle: when a job last left it) and of a - min(end, a) over
its pairs that start before a; `after` the least of max(start, b) - b over its pairs that end after b. The
placement is the `tasks` free hosts of least key, in key order. Each part is an any or a least over the host's
terms: a term added can only make a host busy or lower its key; a term taken away can change it only when it made
the host busy or was its least.

`PlacementRecall` keeps a session's *log*: the running jobs it started with, then every holding taken or given back
and every placement asked, in order, with the ranking each was found from. A session walks the log as it goes: it
keeps the *difference* between the holdings held now and those held at the same point of the log (the log's
point is the placement last matched: the same job, interval and task count, later in the log than the one
before; a holding the session takes or gives back as the log's next event did moves the point past that event
rather than entering the difference, which it would leave as it is). A placement matched is the logged one,
without ranking any host, when nothing in the difference can change it (`_stands`); else it is ranked afresh.
Holdings added since (held now, not then) are terms added; for the logged placement to stand, each must
- over the interval: make busy no host the placement took;
- else: on each host free then, give terms that leave the host's key as it was (no lower than its parts) or,
  for a host not taken, above the last taken host's key on that side (then no host that was not taken ranks
  before it, whatever other added terms it also gets: a key's parts only fall to the least of the terms, each
  above the last's); a taken host's key must stay as it was.
Holdings taken away since (held then, not now) must not hold over the interval, and on each host the placement took
must give terms above its key: a term taken from a host not taken only raises that host's key, which leaves it
behind the last taken host. A holding given back whose job holds the same interval again on other hosts (a
reservation placed afresh: the difference holds the two, once each way) is checked only on the taken hosts it left,
since one job over one interval gives each of its hosts the same term: on a host the two share, nothing changed (the
holding taken is checked as any added one). One exception: a holding whose hosts have all been idle since its end or
later (a job that ended: idle times are never after now) gives a `before` term no lower than the host's idle time
now gives, for an interval from now on (idle times are never after now), so taking it away changes nothing the new
idle time does not, and it holds over nothing the interval meets (a placement asked before now is ranked afresh).
Such a holding, once found so, is *set aside* for the rest of the session: idle times and now stay as they are
within it, so it passes every later check, which no longer reads it, and it counts toward no limit on the
difference's size (a loaded replay's difference is mostly jobs that ended on time; it is still counted, so that a
holding taken again cancels it). A host's idle time that moved later since the log is a `before` term added, checked
as those of an added holding: a later idle time only lowers `before` (one that moved to the end of a running job the
log held on the host gives the term that job's holding gave, and replaces one no lower: nothing to check). One moved
earlier (never in a replay, whose clock only moves forward) would take a term away: the session then recalls
nothing.

A logged placement that found fewer free hosts than tasks stands when no holding taken away holds over the
interval (added ones only make hosts busy).

Such a placement is followed by a *trial* (Profile._replanned): the reservations starting after it are lifted, the
job is placed, and the lifted ones are placed again in order of start. The log keeps each trial after its placement
(the holdings it lifted, its placements with their rankings, its outcome) when every placement in it was made by
ranking (none by the allocator, which the checks do not follow). When the placement is recalled, so is the trial,
if it lifts the same holdings in the same order and each of its placements stands against the difference: the trial
holds the profile's holdings less the lifted ones, plus what it placed so far, so with the same lifted holdings and
the same placements before, its holdings differ from the logged trial's exactly as the profile's differ from the
log's.

A placement recalled is logged again as it was, and its ranking may then be off the truth for the hosts it did not
take (one it calls free may be busy since; one's key may have fallen, or risen), which the checks allow for: they
read exactly only the taken hosts' keys, which stood, and hold each part of a host not taken to its logged key's
part or above the last taken host's. Each such part stays so whatever is added (each added term passed the same
test) or taken away (a least only rises), and a key whose parts are each no lower than the logged key's (itself
behind the last taken host) or above the last taken host's still ranks behind it.

A session decides at one instant: ends and idle times move only between sessions (the profile assumes so too).

Which session is the log, and when to check, decide only the cost, never a placement: a session's walk becomes the
log when it asked at least half as many placements as the log (a session that plans a few jobs would otherwise
replace a long plan the next session repeats); the running jobs are compared with the log's once, when the walk
first meets it; and after a session whose checks mostly failed the next few sessions only log (the DR_EVT tier,
where plans seldom repeat, would otherwise pay for checks that find nothing).

A walk that replaces a longer log keeps the log's events after the walk's point (its *tail*) after its own end,
joined by the difference the walk ended with, taken back (each holding the walk held more given back, each it held
less taken): at the join the log holds what the replaced log held at that point, and then what it held at each
later one, so each placement kept was found on what the log holds at its point. A placement is ranked on its
session's idle times too, and those of the sessions of a walk and of its kept tail differ: the log keeps, per part
walked in one session, that session's running jobs and idle times, and a placement's idle check reads its own
part's (a log keeps at most three parts: older tails are seldom recalled).

Floor: beside refsim.sched.oneslot (whose rankings it keeps), above the holdings it logs (refsim/sched/holding.py),
below the reservation profile, its one user."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from refsim.model.jobid import JobId
from refsim.model.resources import SLOTS
from refsim.sched.decisions import Allocation
from refsim.sched.holding import Holding
from refsim.sched.oneslot import Ranking, holds_over
from refsim.sched.projection import gap_terms
from refsim.sched.state import SchedulerState

INF = float("inf")
_MOST_CHANGES = 96  # a difference larger than this is not checked: ranking afresh costs less (measured: 32-256)
# A session whose checks mostly fail (at least _TRIED placements found in the log, fewer than a quarter recalled)
# costs more than it saves: the next _REST sessions only log theirs.
_TRIED, _REST = 8, 3
_MOST_PARTS = 3  # a log keeps a replaced log's tail only while it has fewer parts: older tails are seldom recalled
Asked = tuple[JobId, float, float, int]  # a placement asked: the job, the interval [a, b) and the task count


Step = tuple[int, Holding]  # a holding taken (+1) or given back (-1)


@dataclass(frozen=True)
class Placed:
    """A placement of the log: what was asked, the allocation found (None: fewer free hosts than tasks) and the
    ranking it was found from, with the taken hosts' facts the checks read."""

    asked: Asked
    allocation: Allocation | None
    ranking: Ranking | None

    # what the checks read, worked out once asked for (most placements are never checked)
    @cached_property
    def taken(self) -> np.ndarray:
        """Per cluster position: taken by the placement."""
        assert self.ranking is not None
        taken = np.zeros(len(self.ranking.free), dtype=bool)
        taken[self.ranking.ranked[:self.asked[3]]] = True
        return taken

    @cached_property
    def taken_hosts(self) -> frozenset[int]:
        """The taken hosts' positions (a change's hosts are compared with them as a set: few, and read often)."""
        assert self.ranking is not None
        return frozenset(self.ranking.ranked[:self.asked[3]].tolist())

    @cached_property
    def last(self) -> tuple[float, float]:
        """The last taken host's key (before, after); its position breaks ties."""
        assert self.ranking is not None
        last = self.ranking.ranked[self.asked[3] - 1]
        return float(self.ranking.before[last]), float(self.ranking.after[last])

    @cached_property
    def most_after(self) -> float:
        """The largest `after` of a taken host."""
        assert self.ranking is not None
        return float(self.ranking.after[self.ranking.ranked[:self.asked[3]]].max())


class _Change:
    """One holding's count in the difference, and its hosts' cluster positions once asked for."""

    __slots__ = ("key", "allocation", "count", "_positions", "position_set", "settled")

    def __init__(self, key: tuple[JobId, float, float], allocation: Allocation, count: int) -> None:
        self.key, self.allocation, self.count = key, allocation, count
        self._positions: np.ndarray | None | bool = False  # False: not worked out yet; None: a host holds no slot
        self.position_set: frozenset[int] = frozenset()  # the same as a set (to meet the taken hosts), likewise
        self.settled: bool | None = None  # for a holding taken away: whether it is a job that ended (see above)

    def positions(self, position: dict[str, int]) -> np.ndarray | None:
        """Its hosts' cluster positions (hosts the cluster no longer has left out, as the pairs leave them), or None
        when a host of it holds no slot: such a host gets gaps without being busy, which the checks do not follow."""
        if self._positions is False:
            columns = self.allocation.columns
            slots = columns.amounts.get(SLOTS)
            if slots is None or min(slots, default=1) <= 0:
                self._positions = None
            else:
                found = [position[h] for h in columns.hosts if h in position]
                self.position_set, self._positions = frozenset(found), np.array(found, dtype=np.intp)
        return self._positions  # type: ignore[return-value]


def _take_out(diff: dict[tuple[JobId, float, float], list[_Change]], change: _Change) -> None:
    """Take `change` out of `diff` (the difference or the changes set aside); a key left with none goes."""
    changes = diff[change.key]
    changes.remove(change)
    if not changes:
        del diff[change.key]


Outcome = tuple[Allocation, tuple[tuple[int, Allocation], ...]] | None  # a trial's (Profile._replanned)


@dataclass(frozen=True)
class _Part:
    """A part of the log walked in one session, from `first` on: the running jobs it started with and the hosts'
    idle times then, which its rankings read."""

    first: int
    running: Sequence[Holding]
    idle: np.ndarray


Moved = tuple[np.ndarray, np.ndarray, float]  # idle times moved since a part's session: hosts, times, the latest


@dataclass(frozen=True)
class Replan:
    """A trial of reservations placed again after a placement that found too few free hosts (Profile._replanned):
    the holdings it lifted, in the order it placed them again; its placements in order, the job's first; and its
    outcome: the job's allocation and, by place in that order, the new allocations of the reservations that moved
    (None: one of them found none)."""

    lifted: tuple[Holding, ...]
    placed: tuple[Placed, ...]
    outcome: Outcome


class PlacementRecall:
    """One replay's log of placements and holdings, and this session's walk against it (see above)."""

    def __init__(self) -> None:
        self._log: list[Placed | Step] = []
        self._asked: dict[Asked, list[int]] = {}  # where each placement asked is in the log
        self._replans: dict[int, Replan] = {}  # the trials made after the log's placements, by where those are
        self._parts: list[_Part] = []  # the sessions the log was walked in, in order (one, but for a kept tail)
        self._log_on: tuple[SchedulerState | None, object] = (None, None)  # the state and free index it was walked on
        # this session
        self._walk: list[Placed | Step] = []
        self._running: Sequence[Holding] = ()
        self._running_counted = False  # the running jobs' difference from the log's is in the difference
        self._walk_asked: dict[Asked, list[int]] = {}
        self._walk_replans: dict[int, Replan] = {}
        self._recalled_at = -1  # where in the log the walk's last recalled placement is (-1: none yet)
        self._on: tuple[SchedulerState | None, object, np.ndarray | None] = (None, None, None)
        self._matching = False  # the log was walked on the same state and free index
        self._now = -INF
        self._at = 0  # the log's point: events before it are in the difference
        self._diff: dict[tuple[JobId, float, float], list[_Change]] = {}
        # changes found settled (_settled), set aside: they pass every check of the session, so no check reads them,
        # and they count toward no limit; still counted, as a holding taken again cancels its giving back
        self._quiet: dict[tuple[JobId, float, float], list[_Change]] = {}
        self._found_settled: list[_Change] = []  # found settled since the last check began: set aside then
        self._size = 0  # the changes in _diff
        self._position: dict[str, int] = {}
        self._idle: np.ndarray = np.zeros(0)
        self._moved: dict[int, Moved | None] = {}  # per part of the log: its idle times moved, None: one moved back
        self._tried = self._hits = 0  # placements found in the log and checked this session, and recalled
        self._rest = 0  # sessions still to only log
        self.recalled = 0  # placements recalled and ranked, for benchmarks
        self.ranked = 0
        self.set_aside = 0  # changes set aside as settled, likewise
        self.replans_recalled = 0  # trials recalled, likewise
        self.tails_kept = 0  # replaced logs' tails kept, likewise

    def open(self, state: SchedulerState, now: float, running: Sequence[Holding]) -> None:
        """A session's profile starts at `now` on `state`, holding `running` (the running jobs)."""
        if len(self._walk_asked) * 2 >= len(self._asked) and self._walk_asked:
            self._replace_log()
        self._running, self._running_counted = running, False
        index = state.free_index()
        self._idle = state.idle_times().copy()
        self._on = (state, index, self._idle)
        logged_state, logged_index = self._log_on
        if self._tried >= _TRIED and self._hits * 4 < self._tried:
            self._rest = _REST
        elif self._rest:
            self._rest -= 1
        self._tried = self._hits = 0
        self._matching = bool(self._log) and logged_state is state and logged_index is index and not self._rest
        self._position = index.position
        self._moved = {}
        if self._matching and self._parts:
            self._matching = self._moved_since(0) is not None
        self._walk, self._walk_asked, self._walk_replans = [], {}, {}
        self._now, self._at, self._diff, self._size = now, 0, {}, 0
        self._quiet, self._found_settled = {}, []

    def _replace_log(self) -> None:
        """The walk becomes the log. When the walk met the log, the log's events after the walk's point (a tail with a
        placement in it) are kept after it, joined by the difference the walk ended with, taken back (see above)."""
        joint = self._joint() if self._matching else None
        at, log, asked, replans, parts = self._at, self._log, self._asked, self._replans, self._parts
        state, index, idle = self._on
        assert idle is not None  # (the walk asked placements, so a session opened)
        self._log, self._asked, self._replans = self._walk, self._walk_asked, self._walk_replans
        self._log_on, self._parts = (state, index), [_Part(0, self._running, idle)]
        if joint is None:
            return
        first = len(self._log) + len(joint)
        shift = first - at
        self._log = self._log + joint + log[at:]
        for key, where in asked.items():
            kept = [n + shift for n in where if n >= at]
            if kept:
                self._asked.setdefault(key, []).extend(kept)
        self._replans.update({n + shift: replan for n, replan in replans.items() if n >= at})
        own = self._part_of(at, parts)  # each kept placement keeps its session's running jobs and idle times
        self._parts.append(_Part(first, parts[own].running, parts[own].idle))
        self._parts.extend(_Part(part.first + shift, part.running, part.idle) for part in parts[own + 1:])
        self.tails_kept += 1

    def _joint(self) -> list[Placed | Step] | None:
        """The events that join the log's tail after the walk's point to the walk's end: the difference, taken back
        (each holding the walk held more given back, each it held less taken); None when the tail holds no placement,
        the log has as many parts as it keeps, or the difference is too large to join cheaply."""
        if len(self._parts) >= _MOST_PARTS or not any(isinstance(event, Placed) for event in self._log[self._at:]):
            return None
        if not self._running_counted:
            self._count_running()
        changes = [change for diff in (self._diff, self._quiet) for kept in diff.values() for change in kept]
        if len(changes) > _MOST_CHANGES:
            return None
        # (each count is 1 or -1: the walk and the log each hold a job at most once at a time)
        return [(-1 if change.count > 0 else 1, Holding(*change.key, change.allocation)) for change in changes]

    def _moved_since(self, part: int) -> Moved | None:
        """The idle times moved since the session the log's `part` was walked in (worked out once per session), None
        when one moved back: a replay's clock only moves forward, and an idle time moved back would take a term away
        (see above), so that part recalls nothing."""
        if part not in self._moved:
            then = self._parts[part]
            moved = np.flatnonzero(self._idle != then.idle)
            if not (self._idle[moved] > then.idle[moved]).all():
                self._moved[part] = None
            else:
                moved = self._not_ended_there(moved, then.running)
                self._moved[part] = (moved, self._idle[moved], float(self._idle[moved].max(initial=-INF)))
        return self._moved[part]

    def _part_of(self, at: int, parts: list[_Part] | None = None) -> int:
        """The part of the log (or of `parts`) the event at `at` is in."""
        parts = self._parts if parts is None else parts
        part = len(parts) - 1
        while parts[part].first > at:
            part -= 1
        return part

    def _not_ended_there(self, moved: np.ndarray, running: Sequence[Holding]) -> np.ndarray:
        """The hosts of `moved` save those idle since the end of a running job the log held on them (`running`: the
        part's session's): such a host's new idle time gives the `before` term that job's holding gave it in the log
        (which, ended by now, is given back settled), and the one it replaces was no lower, so its key is the log's."""
        if not len(moved):
            return moved
        idle, position = self._idle, self._position
        ends, ended_there = set(idle[moved].tolist()), set()
        for holding in running:
            if holding.end in ends:
                for host in holding.allocation.columns.hosts:
                    at = position.get(host)
                    if at is not None and idle[at] == holding.end:
                        ended_there.add(at)
        return np.array([at for at in moved.tolist() if at not in ended_there], dtype=np.intp)

    def held(self, sign: int, holding: Holding) -> None:
        """A holding taken (+1) or given back (-1) by this session's profile."""
        self._walk.append((sign, holding))
        if self._matching:
            if self._in_step(sign, holding):
                self._at += 1  # the log's next event is the same: held now and then, it leaves the difference as it is
            else:
                self._count(sign, holding)

    def _in_step(self, sign: int, holding: Holding) -> bool:
        """Whether the log's event at its point is this one: the same holding taken or given back."""
        if self._at >= len(self._log):
            return False
        event = self._log[self._at]
        if isinstance(event, Placed) or event[0] != sign:
            return False
        return event[1] is holding or event[1] == holding

    def placement(self, asked: Asked, rank: Callable[[], Ranking | None],
                  allocate: Callable[[np.ndarray], Allocation]) -> Allocation | None:
        """first_free_over()'s allocation for `asked`: the logged one where it stands, else from rank() (the
        ranking) and allocate() (the allocation on the first positions)."""
        placed = self._recalled(asked) if self._matching else None
        if placed is None:
            ranking = rank()
            placed = Placed(asked, None if ranking is None else allocate(ranking.ranked[:asked[3]]), ranking)
            self.ranked += 1
        else:
            self.recalled += 1
            self._hits += 1
            self._recalled_at = self._at - 1
        self._walk_asked.setdefault(asked, []).append(len(self._walk))
        self._walk.append(placed)
        return placed.allocation

    def _recalled(self, asked: Asked) -> Placed | None:
        """The logged placement of `asked` after the log's point, the point moved to it, when it stands."""
        found = self._asked.get(asked)
        if found is None or asked[1] < self._now:
            return None
        i = bisect_left(found, self._at)
        if i == len(found):
            return None
        at = found[i]
        for event in self._log[self._at:at]:  # held then, up to the point: counted as given back now
            if not isinstance(event, Placed):
                self._count(-event[0], event[1])
        self._at = at + 1
        self._tried += 1
        if not self._running_counted:
            self._count_running()
        placed = self._log[at]
        assert isinstance(placed, Placed)
        if self._found_settled:
            self._set_aside()
        moved = self._moved_since(self._part_of(at))
        return placed if moved is not None and self._size <= _MOST_CHANGES and self._stands(placed, moved) else None

    def replan(self, lifted: tuple[Holding, ...]) -> Replan | None:
        """The trial logged after the placement just asked, when that placement was recalled (it found too few free
        hosts) and the trial stands: it lifted the same holdings in the same order, and each of its placements stands
        against the difference. A trial holds the profile's holdings less those lifted, plus what it placed so far;
        with the same holdings lifted and the same placements before, its holdings differ from the logged trial's
        exactly as the profile's differ from the log's (the difference), so each placement is checked as the
        profile's are (each is at or after the job's start, which its recall found no earlier than now)."""
        at = self._recalled_at
        replan = self._replans.get(at)  # (none for -1)
        if replan is None or not self._walk or self._walk[-1] is not self._log[at] or replan.lifted != lifted:
            return None  # (lifted: item by item, each compared by identity first)
        moved = self._moved_since(self._part_of(at))
        assert moved is not None  # (else its placement was not recalled: no idle time of its part moved back)
        if not all(self._stands(placed, moved) for placed in replan.placed):
            return None
        self._walk_replans[len(self._walk) - 1] = replan
        self.replans_recalled += 1
        return replan

    def replanned(self, replan: Replan) -> None:
        """Log a trial made afresh after the placement just asked."""
        self._walk_replans[len(self._walk) - 1] = replan

    def _count_running(self) -> None:
        """Count the running jobs held now as taken and those held when the log started as given back (those in both
        cancel): done once, when the walk first meets the log (a session that meets nothing in it spares the work)."""
        self._running_counted = True
        then = {h.job: h for h in self._parts[0].running}
        for holding in self._running:
            was = then.pop(holding.job, None)
            if was != holding:  # most run on as they were: nothing to count
                self._count(1, holding)
                if was is not None:
                    then[was.job] = was
        for was in then.values():
            self._count(-1, was)

    def _count(self, sign: int, holding: Holding) -> None:
        key, allocation = (holding.job, holding.start, holding.end), holding.allocation
        for diff in (self._diff, self._quiet):
            changes = diff.get(key)
            if changes is None:
                continue
            for change in changes:
                if change.allocation is allocation or change.allocation == allocation:
                    change.count += sign
                    if change.count == 0:  # out for good: further counts of the holding make a new change
                        _take_out(diff, change)
                        if diff is self._diff:
                            self._size -= 1
                    return
        self._diff.setdefault(key, []).append(_Change(key, allocation, sign))
        self._size += 1

    def _set_aside(self) -> None:
        """Move the changes found settled out of the difference, into _quiet (see _settled)."""
        for change in self._found_settled:
            if change.count:  # else cancelled since, and out already
                _take_out(self._diff, change)
                self._quiet.setdefault(change.key, []).append(change)
                self._size -= 1
                self.set_aside += 1
        self._found_settled.clear()

    def _stands(self, placed: Placed, moved: Moved) -> bool:
        """Whether the difference and the idle times `moved` since its session leave `placed` as it was (see
        above)."""
        _, a, b, _ = placed.asked
        ranking = placed.ranking
        for (_, start, end), changes in self._diff.items():
            over = holds_over(start, end, a, b)
            if ranking is None:
                if over and any(change.count < 0 for change in changes):
                    return False
                continue
            before, after = gap_terms(start, end, a, b)  # the terms it gives its hosts
            for change in changes:
                if not self._change_stands(placed, ranking, change, over, before, after, end):
                    return False
        return ranking is None or self._idle_stands(placed, ranking, moved)

    def _change_stands(self, placed: Placed, ranking: Ranking, change: _Change, over: bool, before: float,
                       after: float, end: float) -> bool:
        """Whether one change leaves `placed` as it was; `before`, `after`: the gap terms its holding gives (above)."""
        positions = change.positions(self._position)
        if positions is None:
            return False
        if change.count > 0:
            if over:
                return placed.taken_hosts.isdisjoint(change.position_set)
            last_before, last_after = placed.last
            if (before == INF or before > last_before) and (after == INF or after > last_after) \
                    and (after >= placed.most_after or placed.taken_hosts.isdisjoint(change.position_set)):
                return True  # at once, for most: every term above the last taken host's key, no taken host's lowered
            free = ranking.free[positions]
            if before < INF and (free & (before < ranking.before[positions]) & (before <= last_before)).any():
                return False
            return after == INF or not (free & (after < ranking.after[positions])
                                        & ((after <= last_after) | placed.taken[positions])).any()
        if self._settled(change, positions, end):
            return True
        if over:
            return False
        if placed.taken_hosts.isdisjoint(change.position_set):  # a term taken from a host not taken only raises
            return True  # its key: it stays behind
        kept = self._held_again(change)
        if kept is not None:  # the same term is still given there: only the taken hosts it left are checked
            left = placed.taken_hosts & change.position_set - kept
            if not left:
                return True
            positions = np.fromiter(left, dtype=np.intp, count=len(left))
        on_taken = placed.taken[positions]
        if before < INF and (on_taken & (before <= ranking.before[positions])).any():
            return False
        return after == INF or not (on_taken & (after <= ranking.after[positions])).any()

    def _held_again(self, change: _Change) -> frozenset[int] | None:
        """For a holding given back whose job holds the same interval again elsewhere (a reservation placed afresh on
        other hosts: the difference holds the two, given back and taken, and nothing else of that job and interval),
        the hosts of the one taken: each gets the same term as before, so its key is as it was."""
        changes = self._diff.get(change.key)
        if changes is None or len(changes) != 2 or change.count != -1:
            return None
        other = changes[0] if changes[1] is change else changes[1]
        if other.count != 1 or other.positions(self._position) is None:
            return None
        return other.position_set

    def _settled(self, change: _Change, positions: np.ndarray, end: float) -> bool:
        """A holding given back that is a job ended by now, on hosts idle since its end or later (see above)."""
        if change.settled is None:  # idle times are never after now, so such a job ended by now
            change.settled = bool((self._idle[positions] >= end).all())
            if change.settled:  # so it passes every later check of the session (its count stays below 0)
                self._found_settled.append(change)
        return change.settled

    def _idle_stands(self, placed: Placed, ranking: Ranking, moved: Moved) -> bool:
        """Whether the idle times `moved` since its session leave `placed` as it was: each is a `before` term added
        to its host, checked as an added holding's (see above)."""
        hosts, idle, latest = moved
        a = placed.asked[1]
        if not len(hosts) or a - min(latest, a) > placed.last[0]:
            return True  # every term above the last taken host's `before`: none can rank a host before it
        terms = a - np.minimum(idle, a)
        lowered = ranking.free[hosts] & (terms < ranking.before[hosts])
        return not (lowered & (terms <= placed.last[0])).any()
