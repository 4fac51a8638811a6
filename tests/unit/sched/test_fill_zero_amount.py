"""The fill plan reads a per-task amount of 0 as no constraint on a host's share."""

from refsim.sched.decisions import Dispatch
from tests.support.scenario import cluster, host, job, run
from tests.unit.sched.test_fill_scenarios import slots_on
from tests.unit.sched.test_scenarios import charge


def test_a_zero_rusage_leaves_the_fill_plan_to_the_slots():
    """Kills: refsim/sched/fill.py:39 (`if amount > 0` -> `>=` in host_share), which would divide the free mem by
    the 0 MB asked per task. As in test_ten_tasks_take_the_two_and_eight_free_slots_of_two_hosts, a has 2 free
    slots and b 8, and only the fill plan places 10 tasks: 0 MB of mem per task takes nothing, so the shares are
    the free slots and the job runs 2 tasks on a and 8 on b, each charged 0 MB."""
    r = run(cluster(host("a", slots=8), host("b", slots=8)), job(1, "rusage[mem=0]", tasks=10),
            before=charge("a", slots=6))
    outcome, = [result.outcome for result in r.results]
    assert isinstance(outcome, Dispatch)
    assert slots_on(outcome) == [("a", 2), ("b", 8)]
    assert [dict(h.resources)["mem"] for h in outcome.allocation.hosts] == [0, 0]
