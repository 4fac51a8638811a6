"""A job's story (sim/story.py) as lines for one screen, or as JSON-ready data with every list in full."""

from __future__ import annotations

import dataclasses

from refsim.model.duration import duration_words
from refsim.model.units import format_number
from refsim.sim.story import STARVED, Start, Story

MAX_LISTED = 10  # runs of reasons and jobs listed on the screen; --json lists them all


def _t(time: float | None) -> str:
    return "never" if time is None else "t=" + format_number(time)


def _seconds(seconds: float) -> str:
    return f"{format_number(seconds)} s ({duration_words(seconds)})"


def _more(count: int, noun: str) -> list[str]:
    return [f"    and {count - MAX_LISTED} more {noun} (--json lists them all)"] if count > MAX_LISTED else []


def story_lines(story: Story) -> list[str]:
    """The story: what it was, when it waited and why, who took what it needed, what it finally waited for, who
    overtook it, its planned starts, and a starvation note; with an epoch, the dates of its submission and start."""
    tasks = "" if story.tasks is None else f", {story.tasks} slot{'s' * (story.tasks != 1)}"
    lines = [f"job {story.job}: queue {story.queue}{tasks}", "  " + _when(story)]
    if story.epoch is not None:
        dates = f"  submitted {story.epoch.date(story.submit)}"
        lines.append(dates + ("" if story.start is None else f", started {story.epoch.date(story.start)}"))
    if story.runs:
        lines.append("  pend reasons, by run of sessions:")
        for run in story.runs[:MAX_LISTED]:
            span = _t(run.first) if run.first == run.last else f"{_t(run.first)} to {_t(run.last)}"
            lines.append(f"    {span}, {run.sessions} session{'s' * (run.sessions != 1)}: {'; '.join(run.reasons)}")
        lines += _more(len(story.runs), "runs")
    lines += _takers(story.takers)
    lines += _freed(story)
    lines += _overtaken(story.overtakers)
    lines += _planned(story)
    if story.starved:
        lines.append(f"  starvation: overtaken by {len(story.overtakers)} later jobs (noted from {STARVED})")
    return lines


def _when(story: Story) -> str:
    sessions = f"pending in {story.sessions} session{'s' * (story.sessions != 1)}"
    if story.waited is not None:
        started = f"submitted {_t(story.submit)}, started {_t(story.start)} on {story.hosts}"
        return f"{started}: waited {_seconds(story.waited)}, {sessions}"
    if story.left is not None:  # removed while pending
        return (f"submitted {_t(story.submit)}, removed {_t(story.left[1])} without starting, after waiting "
                f"{_seconds(story.left[1] - story.submit)}, {sessions}")
    end = story.run_end if story.run_end is not None else story.submit
    when = f"at {_t(end)}, the run so far" if story.ongoing else f"when the run ended at {_t(end)}"
    return (f"submitted {_t(story.submit)}, never started: still pending {when}, after "
            f"{_seconds(end - story.submit)}, {sessions}")


def _named(start: Start) -> str:
    return f"job {start.job} at {_t(start.time)} on {start.hosts}"


def _takers(takers: tuple[Start, ...]) -> list[str]:
    if not takers:
        return []
    ahead = sum(1 for s in takers if s.ahead)
    lines = [f"  took resources it needed while it waited: {len(takers)} job{'s' * (len(takers) != 1)} "
             f"({ahead} ahead of it in order, {len(takers) - ahead} backfilled)"]
    lines += [f"    {_named(s)}: {'ahead of it' if s.ahead else 'backfilled (submitted after it)'}"
              for s in takers[:MAX_LISTED]]
    return lines + _more(len(takers), "jobs")


def _freed(story: Story) -> list[str]:
    if story.start is None:
        return []
    if not story.runs:
        return ["  it did not wait: it started in the session of its submission"]
    if not story.freed_by:
        return [f"  finally waited for: no job on its hosts ended between its last pend session "
                f"({_t(story.runs[-1].last)}) and its start"]
    ends = [f"job {e.job} {'removed' if e.removed else 'finished'} at {_t(e.time)} (freed {e.hosts})"
            for e in story.freed_by]
    return ["  finally waited for: " + ", ".join(ends[:MAX_LISTED])] + _more(len(ends), "ends")


def _overtaken(overtakers: tuple[Start, ...]) -> list[str]:
    if not overtakers:
        return ["  overtaken by no later job"]
    first, last = overtakers[0], overtakers[-1]
    if len(overtakers) == 1:
        return [f"  overtaken by 1 later job: job {first.job} (started {_t(first.time)})"]
    return [f"  overtaken by {len(overtakers)} later jobs: first job {first.job} (started {_t(first.time)}), "
            f"last job {last.job} (started {_t(last.time)})"]


def _planned(story: Story) -> list[str]:
    known = [p for p in story.planned if p is not None]
    if not known:
        return []
    first, last = known[0], known[-1]
    drift = last - first
    line = (f"  planned starts: {len(story.planned)} backfill reservation{'s' * (len(story.planned) != 1)} held; "
            f"first {_t(first)}, last {_t(last)} (drift {'+' if drift > 0 else ''}{format_number(drift)} s)")
    if story.start is not None:
        line += f"; started {_t(story.start)}"
    return [line]


def story_data(story: Story) -> dict[str, object]:
    """The story as JSON-ready data: times in seconds, every list in full."""
    data = dataclasses.asdict(story)
    data["left"] = None if story.left is None else {"how": story.left[0], "time": story.left[1]}
    data["waited"] = story.waited
    data["starved"] = story.starved
    del data["ongoing"]
    epoch = story.epoch
    data["epoch"] = None if epoch is None else epoch.document()
    data["submit_date"] = None if epoch is None else epoch.date(story.submit)
    data["start_date"] = None if epoch is None or story.start is None else epoch.date(story.start)
    return data
