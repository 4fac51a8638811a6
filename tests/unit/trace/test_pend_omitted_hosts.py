"""A pend over more than 50 hosts: the hosts past the 50th are totalled per pend code, in code order."""

from __future__ import annotations

from tests.support.console import console_lines, trace_lines

# 55 one-slot hosts of type X with 1G of mem, but h51: type Y with 2G. The job asks type X and 2G of mem, so every
# host is rejected: h51 for its type only (it has the mem), the others for mem only. Hosts are listed in name
# order: h01-h50 one line each, then h51-h55 totalled: h51 (select-mismatch) is met first, h52-h55
# (resource-shortfall) after it.
HOSTS = "".join(f"    - {{name: h{i:02d}, slots: 1, mem: {'2G' if i == 51 else '1G'}, type: {'Y' if i == 51 else 'X'}}}\n"
                for i in range(1, 56))
RECORDING = ("cluster:\n  hosts:\n" + HOSTS + "events:\n"
             "  - {time: 0, submit: {id: 1, run_time: 10, resreq: 'select[type==X] rusage[mem=2G]'}}\n")


def test_the_omitted_hosts_entries_are_counted_in_code_order():
    """Kills: refsim/trace/outcome.py:pend_lines `sorted(counts.items())` -> `list(...)` (the codes would come in
    the order first met, select-mismatch before resource-shortfall)."""
    block = trace_lines(console_lines(RECORDING, ["trace on 1", "step"]), "1", 1)
    assert block[-2:] == ["  h50: resource-shortfall mem",
                          "  5 more hosts omitted; their entries: resource-shortfall 4, select-mismatch 1"]
