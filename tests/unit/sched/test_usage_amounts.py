"""Committed usage keeps whole amounts whole: fractional charges that add up to a whole number are written as one,
as the snapshot (`refsim` console `snapshot`) shows them."""

import json

import pytest

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation


def test_fractional_charges_adding_up_to_a_whole_amount_are_shown_whole() -> None:
    """Two jobs of mem 0.5 and 1.5 on host a hold 2 in all, shown as 2, not 2.0; once the 1.5 is released, 0.5.
    Kills: accounting.py:Usage._apply leaving a float total unnormalised (an inverted `__class__ is int`)."""
    usage = Usage()
    for job, mem in ((1, 0.5), (2, 1.5)):
        usage.commit(JobId(job), Allocation((HostAllocation("a", (("slots", 1), ("mem", mem))),)))
    assert json.dumps(usage.snapshot()["hosts"]) == '{"a": {"mem": 2, "slots": 2}}'
    usage.release(JobId(2))
    assert json.dumps(usage.snapshot()["hosts"]) == '{"a": {"mem": 0.5, "slots": 1}}'


def test_a_job_charged_twice_is_refused_and_its_first_charge_kept() -> None:
    """Job 1 holds 2 slots of a; charging job 1 again (say 1 slot of b) is refused with a message naming the job,
    and usage still shows only the first charge.
    Kills: refsim/sched/accounting.py:Usage.commit charging a running job a second time, or its message text."""
    usage = Usage()
    usage.commit(JobId(1), Allocation((HostAllocation("a", (("slots", 2),)),)))
    with pytest.raises(ValueError, match=r"^job 1 is already running$"):
        usage.commit(JobId(1), Allocation((HostAllocation("b", (("slots", 1),)),)))
    assert usage.snapshot() == {"hosts": {"a": {"slots": 2}}, "shared": {}, "limits": {}, "running": ["1"]}
