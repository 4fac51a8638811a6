"""refsim's convention: data are frozen dataclasses. A value handed from one layer to another (a job, a limit, a
decision, a trace event, a replay warning) can then be shared, cached and compared without one holder changing it
under another. Only a few dataclasses are working records that their owner updates in place; they are listed
below, each with the reason."""

import dataclasses
import importlib
import inspect
import pkgutil

import refsim

# Dataclasses that are mutable on purpose: each is a record its single owner fills in or updates step by step.
MUTABLE_ON_PURPOSE = {
    # One job's evaluation in one scheduling pass: the ledger, pend reasons, rejections and scope table accumulate
    # as hosts are scanned, and the allocator sets the fast path's candidates flag and memo on it.
    "refsim.sched.evaluation.Evaluation",
    # A job's life as a run's output file tells it: start, end and finished are set as its records are read.
    "refsim.report.metrics.JobLife",
    # Streams a run's records (`add`), keeping the jobs seen so far and the span record when it arrives.
    "refsim.report.metrics.MetricsBuilder",
    # The simulator's record of a job: its state, start and end times, allocation and last outcome change as the
    # replay dispatches, finishes or removes it.
    "refsim.sim.jobtable.JobRecord",
    # `report --jobs` and `report --job`: a job as the run's records tell it, filled in as its start, finish, pends
    # and reasons are read (report/jobs.py, sim/story.py).
    "refsim.report.jobs._Job",
    "refsim.sim.story._Other",
    # An LSF event log read record by record: the jobs submitted, each job's start, hosts and end as its JOB_START
    # and JOB_STATUS records arrive (importers/lsf_events.py).
    "refsim.importers.lsf_events.EventLog",
    "refsim.importers.lsf_events._Life",
    # Conservative's sketch by counts kept across bulk sessions: its jobs and their starts grow as the sessions
    # sketch more waiting jobs and shrink as jobs start (sched/countplan.py).
    "refsim.sched.countplan.Sketched",
}


def _refsim_dataclasses() -> dict[str, type]:
    found = {}
    for info in pkgutil.walk_packages(refsim.__path__, "refsim."):
        if info.name.endswith("__main__"):
            continue  # importing it runs the command line
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == info.name and dataclasses.is_dataclass(cls):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def test_every_dataclass_is_frozen_unless_listed():
    """Kills: any `@dataclass(frozen=True)` in refsim mutated to `frozen=False` (e.g. refsim/model/limits.py Limit,
    refsim/sched/events.py's trace events, refsim/resreq/ast.py Compound, refsim/sim/replay.py ReplayWarning), which
    no behaviour test notices because nothing assigns to those values: only this convention does."""
    found = _refsim_dataclasses()
    thawed = sorted(name for name, cls in found.items()
                    if not cls.__dataclass_params__.frozen and name not in MUTABLE_ON_PURPOSE)
    assert len(found) > 50  # the walk really reached refsim's modules
    assert thawed == []


def test_the_mutable_list_names_only_mutable_dataclasses():
    """The allow-list stays honest: each entry still exists, is a dataclass, and is really mutable."""
    found = _refsim_dataclasses()
    stale = sorted(name for name in MUTABLE_ON_PURPOSE
                   if name not in found or found[name].__dataclass_params__.frozen)
    assert stale == []
