"""The verdict memo (refsim/sched/verdicts.py) on tiny hand-made states: the usage log its verdict tables patch
from, a table forgetting a host, and a pend explained from the tables. The differential property
(tests/property/test_fast_path.py) checks that the memo explains pends as the reference path; these pin each piece
down."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation, Pend, PendCode, PendReason
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.sched.verdicts import VerdictTable


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
    Kills: verdicts.py:VerdictTable.forget stopping at a host it passes over (`continue` -> `break`)."""
    hosts = (Host("a", {"slots": 1}), Host("b", {"slots": 1}), Host("c", {"slots": 1}))
    table = VerdictTable(hosts, 0)
    table.missing = {"c": hosts[2]}
    short = frozenset({PendReason(PendCode.RESOURCE_SHORTFALL, "a", "slots")})
    table.by_host["a"], table.reasons, table.accepting = short, set(short), {"b"}
    table.forget(["c", "unknown", "a", "b"])  # a host the table does not know is passed over
    assert table.reasons == set() and table.by_host == {} and table.accepting == set()
    assert list(table.missing) == ["c", "a", "b"]


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


def test_a_tables_canonical_reasons_stay_sorted_as_hosts_come_and_go() -> None:
    """VerdictTable.canonical() against pend_reason_set() of its reasons after every change: hosts rejected for one
    or several reasons, forgotten and judged again, asked for before and after the order is kept, on host names
    that are prefixes of one another or hold NUL and SOH.
    Kills: verdicts.py:VerdictTable._join / _leave / _patch leaving the kept order behind the reasons."""
    import random

    from refsim.sched.decisions import pend_reason_set

    rng = random.Random(29)
    names = ["n", "n1", "n10", "n\0", "n\0\1", "a b", "m", "n2"]
    hosts = tuple(Host(n, {"slots": 1}) for n in names)
    table = VerdictTable(hosts, 0)
    codes = (PendCode.RESOURCE_SHORTFALL, PendCode.HOST_LIMIT, PendCode.SELECT_MISMATCH, PendCode.HOST_CLOSED)
    last: dict[str, frozenset[PendReason]] = {}
    for step in range(600):
        name = rng.choice(names)
        if name in table.missing:  # judged again: mostly for the reasons it gave before, as on a busy cluster
            reasons = last.get(name) if rng.random() < 0.5 else None
            if reasons is None:
                reasons = frozenset(PendReason(rng.choice(codes), name, rng.choice(("slots", "mem", "", "x\0")))
                                    for _ in range(rng.randint(0, 3)))
            del table.missing[name]
            table.rejected(name, reasons)
            last[name] = reasons
        else:
            table.forget(rng.sample(names, rng.randint(1, 3)))
        if step % 4 == 1:
            assert table.canonical() == pend_reason_set(table.reasons)
