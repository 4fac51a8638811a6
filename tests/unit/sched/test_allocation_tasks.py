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
