"""The deterministic fault seam: internal errors on demand, at named points, for tests.

A fault names a point and optionally the job, requirement (1-based child indices from the top), plan
number, position number and host it targets; every
evaluation that matches raises InjectedFault there. The seam is None by default and never built in live mode;
each call site costs one `is not None` test when it is off. docs/faults.md tells how each error propagates.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from refsim.model.jobid import JobId


class FaultPoint(Enum):
    JOB_LOOKUP = "job-lookup"
    DECISION_BUILD = "decision-build"
    PLAN_BUILD = "plan-build"
    PLAN_ATTEMPT = "plan-attempt"
    HOST_SCAN_START = "host-scan-start"
    HOST_SCAN_STEP = "host-scan-step"
    HOST_CHECK = "host-check"
    ALLOCATION_BUILD = "allocation-build"


class InternalError(Exception):
    """An error inside the scheduler's evaluation of one job; the allocator contains it as spec 2.4 says."""


class InjectedFault(InternalError):
    """An internal error raised by the fault seam."""


@dataclass(frozen=True)
class Fault:
    point: FaultPoint
    job: JobId | None = None
    plan: int | None = None
    position: int | None = None
    host: str | None = None
    requirement: tuple[int, ...] | None = None  # 1-based child indices from the top, () for the top

    def matches(self, point: FaultPoint, job: JobId, plan: int | None, position: int | None,
                host: str | None, requirement: tuple[int, ...] | None) -> bool:
        return (self.point is point and (self.job is None or self.job.selects(job))
                and (self.requirement is None or self.requirement == requirement)
                and (self.plan is None or self.plan == plan)
                and (self.position is None or self.position == position)
                and (self.host is None or self.host == host))


@dataclass(frozen=True)
class FaultPlan:
    faults: tuple[Fault, ...]

    def check(self, point: FaultPoint, job: JobId, plan: int | None = None, position: int | None = None,
              host: str | None = None, requirement: tuple[int, ...] | None = None) -> None:
        """Raise InjectedFault when a fault targets this point of this evaluation."""
        for fault in self.faults:
            if fault.matches(point, job, plan, position, host, requirement):
                raise InjectedFault(f"injected fault at {point.value}")
