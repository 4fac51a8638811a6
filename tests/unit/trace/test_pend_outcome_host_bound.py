"""A pend's outcome lists at most 50 hosts (MAX_HOSTS): exactly 50 are all listed, with no omission line."""

from refsim.repl.console import Console
from refsim.sim.load import recording_from


def _outcome(hosts: int) -> list[str]:
    """The outcome lines of job 1's trace: it asks 2GB of mem, and every one of `hosts` 1GB hosts is short of it,
    so each host has one pend reason."""
    recording = {"cluster": {"hosts": [{"name": f"h{i:02d}", "slots": 1, "mem": "1G"} for i in range(1, hosts + 1)]},
                 "events": [{"time": 0, "submit": {"id": 1, "resreq": "rusage[mem=2G]", "run_time": 10}}]}
    out: list[str] = []
    console = Console(recording_from(recording, "r.yaml"), out.append)
    for command in ("trace on 1", "step"):
        console.execute(command)
    start = next(i for i, line in enumerate(out) if line.startswith("  outcome:"))
    return out[start:]


def test_exactly_fifty_hosts_are_all_listed_and_fifty_one_omit_one():
    """Kills: `len(hosts) > MAX_HOSTS` -> `>=` in refsim/trace/outcome.py's pend outcome, which would add
    '0 more hosts omitted' at exactly 50."""
    fifty = _outcome(50)
    assert fifty[0] == "  outcome: pended, 50 pend reasons"
    assert fifty[1:] == [f"    h{i:02d}: resource-shortfall mem" for i in range(1, 51)]
    fifty_one = _outcome(51)
    assert fifty_one[1:51] == fifty[1:]
    assert fifty_one[51:] == ["    1 more hosts omitted; their entries: resource-shortfall 1"]


def test_a_dispatch_to_exactly_fifty_hosts_lists_them_all_with_no_omission_line():
    """Kills: `len(hosts) > MAX_HOSTS` -> `>=` in refsim/trace/outcome.py's dispatch outcome, which would add a
    line totalling no omitted host. Job 1 asks one slot on each of 50 one-slot hosts (span[ptile=1])."""
    recording = {"cluster": {"hosts": [{"name": f"h{i:02d}", "slots": 1} for i in range(1, 51)]},
                 "events": [{"time": 0, "submit": {"id": 1, "tasks": 50, "resreq": "span[ptile=1]", "run_time": 10}}]}
    out: list[str] = []
    console = Console(recording_from(recording, "r.yaml"), out.append)
    for command in ("trace on 1", "step"):
        console.execute(command)
    start = next(i for i, line in enumerate(out) if line.startswith("  outcome:"))
    assert out[start:] == (["  outcome: dispatched to 50 hosts"] + [f"    h{i:02d}: slots 1" for i in range(1, 51)]
                           + ["    shared resources: none", "    cluster-wide limit charges: none"])
