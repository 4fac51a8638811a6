"""The fast path's pieces on tiny hand-made states: the usage log its verdict tables patch from, a table forgetting
a host, the plain acceptance check of a run's filling, bucket outcomes and a run with too few candidates. The
differential property (tests/property/test_fast_path.py) checks that they decide as the reference path; these pin
each piece down."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation, Pend, PendCode, PendReason
from refsim.sched.evaluation import Evaluation
from refsim.sched.fastpath import Buckets, VerdictTable
from refsim.sched.hostscan import PositionDemand, judge, scan_position
from refsim.resreq import parse_requirement
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState


def _on(*hosts: str) -> Allocation:
    return Allocation(tuple(HostAllocation(h, (("slots", 1),)) for h in hosts))


def test_the_usage_log_names_changed_hosts_in_order_and_says_when_it_no_longer_reaches_back() -> None:
    usage = Usage()
    usage.commit(JobId(1), _on("a", "b"))
    usage.release(JobId(1))
    # commit then release: a, b, a, b from position 0; from position 2 only the release
    assert usage.changed_since(0) == ["a", "b", "a", "b"] and usage.changed_since(2) == ["a", "b"]
    assert usage.log_end() == 4
    usage.trim_log(1)  # only the newest entry (position 3) is kept
    assert usage.changed_since(2) is None and usage.changed_since(3) == ["b"] and usage.changed_since(4) == []


def test_a_forgotten_host_loses_its_reasons_and_is_judged_again() -> None:
    """a was rejected, b accepted, c is still to judge. Forgetting c (already to judge), an unknown host, a and b
    passes over the first two and sends a and b back to the hosts to judge, without a's reasons.
    Kills: fastpath.py:VerdictTable.forget stopping at a host it passes over (`continue` -> `break`)."""
    hosts = (Host("a", {"slots": 1}), Host("b", {"slots": 1}), Host("c", {"slots": 1}))
    table = VerdictTable(hosts, 0)
    table.missing = {"c": hosts[2]}
    short = frozenset({PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots")})
    table.by_host["a"], table.reasons, table.accepting = short, set(short), {"b"}
    table.forget(["c", "unknown", "a", "b"])  # a host the table does not know is passed over
    assert table.reasons == set() and table.by_host == {} and table.accepting == set()
    assert list(table.missing) == ["c", "a", "b"]


def test_the_plain_check_accepts_exactly_where_judge_does() -> None:
    """4 slots with 3 used leave 1: one slot fits, two do not; a resource the host lacks never fits. The fast
    path's run filling (CandidateSource.fill, for a demand without host-scoped limit terms) takes the host
    exactly where judge() accepts it."""
    host = Host("a", {"slots": 4, "mem": 100})
    state = SchedulerState(Cluster((host,)))
    state.usage.commit(JobId(9), Allocation((HostAllocation("a", (("slots", 3),)),)))
    for text, tasks, fits in (("rusage[mem=100]", 1, True), ("rusage[mem=100]", 2, False),
                              ("rusage[gpu=1]", 1, False)):
        single = parse_requirement(text)
        ev = Evaluation.start(state, Job(JobId(1), min_tasks=tasks, max_tasks=tasks), None)
        demand = PositionDemand(ev, single, tasks)  # type: ignore[arg-type]
        assert (state.candidates.fill(ev, demand, 0, set(), 1, judge) == [(host, 0)]) is fits, text
        assert (judge(ev, single, host, demand).reasons == ()) is fits, text  # type: ignore[arg-type]


def test_a_bucket_hands_out_the_same_outcome_until_the_version_moves() -> None:
    buckets = Buckets(Cluster((Host("a", {"slots": 1}),)))
    first, twin = Job(JobId(1), max_tasks=2, min_tasks=2), Job(JobId(2), max_tasks=2, min_tasks=2)
    assert buckets.key(first) == buckets.key(twin)  # same requirement and task counts, no limits: one bucket
    assert buckets.known(first, 5) is None
    reasons = (PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots"),)
    buckets.remember(buckets.key(first), reasons)
    outcome = buckets.known(twin, 5)
    assert outcome == Pend(JobId(2), reasons) and buckets.known(twin, 5) is outcome
    assert buckets.known(twin, 6) is None  # a new state version forgets every outcome


def test_a_run_with_fewer_candidates_than_positions_takes_no_host() -> None:
    """Two hosts with a free slot each cannot fill three one-slot positions, whatever the judge says."""
    cluster = Cluster((Host("a", {"slots": 1}), Host("b", {"slots": 1}), Host("c", {"slots": 1})))
    state = SchedulerState(cluster)
    state.usage.commit(JobId(9), _on("c"))
    ev = Evaluation.start(state, Job(JobId(1)), None)
    demand = PositionDemand(ev, parse_requirement(""), 1)  # type: ignore[arg-type]
    assert state.candidates.fill(ev, demand, 0, set(), 3, judge) == []
    assert [h.name for h, _ in state.candidates.fill(ev, demand, 1, set(), 2, judge)] == ["b", "a"]


def test_the_free_slot_total_follows_commits_and_releases_and_ignores_closed_hosts() -> None:
    """Hosts a (4 slots), b (2 slots) and closed c (8): 6 free; 3 on a leave 3; 5 on b (more than it has)
    count 0 for b, so 1; releasing both gives 6 again. Each figure equals a freshly built index's."""
    from refsim.model.cluster import HostStatus
    from refsim.sched.fastpath import FreeIndex

    cluster = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 2}),
                       Host("c", {"slots": 8}, status=HostStatus.CLOSED)))
    state = SchedulerState(cluster)
    index = state.free_index()
    assert index.free_slots(state.usage) == 6
    state.usage.commit(JobId(1), Allocation((HostAllocation("a", (("slots", 3),)),)))
    assert index.free_slots(state.usage) == 3
    state.usage.commit(JobId(2), Allocation((HostAllocation("b", (("slots", 5),)),)))
    assert index.free_slots(state.usage) == 1 == FreeIndex(cluster).free_slots(state.usage)
    state.usage.release(JobId(1))
    state.usage.release(JobId(2))
    assert index.free_slots(state.usage) == 6


