"""`report --jobs` on the NASA log against an independent computation from the same run output (skipped without
the log): its first 1,000 jobs at twice the load (submit times x 0.5), run limits from the run times, greedy.
The check counts who overtook whom pair by pair with numpy, and waits and sessions from the records directly."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.support.cli import run

NASA = Path(__file__).resolve().parents[4] / "shared/data/NASA-iPSC-1993-3.1-cln.swf.gz"
pytestmark = pytest.mark.skipif(not NASA.exists(), reason=f"the NASA iPSC log is not at {NASA}")


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def test_the_job_list_matches_an_independent_count(tmp_path):
    recording, output = tmp_path / "nasa.json", tmp_path / "nasa.jsonl"
    assert run("import", "swf", str(NASA), "-o", str(recording), "--jobs", "1000", "--time-scale", "0.5",
               "--run-limit", "run-time").exit_code == 0
    assert run("sim", str(recording), "--sim-output", str(output)).exit_code == 0
    result = run("report", str(output), "--jobs", "--sort", "submit", "--json")
    assert result.exit_code == 0
    rows = {row["job"]: row for row in json.loads(result.output)}

    records = _records(output)
    order = [r["job"] for r in records if r["kind"] == "submit"]
    submit = {r["job"]: r["time"] for r in records if r["kind"] == "submit"}
    start: dict[str, float] = {}
    for r in records:
        if r["kind"] == "dispatch":
            start.setdefault(r["job"], r["time"])
    pends = {job: 0 for job in order}
    for r in records:
        if r["kind"] == "pend":
            pends[r["job"]] += 1
    starts = np.array([start.get(job, np.inf) for job in order])
    overtaken = [int(np.sum(starts[i + 1:] < starts[i])) for i in range(len(order))]

    assert list(rows) == order  # --sort submit: submission order, every job once
    assert sum(overtaken) > 5000 and max(pends.values()) > 500  # a loaded run: many jobs overtaken, long waits
    for i, job in enumerate(order):
        row = rows[job]
        assert row["overtaken"] == overtaken[i], job
        assert row["sessions"] == pends[job], job
        assert row["wait"] == start[job] - submit[job], job

    # The longest wait's story, against the same records: who took hosts while it pended, which ends freed the
    # hosts it got, and who overtook it (NASA's jobs select every host, so every host of a start counts).
    longest = max(order, key=lambda job: start[job] - submit[job])
    story = json.loads(run("report", str(output), "--job", longest, "--json").output)
    hosts = {r["job"]: {h["host"] for h in r["allocation"]["hosts"]} for r in records if r["kind"] == "dispatch"}
    ends = {r["job"]: r["time"] for r in records if r["kind"] == "finish"}
    pended = [r["time"] for r in records if r["kind"] == "pend" and r["job"] == longest]
    me = order.index(longest)

    def by_start(jobs):
        return sorted(jobs, key=lambda job: (start[job], order.index(job)))

    assert [t["job"] for t in story["takers"]] == by_start(
        job for job in order if job != longest and start[job] in set(pended))
    assert {e["job"] for e in story["freed_by"]} == {
        job for job in order if job != longest and pended[-1] < ends[job] <= start[longest]
        and hosts[job] & hosts[longest]}
    assert [o["job"] for o in story["overtakers"]] == by_start(
        job for job in order[me + 1:] if start[job] < start[longest])
    assert story["sessions"] == len(pended) and story["waited"] == start[longest] - submit[longest]
