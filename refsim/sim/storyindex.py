"""Many jobs' stories at once (docs/explore.md, "How the page is made fast"): the same stories as
`StoryBuilder.story`, told from indexes over the run's jobs built once, instead of a pass over every job for each
part of each story.

`StoryBuilder.story` looks at every job three times per story (who took resources, who freed the hosts, who
overtook it) and compresses a host list each time it names a job: fine for one story, minutes for the explorer's
five hundred in a log of tens of thousands of jobs. Here the jobs are indexed by start time and by end time (each
index in the order `story` sorts by: time, then submission order), and each job's host list is compressed once."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from itertools import compress, islice

from refsim.model.hostlist import compress_hosts
from refsim.sim.story import End, Start, Story, StoryBuilder, _Other, _Pend, _runs


class StoryIndex:
    """The jobs of a finished StoryBuilder, indexed for telling stories."""

    def __init__(self, jobs: dict[str, _Other]) -> None:
        self.jobs = jobs
        # stable sorts of the jobs in the builder's order: the same ties as `story`'s own sorts
        self.started = sorted(((n, o, o.start) for n, o in jobs.items() if o.start is not None),
                              key=lambda item: (item[2], item[1].order))
        self.starts = [start for _, _, start in self.started]
        self.orders = [other.order for _, other, _ in self.started]
        self.ended = sorted(((n, o, o.end) for n, o in jobs.items() if o.end is not None and o.start is not None),
                            key=lambda item: (item[2], item[1].order))
        self.ends = [end for _, _, end in self.ended]
        self.by_start: dict[float, list[tuple[str, _Other, float]]] = {}
        for name, other in jobs.items():
            if other.start is not None:
                self.by_start.setdefault(other.start, []).append((name, other, other.start))
        self._compressed: dict[str, str] = {}

    def hosts(self, name: str) -> str:
        """The job's hosts, compressed once."""
        found = self._compressed.get(name)
        if found is None:
            found = self._compressed[name] = compress_hosts(self.jobs[name].hosts)
        return found

    def takers(self, job: str, me: _Other, pends: list[_Pend]) -> tuple[Start, ...]:
        """As StoryBuilder._takers: the jobs that started in a session it pended in for resources."""
        wanting: dict[float, frozenset[str]] = {}
        for pend in pends:
            if pend.wanting:
                wanting[pend.time] = wanting.get(pend.time, frozenset()) | pend.excluded
        found: list[Start] = []
        for time, excluded in wanting.items():
            for name, other, start in self.by_start.get(time, ()):
                if name == job:
                    continue
                used = other.hosts if not excluded else [h for h in other.hosts if h not in excluded]
                if used:
                    hosts = self.hosts(name) if not excluded else compress_hosts(used)
                    found.append(Start(name, start, hosts, other.order < me.order))
        return tuple(sorted(found, key=lambda s: (s.time, self.jobs[s.job].order)))

    def freed_by(self, job: str, me: _Other, pends: list[_Pend]) -> tuple[End, ...]:
        """As StoryBuilder._freed_by: the jobs on its hosts that ended after its last pend, up to its start."""
        if me.start is None or not pends:
            return ()
        after, mine = pends[-1].time, set(me.hosts)
        window = self.ended[bisect_right(self.ends, after):bisect_right(self.ends, me.start)]
        return tuple(End(name, end, compress_hosts(h for h in other.hosts if h in mine), other.removed)
                     for name, other, end in window if name != job and mine.intersection(other.hosts))

    def overtakers(self, me: _Other) -> tuple[Start, ...]:
        """As StoryBuilder._overtakers: the later jobs that started before it."""
        end = len(self.started) if me.start is None else bisect_left(self.starts, me.start)
        # the later jobs among those that started before it, picked at C speed: most stories' prefixes are long
        later = compress(islice(self.started, end), map(me.order.__lt__, islice(self.orders, end)))
        return tuple(Start(name, start, self.hosts(name), False) for name, _, start in later)

def told_stories(builder: StoryBuilder, jobs: Iterable[str]) -> dict[str, Story]:
    """The stories of `jobs` (in the order asked; jobs not in the run left out), equal to `builder.story(job)`
    for each, from a builder that has read the whole run and kept these jobs' pends."""
    index = StoryIndex(builder.jobs)
    stories: dict[str, Story] = {}
    for job in dict.fromkeys(jobs):
        if job not in builder.told:
            continue
        (queue, submit), me, pends = builder.told[job], builder.jobs[job], builder.pends(job)
        stories[job] = Story(job, queue, submit, me.start, me.slots,
                             compress_hosts(me.hosts) if me.start is not None else None,
                             None if me.end is None else ("removed" if me.removed else "finished", me.end),
                             builder.run_end, len(pends), _runs(pends), index.takers(job, me, pends),
                             index.freed_by(job, me, pends), index.overtakers(me),
                             tuple(p.planned for p in pends if p.reserved))
    return stories
