"""Limit charges of a reconstructed dispatch and the order of the final accounting, verified by hand."""

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation, LimitCharge
from refsim.sched.reconstruct import reconstructed_allocation
from refsim.sched.state import SchedulerState
from tests.support.scenario import cluster, host, job, limit


def test_a_host_limit_that_does_not_cover_the_host_leaves_later_limits_charged():
    """Kills: refsim/sched/reconstruct.py:reconstructed_allocation `continue` -> `break` in the host-limit loop (a
    limit whose host list leaves out the host would end the loop, dropping the charges of the limits after it).
    `only_a` lists host a alone, so b is not charged under it; `per_host` covers every host, so b's 2 slots are
    charged under its own scope instance host=b."""
    state = SchedulerState(cluster(host("a"), host("b"), limits=(
        limit("only_a", {"slots": 4}, hosts=["a"]), limit("per_host", {"slots": 4}, per_host="all"))))
    allocation = reconstructed_allocation(state, job(1, tasks=2), (("b", (("slots", 2),)),), ())
    assert allocation.hosts == (HostAllocation("b", (("slots", 2),), (LimitCharge("per_host", "host=b", "slots", 2),)),)


def test_the_final_accounting_lists_hosts_and_limit_charges_sorted_by_name():
    """Kills: refsim/sched/accounting.py:Usage.snapshot `sorted(...)` -> `list(...)` for the hosts or the limits
    (the snapshot file, written with its keys in order, would list them in the order they were first charged).
    The running job is placed on b before a and charges `zeta` before `alpha`; the snapshot lists a and alpha
    first."""
    usage = Usage()
    usage.commit(JobId(1), Allocation((
        HostAllocation("b", (("slots", 1),), (LimitCharge("zeta", "host=b", "slots", 1),)),
        HostAllocation("a", (("slots", 2),), (LimitCharge("alpha", "host=a", "slots", 2),)))))
    snapshot = usage.snapshot()
    assert list(snapshot["hosts"].items()) == [("a", {"slots": 2}), ("b", {"slots": 1})]
    assert list(snapshot["limits"].items()) == [("alpha[host=a] slots", 2), ("zeta[host=b] slots", 1)]


def test_a_reconstructed_dispatch_charges_one_job_and_its_shared_amounts_and_no_slots_it_did_not_take():
    """Kills: refsim/sched/reconstruct.py:_charge counting a job as 2 against a `jobs` limit, and
    reconstructed_allocation leaving the shared amounts out of the totals the cluster-wide limits charge.
    The recorded dispatch holds 100 MB on a (no slot) and one `lic` license. `per_host` counts jobs on each host:
    a is charged 1 job. `user_caps` counts u's jobs, slots and licenses cluster-wide: 1 job and 1 license are
    charged; no slot was taken, so nothing is charged for slots."""
    state = SchedulerState(cluster(host("a"), shared={"lic": 4}, limits=(
        limit("user_caps", {"jobs": 3, "slots": 8, "lic": 2}, per_user="all"),
        limit("per_host", {"jobs": 2}, per_host="all"))))
    allocation = reconstructed_allocation(state, job(1, user="u"), (("a", (("mem", 100),)),), (("lic", 1),))
    assert allocation == Allocation(
        (HostAllocation("a", (("mem", 100),), (LimitCharge("per_host", "host=a", "jobs", 1),)),), (("lic", 1),),
        (LimitCharge("user_caps", "user=u", "jobs", 1), LimitCharge("user_caps", "user=u", "lic", 1)))


def test_a_reconstructed_dispatch_over_two_hosts_charges_their_slots_together_cluster_wide():
    """Kills: refsim/sched/reconstruct.py:reconstructed_allocation totalling the hosts' amounts from 1, or
    taking each host's amount away from the total. The dispatch holds 2 slots on a and 3 on b: u's
    `user_slots` counter is charged 2 + 3 = 5 slots."""
    state = SchedulerState(cluster(host("a"), host("b"), limits=(limit("user_slots", {"slots": 8}, per_user="all"),)))
    allocation = reconstructed_allocation(state, job(1, tasks=5, user="u"),
                                          (("a", (("slots", 2),)), ("b", (("slots", 3),))), ())
    assert allocation.limit_charges == (LimitCharge("user_slots", "user=u", "slots", 5),)
