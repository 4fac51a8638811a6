from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge
from refsim.sched.ledger import Hold, Ledger


def test_rollback_releases_everything_held_since_the_mark():
    ledger = Ledger()
    ledger.hold(Hold("slots", 2, host="a"))
    mark = ledger.mark()
    ledger.hold(Hold("slots", 1, host="a"))
    ledger.hold(Hold("slots", 1, host="b"))
    ledger.hold(Hold("lic", 1))
    ledger.hold(Hold("slots", 2, host="b", limit="L", scope="host=b"))
    assert ledger.hosts_since(mark) == ("a", "b")
    assert ledger.host_reserved("a", "slots") == 3 and ledger.limit_reserved("L", "host=b", "slots") == 2
    ledger.rollback(mark)
    assert ledger.host_reserved("a", "slots") == 2 and ledger.host_reserved("b", "slots") == 0
    assert ledger.shared_reserved("lic") == 0 and ledger.limit_reserved("L", "host=b", "slots") == 0


def test_allocation_merges_per_host_and_keeps_limit_charges_apart():
    ledger = Ledger()
    for hold in (Hold("slots", 1, host="b"), Hold("slots", 2, host="a"), Hold("slots", 1, host="b"),
                 Hold("slots", 1, host="b", limit="H", scope="host=b"), Hold("lic", 1),
                 Hold("slots", 4, limit="U", scope="user=u")):
        ledger.hold(hold)
    assert ledger.allocation() == Allocation(
        (HostAllocation("b", (("slots", 2),), (LimitCharge("H", "host=b", "slots", 1),)),
         HostAllocation("a", (("slots", 2),))),
        (("lic", 1),), (LimitCharge("U", "user=u", "slots", 4),))


def test_usage_commit_and_release_are_inverse():
    usage = Usage()
    alloc = Allocation((HostAllocation("a", (("slots", 2), ("mem", 512)), (LimitCharge("H", "host=a", "slots", 2),)),),
                       (("lic", 1),), (LimitCharge("U", "user=u", "slots", 2),))
    usage.commit(JobId(1), alloc)
    assert usage.host_used("a", "mem") == 512 and usage.limit_used("U", "user=u", "slots") == 2
    assert usage.snapshot()["limits"] == {"H[host=a] slots": 2, "U[user=u] slots": 2}
    assert usage.release(JobId(1)) == alloc
    assert usage.snapshot() == {"hosts": {}, "shared": {}, "limits": {}, "running": []}
    assert usage.release(JobId(1)) is None


def test_claim_holds_the_same_as_a_hold_per_host_and_resource():
    """claim() is the bulk form of hold(Hold(resource, amount, host)): h1 and h2 each get 2 slots and 1.5 mem
    (h1 already held 1 slot, so 3 in all), in claim order, and a rollback to the mark gives back only the claim."""
    resources = (("slots", 2), ("mem", 1.5))
    bulk, single = Ledger(), Ledger()
    for ledger in (bulk, single):
        ledger.hold(Hold("slots", 1, host="h1"))
    assert bulk.held_hosts() == frozenset({"h1"})  # cached: the claim must drop it
    mark = bulk.mark()
    bulk.claim(["h1", "h2"], resources)
    for host in ("h1", "h2"):
        for resource, amount in resources:
            single.hold(Hold(resource, amount, host=host))
    assert bulk.allocation() == single.allocation() == Allocation(hosts=(
        HostAllocation("h1", (("slots", 3), ("mem", 1.5))), HostAllocation("h2", (("slots", 2), ("mem", 1.5)))))
    assert bulk.host_reserved("h1", "slots") == 3 and bulk.host_reserved("h2", "mem") == 1.5
    assert bulk.hosts_since(mark) == ("h1", "h2")
    assert bulk.held_hosts() == frozenset({"h1", "h2"})
    bulk.rollback(mark)
    assert bulk.host_reserved("h1", "slots") == 1 and bulk.host_reserved("h2", "slots") == 0
    assert bulk.held_hosts() == frozenset({"h1"})
