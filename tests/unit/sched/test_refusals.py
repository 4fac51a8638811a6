"""What the scheduler's own objects refuse: charging a job that already runs, and a discipline that does not
exist (its message names every choice, in the order docs/disciplines.md lists them)."""

import pytest

from refsim.model.jobid import JobId
from refsim.sched.accounting import Usage
from refsim.sched.decisions import Allocation, HostAllocation
from refsim.sched.disciplines import discipline


def test_a_running_job_cannot_be_charged_again_and_its_first_charge_stays() -> None:
    """Kills: accounting.py:Usage.commit charging a job that is already running (a second charge of the slot)."""
    usage = Usage()
    one_slot = Allocation((HostAllocation("a", (("slots", 1),)),))
    usage.commit(JobId(4), one_slot)
    with pytest.raises(ValueError, match=r"^job 4 is already running$"):
        usage.commit(JobId(4), one_slot)
    assert usage.host_used("a", "slots") == 1 and usage.running == {JobId(4): one_slot}


def test_an_unknown_discipline_is_refused_with_every_choice_named() -> None:
    """Kills: disciplines/__init__.py:discipline naming the choices wrongly or not refusing the name."""
    with pytest.raises(KeyError) as refused:
        discipline("fifo")
    assert refused.value.args[0] == ("unknown discipline 'fifo' (expected one of: greedy, strict, easy, "
                                     "conservative, easy-drevt, conservative-drevt)")
    assert discipline("easy-drevt").name == "easy-drevt"
