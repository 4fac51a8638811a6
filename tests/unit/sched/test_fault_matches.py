"""A fault targets exactly the evaluation point it names: each field it gives must be equal, each it leaves out
matches anything."""

from __future__ import annotations

from refsim.model.jobid import JobId
from refsim.sched.faults import Fault, FaultPoint

POINT = FaultPoint.HOST_CHECK
JOB = JobId(7)
# The point being evaluated: job 7, plan 2, position 3, host h1, the top requirement's first child.
AT = dict(point=POINT, job=JOB, plan=2, position=3, host="h1", requirement=(1,))


def test_each_given_field_must_equal_the_evaluated_point():
    """Kills: refsim/sched/faults.py:50 (`self.position == position` -> `!=`), and the same change in the
    requirement, plan and host tests (lines 48, 49, 51). A fault naming the point's own value matches; naming
    another value (position 4, plan 1, host h2, child 2) does not; naming nothing matches."""
    assert Fault(POINT).matches(**AT)
    for field, same, other in (("position", 3, 4), ("plan", 2, 1), ("host", "h1", "h2"),
                               ("requirement", (1,), (2,))):
        assert Fault(POINT, **{field: same}).matches(**AT), field
        assert not Fault(POINT, **{field: other}).matches(**AT), field
    assert not Fault(FaultPoint.PLAN_BUILD).matches(**AT)
