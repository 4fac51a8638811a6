"""An allocation's task count, which the backfilling profile, the job table's slot-seconds and the schedule
report read: one task per slot held, whatever else the hosts hold."""

from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge


def test_an_allocations_tasks_are_its_slots_over_every_host_and_nothing_else():
    """2 slots and 4096 MB on a, 3 slots and 1 ngpus on b, a license and a limit charge of 5 slots: 5 tasks (the
    slots of a and b); the mem, ngpus, license and limit charge count no task.
    Kills: decisions.py:Allocation.tasks summing the amounts of the resources other than slots (`==` -> `!=`,
    or the name "slots" changed), or giving no count."""
    allocation = Allocation((HostAllocation("a", (("slots", 2), ("mem", 4096))),
                             HostAllocation("b", (("ngpus", 1), ("slots", 3)))),
                            (("lic", 1),), (LimitCharge("user_slots", "user=u", "slots", 5),))
    assert allocation.tasks == 5


def test_a_slot_on_each_host_knows_at_once_what_it_would_compute():
    """Allocation.slot_on_each sets its task count, its one-slot hosts and its columns as the properties compute
    them on an allocation of the same holds: 3 hosts, one slot each, so 3 tasks, those 3 hosts, and a slots column
    of ones in allocation order, whole.
    Kills: decisions.py:Allocation.slot_on_each setting another count, other hosts or another column."""
    holds = tuple(HostAllocation(name, (("slots", 1),)) for name in ("h3", "h1", "h2"))
    seeded, computed = Allocation.slot_on_each(holds), Allocation(holds)
    assert seeded == computed
    assert (seeded.tasks, seeded.one_slot_hosts) == (computed.tasks, computed.one_slot_hosts) == (
        3, frozenset({"h1", "h2", "h3"}))
    assert seeded.columns == computed.columns
    assert seeded.columns.hosts == ("h3", "h1", "h2") and seeded.columns.amounts == {"slots": [1, 1, 1]}
    assert seeded.columns.whole
