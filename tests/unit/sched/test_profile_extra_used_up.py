"""Extra resources at a planned start leave out what the reservation uses up."""

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.profile import Profile, Reservation
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
