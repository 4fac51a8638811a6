"""The fast path's host source (refsim/sched/candidates.py) on tiny hand-made states: the plain acceptance check
of a run's filling, a run with too few candidates, and a position scan over the candidates. The differential
property (tests/property/test_fast_path.py) checks that it decides as the reference path; these pin each piece
down."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.resreq import parse_requirement
from refsim.sched.candidates import fill_run
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.evaluation import Evaluation
from refsim.sched.hostscan import PositionDemand, judge, scan_position
from refsim.sched.state import SchedulerState


def _on(*hosts: str) -> Allocation:
    return Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in hosts))


def test_the_plain_check_accepts_exactly_where_judge_does() -> None:
    """4 slots with 3 used leave 1: one slot fits, two do not; a resource the host lacks never fits. The fast
    path's run filling (fill_run, for a demand without host-scoped limit terms) takes the host
    exactly where judge() accepts it."""
    host = Host("a", {"slots": 4, "mem": 100})
    state = SchedulerState(Cluster((host,)))
    state.usage.commit(JobId(9), Allocation((HostAllocation("a", (("slots", 3),)),)))
    for text, tasks, fits in (("rusage[mem=100]", 1, True), ("rusage[mem=100]", 2, False),
                              ("rusage[gpu=1]", 1, False)):
        single = parse_requirement(text)
        ev = Evaluation.start(state, Job(JobId(1), min_tasks=tasks, max_tasks=tasks), None)
        demand = PositionDemand(ev, single, tasks)  # type: ignore[arg-type]
        assert (fill_run(ev, demand, 0, set(), 1, judge) == [(host, 0)]) is fits, text
        assert (judge(ev, single, host, demand).reasons == ()) is fits, text  # type: ignore[arg-type]


def test_a_run_with_fewer_candidates_than_positions_takes_no_host() -> None:
    """Two hosts with a free slot each cannot fill three one-slot positions, whatever the judge says."""
    cluster = Cluster((Host("a", {"slots": 1}), Host("b", {"slots": 1}), Host("c", {"slots": 1})))
    state = SchedulerState(cluster)
    state.usage.commit(JobId(9), _on("c"))
    ev = Evaluation.start(state, Job(JobId(1)), None)
    demand = PositionDemand(ev, parse_requirement(""), 1)  # type: ignore[arg-type]
    assert fill_run(ev, demand, 0, set(), 3, judge) == []
    assert [h.name for h, _ in fill_run(ev, demand, 1, set(), 2, judge)] == ["b", "a"]


def test_a_position_scan_over_candidates_finds_the_host_the_full_scan_finds() -> None:
    """Hosts a, b, c, d with one slot each; b is full. A one-slot position scans cyclically from the index where
    the previous one stopped: from 0 it takes a, from 1 it passes the full b and takes c, from 3 it takes d, and
    with a and d claimed, from 3 it wraps round to c. Over the fast path's candidates (the hosts with a free slot)
    the scan finds the same host at the same index.
    Kills: hostscan.py:scan_position taking every host as its steps when the fast path's candidates are given,
    or the candidates when they are not (a negated `ev.on_candidates`)."""
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "abcd"))
    state = SchedulerState(cluster)
    state.usage.commit(JobId(9), _on("b"))
    found = {}
    for fast in (False, True):
        ev = Evaluation.start(state, Job(JobId(1)), None)
        ev.on_candidates = fast
        demand = PositionDemand(ev, parse_requirement(""), 1)  # type: ignore[arg-type]
        found[fast] = [(h.name, i) for h, i in (scan_position(ev, (), 1, 1, demand, claimed, start)  # type: ignore[misc]
                                                for start, claimed in ((0, set()), (1, set()), (3, set()),
                                                                       (3, {"a", "d"})))]
    assert found[False] == [("a", 0), ("c", 2), ("d", 3), ("c", 2)] == found[True]


def test_the_plain_check_counts_what_running_jobs_use() -> None:
    """4 slots with 3 used by a running job: 1 slot is free, so one task fits and two do not, though the host's
    4 slots in all would hold them; with nothing used, four fit and five do not."""
    host = Host("a", {"slots": 4})
    for used, fitting in ((3, 1), (0, 4)):
        state = SchedulerState(Cluster((host,)))
        if used:
            state.usage.commit(JobId(9), Allocation((HostAllocation("a", (("slots", used),)),)))
        for tasks in (fitting, fitting + 1):
            ev = Evaluation.start(state, Job(JobId(1), min_tasks=tasks, max_tasks=tasks), None)
            demand = PositionDemand(ev, parse_requirement(""), tasks)  # type: ignore[arg-type]
            taken = fill_run(ev, demand, 0, set(), 1, judge)
            assert taken == ([(host, 0)] if tasks == fitting else []), (used, tasks)
