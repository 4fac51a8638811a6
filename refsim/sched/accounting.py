"""Committed usage: what running jobs hold on hosts, in shared resources and against limits."""

from __future__ import annotations

from collections import defaultdict

from refsim.model.jobid import JobId
from refsim.model.units import Amount, normalise
from refsim.sched.decisions import Allocation

LimitKey = tuple[str, str, str]  # (limit name, scope instance, resource)
_LOG_LIMIT = 1 << 16  # host changes kept for the fast path's verdict tables (memory stays bounded)


class Usage:
    """Charged on dispatch, released on finish. The single owner of committed usage."""

    def __init__(self) -> None:
        self.host: dict[str, dict[str, Amount]] = defaultdict(dict)
        self.shared: dict[str, Amount] = {}
        self.limits: dict[LimitKey, Amount] = {}
        self.running: dict[JobId, Allocation] = {}
        self.version = 0  # moves on every commit and release, so memos of decisions know when they are stale
        self.touched: set[str] = set()  # hosts changed since the fast path's free index last looked
        self._host_stamp: dict[str, int] = {}  # the version at which each host's usage last changed
        # Hosts whose usage changed, in order, from log position `log_start` on: the fast path's verdict tables
        # patch themselves from it. Trimmed to a bounded length; a reader that fell behind starts afresh.
        self.log: list[str] = []
        self.log_start = 0

    def host_used(self, host: str, resource: str) -> Amount:
        return self.host[host].get(resource, 0) if host in self.host else 0

    def host_stamp(self, host: str) -> int:
        """The version at which `host`'s committed usage last changed (0: never)."""
        return self._host_stamp.get(host, 0)

    def limit_used(self, limit: str, scope: str, resource: str) -> Amount:
        return self.limits.get((limit, scope, resource), 0)

    def commit(self, job: JobId, allocation: Allocation) -> None:
        """Charge a dispatched job's allocation."""
        if job in self.running:
            raise ValueError(f"job {job} is already running")
        self._apply(allocation, +1)
        self.running[job] = allocation

    def release(self, job: JobId) -> Allocation | None:
        """Release a finished job's allocation; None when the job holds nothing."""
        allocation = self.running.pop(job, None)
        if allocation is not None:
            self._apply(allocation, -1)
        return allocation

    def _apply(self, allocation: Allocation, sign: int) -> None:
        self.version += 1
        version, log = self.version, self.log
        names = [host.host for host in allocation.hosts]  # per host of every dispatch and finish: bulk updates
        self.touched.update(names)
        log.extend(names)
        self._host_stamp.update(dict.fromkeys(names, version))
        if len(log) > _LOG_LIMIT:
            self.trim_log(_LOG_LIMIT // 2)
        self.charge(allocation, sign)

    def charge(self, allocation: Allocation, sign: int) -> None:
        """Add (sign +1) or take back (-1) an allocation's amounts, nothing else: no running job, version or log
        of changed hosts. Commits and releases charge through it; a planning projection charges with it alone."""
        tables = self.host
        for host in allocation.hosts:
            table = tables[host.host]
            for resource, amount in host.resources:  # normalise() only for floats
                total = table.get(resource, 0) + sign * amount
                table[resource] = total if total.__class__ is int else normalise(total)
            if host.limit_charges:
                for charge in host.limit_charges:
                    self._charge(charge.limit, charge.scope, charge.resource, sign * charge.amount)
        for resource, amount in allocation.shared:
            self.shared[resource] = normalise(self.shared.get(resource, 0) + sign * amount)
        for charge in allocation.limit_charges:
            self._charge(charge.limit, charge.scope, charge.resource, sign * charge.amount)

    def log_end(self) -> int:
        """The log position after the last change."""
        return self.log_start + len(self.log)

    def changed_since(self, position: int) -> list[str] | None:
        """Hosts whose usage changed since log position `position`; None when the log no longer goes back so far."""
        if position < self.log_start:
            return None
        return self.log[position - self.log_start:]

    def trim_log(self, keep: int) -> None:
        """Keep at most `keep` log entries (the newest)."""
        drop = len(self.log) - keep
        if drop > 0:
            del self.log[:drop]
            self.log_start += drop

    def _charge(self, limit: str, scope: str, resource: str, amount: Amount) -> None:
        key = (limit, scope, resource)
        self.limits[key] = normalise(self.limits.get(key, 0) + amount)

    def snapshot(self) -> dict[str, object]:
        """Final accounting as plain sorted data, for inspection and comparison."""
        return {
            "hosts": {h: dict(sorted(t.items())) for h, t in sorted(self.host.items()) if any(t.values())},
            "shared": dict(sorted((k, v) for k, v in self.shared.items() if v)),
            "limits": {f"{k[0]}[{k[1]}] {k[2]}": v for k, v in sorted(self.limits.items()) if v},
            "running": sorted(str(j) for j in self.running),
        }
