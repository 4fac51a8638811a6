"""Extra resources at a planned start leave out what the reservation uses up."""

from refsim.model.cluster import Cluster, Host, Queue, SharedResource
from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.holding import Holding
from refsim.sched.profile import Profile
from refsim.sched.reservations import Reservation
from refsim.sched.state import SchedulerState
from tests.unit.sched.test_profile import state_with


def test_a_shared_resource_and_a_host_used_up_are_not_extra():
    """Kills: refsim/sched/profile.py:309 (`r.total - usage.shared.get(...) > 0` -> `+` in extra()), which would
    list lic with 0 free. On the two 4-slot hosts with 2 lic, nothing else held: a reservation of all 4 slots
    of a, 1 slot of b and both lic leaves only b's 3 slots as extra; a (4 - 4 = 0) and lic (2 - 2 = 0) are
    left out."""
    state, _ = state_with()
    profile = Profile(state, 0, lambda j: None)
    reservation = Reservation(JobId(3), 50, 60, Allocation((HostAllocation("a", (("slots", 4),)),
                                                            HostAllocation("b", (("slots", 1),))), (("lic", 2),)),
                              ())
    profile.reserve(reservation)
    extra = profile.extra(reservation)
    assert extra.hosts == (("b", (("slots", 3),)),)
    assert extra.shared == ()


def test_extra_counts_what_is_held_at_the_planned_start_itself():
    """Holdings are half-open [start, end): at the planned start 50, J1's [0, 50) on b has just ended and holds
    nothing, while J2's [50, 70) (1 slot of b and 1 lic) has just begun and holds its share. With the
    reservation taking all of a, the extra is b's 4 - 1 = 3 slots and 2 - 1 = 1 lic.
    Kills: refsim/sched/profile.py:Profile.extra leaving out a holding that starts at the planned start
    (`h.start < at`) or counting one that ends there (`at <= h.end`)."""
    state, _ = state_with()
    profile = Profile(state, 0, lambda j: None)
    profile.hold(Holding(JobId(1), 0, 50, Allocation((HostAllocation("b", (("slots", 4),)),))))
    profile.hold(Holding(JobId(2), 50, 70, Allocation((HostAllocation("b", (("slots", 1),)),), (("lic", 1),))))
    reservation = Reservation(JobId(3), 50, 60, Allocation((HostAllocation("a", (("slots", 4),)),)), ())
    profile.reserve(reservation)
    extra = profile.extra(reservation)
    assert extra.hosts == (("b", (("slots", 3),)),)
    assert extra.shared == (("lic", 1),)


def test_a_shared_resource_nothing_holds_is_extra_in_full():
    """A cluster whose single license nothing holds at the planned start: the whole license is extra, as are b's
    4 slots beside the reservation's 4 on a.
    Kills: refsim/sched/profile.py:Profile.extra counting a shared resource nobody holds as 1 held."""
    cluster = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 4})), (Queue("normal", 0),),
                      (SharedResource("lic", 1),))
    profile = Profile(SchedulerState(cluster), 0, lambda j: None)
    reservation = Reservation(JobId(3), 50, 60, Allocation((HostAllocation("a", (("slots", 4),)),)), ())
    profile.reserve(reservation)
    extra = profile.extra(reservation)
    assert extra.hosts == (("b", (("slots", 4),)),)
    assert extra.shared == (("lic", 1),)


def test_extra_lists_a_hosts_free_resources_by_name():
    """Host b declares slots before mem; its extra lists them by name, mem then slots, as every host's are.
    Kills: refsim/sched/profile.py:Profile.extra listing a host's free resources in the order declared."""
    cluster = Cluster((Host("a", {"slots": 4}), Host("b", {"slots": 4, "mem": 100})), (Queue("normal", 0),))
    profile = Profile(SchedulerState(cluster), 0, lambda j: None)
    reservation = Reservation(JobId(3), 50, 60, Allocation((HostAllocation("a", (("slots", 4),)),)), ())
    profile.reserve(reservation)
    assert profile.extra(reservation).hosts == (("b", (("mem", 100), ("slots", 4))),)
