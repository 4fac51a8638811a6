"""The verdict line of a dispatch that a discipline kept without naming a start rule."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.decisions import Allocation, Dispatch, HostAllocation
from refsim.sched.events import DisciplineRuled, DisciplineTraits
from refsim.trace.discipline import verdict


def test_a_kept_dispatch_without_a_rule_reads_started_it_fits():
    """Kills: refsim/trace/discipline.py:160 (`StartRule.FITS: "started: it fits"` -> "XX").
    verdict() reads a kept dispatch with no rule as StartRule.FITS, whose text is fixed in _STARTED; with no
    protected window there is no " of job N" to fill in, and a started job has no reason it was not started."""
    on_h1 = Allocation((HostAllocation("h1", (("slots", 1),)),))
    conservative = DisciplineTraits(False, False, True, False)
    event = DisciplineRuled("conservative", conservative, 0.0, 10.0, True, Dispatch(JobId(1), on_h1), False, None,
                            None, (), False, None, None, None)
    assert verdict(event) == ("started: it fits", None)
