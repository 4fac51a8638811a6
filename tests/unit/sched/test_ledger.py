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


def _exact(value):
    """An amount with its type: 1 and 1.0 are equal numbers but print differently ("1" vs "1.0")."""
    return (type(value), value)


def test_float_amounts_that_add_up_to_a_whole_number_are_held_and_charged_as_ints():
    """Amounts print the same whatever their origin (refsim/model/units.py normalise): two halves held on a host,
    on a shared resource, on a limit counter or claimed in bulk add up to 1, an int, in what the ledger reports and
    in the allocation it builds; a single 0.5 stays 0.5 (positive).
    Kills: refsim/sched/ledger.py:Ledger.claim, Ledger._add and _add_to keeping an integral float total
    (`total.__class__ is int` negated or `is not`), and Ledger.allocation negating a host's first float amount
    (`0 + amount` -> `0 - amount`) or keeping it as an integral float."""
    ledger = Ledger()
    ledger.claim(["a"], (("mem", 0.5),))
    ledger.claim(["a"], (("mem", 0.5),))
    for _ in range(2):
        ledger.hold(Hold("gpu", 0.5, host="b"))
        ledger.hold(Hold("lic", 0.5))
        ledger.hold(Hold("slots", 0.5, limit="L", scope="all"))
        ledger.hold(Hold("slots", 0.5, host="b", limit="H", scope="host=b"))
    ledger.hold(Hold("mem", 0.5, host="c"))
    ledger.hold(Hold("mem", 2.0, host="d"))
    assert _exact(ledger.host_reserved("a", "mem")) == (int, 1)
    assert _exact(ledger.host_reserved("b", "gpu")) == (int, 1)
    assert _exact(ledger.shared_reserved("lic")) == (int, 1)
    assert _exact(ledger.limit_reserved("L", "all", "slots")) == (int, 1)
    allocation = ledger.allocation()
    assert [(h.host, [(r, _exact(v)) for r, v in h.resources]) for h in allocation.hosts] == [
        ("a", [("mem", (int, 1))]), ("b", [("gpu", (int, 1))]), ("c", [("mem", (float, 0.5))]),
        ("d", [("mem", (int, 2))])]
    assert [_exact(v) for _, v in allocation.shared] == [(int, 1)]
    assert [(c.limit, _exact(c.amount)) for c in allocation.limit_charges] == [("L", (int, 1))]
    assert [(c.limit, _exact(c.amount)) for c in allocation.hosts[1].limit_charges] == [("H", (int, 1))]


def test_a_host_amount_merged_into_its_first_resource_keeps_the_resources_after_it():
    """Kills: refsim/sched/ledger.py:_merged dropping the resource after the merged one (`held[place + 1:]` ->
    `held[place + 2:]`)."""
    ledger = Ledger()
    ledger.claim(["a"], (("slots", 1), ("mem", 100), ("gpu", 1)))
    ledger.claim(["a"], (("slots", 1), ("mem", 100), ("gpu", 1)))
    assert ledger.allocation().hosts[0].resources == (("slots", 2), ("mem", 200), ("gpu", 2))


def test_a_resource_never_held_on_a_host_with_holds_is_reserved_zero():
    """Kills: refsim/sched/ledger.py:Ledger.host_reserved defaulting a resource absent from a host's table to 1."""
    ledger = Ledger()
    ledger.claim(["a"], (("slots", 1),))
    assert ledger.host_reserved("a", "mem") == 0 and ledger.host_reserved("a", "slots") == 1