def test_a_job_first_asked_about_after_its_bucket_has_an_outcome_gets_that_outcome() -> None:
    """A job never keyed before (no bucket entry yet) that shares its requirement and task counts with a job whose
    outcome is remembered pends for the same reasons, under its own id.
    Kills: fastpath.py:Buckets.known taking the job's entry only when it exists (negated `entry is None ...`)."""
    buckets = Buckets(Cluster((Host("a", {"slots": 1}),)))
    seen, newcomer = Job(JobId(1), max_tasks=2, min_tasks=2), Job(JobId(2), max_tasks=2, min_tasks=2)
    assert buckets.known(seen, 3) is None
    reasons = (PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots"),)
    buckets.remember(buckets.key(seen), reasons)
    assert buckets.known(newcomer, 3) == Pend(JobId(2), reasons)


def test_a_position_scan_over_candidates_finds_the_host_the_full_scan_finds() -> None:
    """Hosts a, b, c, d with one slot each; b is full. A one-slot position scans cyclically from the index where
    the previous one stopped: from 0 it takes a, from 1 it passes the full b and takes c, from 3 it takes d, and
    with a and d claimed, from 3 it wraps round to c. Over the fast path's candidates (the hosts with a free slot)
    the scan finds the same host at the same index.
    Kills: hostscan.py:scan_position taking every host as its steps when the fast path's candidates are given,
    or the candidates when they are not (a negated or inverted `source is None`)."""
    cluster = Cluster(tuple(Host(n, {"slots": 1}) for n in "abcd"))
    state = SchedulerState(cluster)
    state.usage.commit(JobId(9), _on("b"))
    found = {}
    for fast in (False, True):
        ev = Evaluation.start(state, Job(JobId(1)), None)
        ev.candidates = state.candidates if fast else None
        demand = PositionDemand(ev, parse_requirement(""), 1)  # type: ignore[arg-type]
        found[fast] = [(h.name, i) for h, i in (scan_position(ev, (), 1, 1, demand, claimed, start)  # type: ignore[misc]
                                                for start, claimed in ((0, set()), (1, set()), (3, set()),
                                                                       (3, {"a", "d"})))]
    assert found[False] == [("a", 0), ("c", 2), ("d", 3), ("c", 2)] == found[True]


def test_a_pend_explained_from_verdict_tables_names_the_failing_positions_own_shortfall() -> None:
    """Hosts x and w (3 slots, mem 1000) and v (3 slots, 2 of them used, mem 250); 8 tasks of mem 100 with
    span[ptile=3]: the one plan is 3, 3, 2. x and w take the 3-task positions; the 2-task position fails on v,
    whose 1 free slot is short (its mem, 200 of 250, would do): the job pends for v's slots alone, on the fast
    path's explanation as on the reference path (a 3-task demand on v would be short of mem instead).
    Kills: placement.py:_run_end running a run of equal demands on into positions of another size."""
    def outcome(reference: bool) -> object:
        cluster = Cluster((Host("x", {"slots": 3, "mem": 1000}), Host("w", {"slots": 3, "mem": 1000}),
                           Host("v", {"slots": 3, "mem": 250})))
        state = SchedulerState(cluster)
        state.reference_only = reference
        state.usage.commit(JobId(9), Allocation((HostAllocation("v", (("slots", 2),)),)))
        state.submit(Job(JobId(1), resreq="rusage[mem=100] span[ptile=3]", min_tasks=8, max_tasks=8))
        return [r.outcome for r in run_session(state, 1)]

    shortfall = [Pend(JobId(1), (PendReason(PendCode.RESOURCE_SHORTFALL, "v", "slots"),))]
    assert outcome(reference=False) == shortfall == outcome(reference=True)


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
            taken = state.candidates.fill(ev, demand, 0, set(), 1, judge)
            assert taken == ([(host, 0)] if tasks == fitting else []), (used, tasks)


def test_the_reference_path_is_forced_by_the_environment_switch_and_only_by_a_value_other_than_0(monkeypatch) -> None:
    """REFSIM_REFERENCE_PATH=1 makes every untraced job take the reference path (the benchmarks' reference
    figures are measured so); unset, empty or 0, untraced jobs take the fast path.
    The switch is named as docs/planning.md names it, REFSIM_REFERENCE_PATH.
    Kills: fastpath.py:reference_forced returning None (the switch ignored), `not in` -> `in`, and either
    accepted "off" value ("" or "0") changed; fastpath.py REFERENCE_ENV naming another variable."""
    cluster = Cluster((Host("a", {"slots": 1}),))
    monkeypatch.delenv("REFSIM_REFERENCE_PATH", raising=False)
    assert SchedulerState(cluster).fast_path is True
    for value, forced in (("1", True), ("yes", True), ("0", False), ("", False)):
        monkeypatch.setenv("REFSIM_REFERENCE_PATH", value)
        assert SchedulerState(cluster).fast_path is (not forced), value


def test_jobs_of_a_bucket_that_found_no_reason_each_end_with_no_decision() -> None:
    """`{} || {}` tries nothing, so a job asking it ends with no decision of kind NO_REASON (test_scenarios.py).
    Jobs 1, 2 and 3 ask it: job 1 is evaluated, and jobs 2 and 3 take their bucket's outcome, which is the same
    no-decision under their own ids, never a pend; alike in a session one job at a time and in a compact one.
    Kills: fastpath.py:Buckets.known and Buckets.known_run handing out a remembered no-decision kind as a pend
    (the `isinstance(known, NoDecisionKind)` test negated)."""
    from refsim.sched.decisions import KnownOutcomes, NoDecision, NoDecisionKind
    for compact in (False, True):
        state = SchedulerState(Cluster((Host("a", {"slots": 1}),)), reference_only=False)
        for number in (1, 2, 3):
            state.submit(Job(JobId(number), resreq="{} || {}"))
        outcomes = [outcome for result in run_session(state, 1, compact=compact)
                    for outcome in (result.outcomes if isinstance(result, KnownOutcomes) else (result.outcome,))]
        assert outcomes == [NoDecision(JobId(n), NoDecisionKind.NO_REASON) for n in (1, 2, 3)], compact
