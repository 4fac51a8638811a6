"""`snapshot FILE`: the simulator's state as a document. Only `written` is wall-clock metadata."""

from __future__ import annotations

import datetime as dt
from typing import Any

from refsim.model.jobid import JobId
from refsim.sim.output import allocation_record
from refsim.sim.replay import Simulator


def snapshot_document(sim: Simulator, now: dt.datetime | None = None) -> dict[str, Any]:
    records = sorted(sim.jobs.records.items(), key=lambda kv: JobId.sort_key(kv[0]))
    return {
        "format": "refsim-snapshot",
        "written": (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds"),
        "recording": sim.recording.source,
        "time": sim.time,
        "round": sim.round,
        "hosts": [{"name": h.name, "status": h.status.value} for h in sim.state.cluster.hosts],
        "usage": sim.state.usage.snapshot(),
        "jobs": [{"id": str(jid), "state": r.state.value, "start_time": r.start_time, "end_time": r.end_time,
                  "allocation": allocation_record(r.allocation) if r.allocation is not None else None}
                 for jid, r in records],
    }
