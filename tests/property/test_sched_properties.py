"""Properties of the scheduler core over generated clusters, limits and jobs."""

from hypothesis import given, settings

from refsim.model.cluster import HostStatus
from refsim.sched.decisions import Dispatch
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from tests.support.scenario import Recorder
from tests.support.strategies import clusters, jobs


def _session(cluster, job_list, observe):
    state = SchedulerState(cluster)
    for j in job_list:
        state.submit(j)
    recorder = Recorder()
    results = list(run_session(state, 1, observer_for=(lambda _j: recorder) if observe else None))
    return state, results


@settings(max_examples=150, deadline=None)
@given(clusters(), jobs())
def test_an_observer_never_changes_a_decision(cluster, job_list):
    state_off, off = _session(cluster, job_list, observe=False)
    state_on, on = _session(cluster, job_list, observe=True)
    assert on == off
    assert state_on.usage.snapshot() == state_off.usage.snapshot()


@settings(max_examples=150, deadline=None)
@given(clusters(), jobs())
def test_committed_usage_never_exceeds_hosts_shared_resources_or_limits(cluster, job_list):
    state, results = _session(cluster, job_list, observe=False)
    usage = state.usage
    for host in cluster.hosts:
        for resource, total in host.capacities.items():
            assert usage.host_used(host.name, resource) <= total
    for shared in cluster.shared:
        assert usage.shared.get(shared.name, 0) <= shared.total
    values = {(lim.name, res): value for lim in cluster.limits for res, value in lim.resources}
    for (name, _scope, resource), used in usage.limits.items():
        assert used <= values[(name, resource)]
    for result in results:
        if isinstance(result.outcome, Dispatch):
            placed = [cluster.host(h.host) for h in result.outcome.allocation.hosts]
            assert all(h.status is HostStatus.OPEN for h in placed)
            assert len({h.name for h in placed}) == len(placed)


@settings(max_examples=60, deadline=None)
@given(clusters(), jobs())
def test_every_pending_job_gets_exactly_one_position(cluster, job_list):
    _state, results = _session(cluster, job_list, observe=False)
    assert sorted(r.position for r in results) == list(range(1, len(job_list) + 1))
    assert sorted(str(r.job) for r in results) == sorted(str(j.id) for j in job_list)
