"""The free index (refsim/sched/freeindex.py) on a tiny hand-made state: the committed free slots of the open
hosts as usage is committed and released. The differential property (tests/property/test_fast_path.py) checks
that its candidates decide as the reference path; this pins the count down."""

from refsim.model.cluster import Cluster, Host
from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.state import SchedulerState


def test_the_free_slot_total_follows_commits_and_releases_and_ignores_closed_hosts() -> None:
    """Hosts a (4 slots), b (2 slots) and closed c (8): 6 free; 3 on a leave 3; 5 on b (more than it has)
    count 0 for b, so 1; releasing both gives 6 again. Each figure equals a freshly built index's."""
    from refsim.model.cluster import HostStatus
    from refsim.sched.freeindex import FreeIndex

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
