"""The pend reason codes are refsim's output vocabulary: every trace, decision log and console `why` prints them.
docs/pend-reasons.md is their reference table (code, level, in sort order); the model must say exactly the same."""

import re
from pathlib import Path

from refsim.sched.decisions import PendCode, PendReason, pend_reason_set

DOC = Path(__file__).resolve().parents[3] / "docs" / "pend-reasons.md"


def _documented() -> list[tuple[str, str]]:
    rows = re.findall(r"^\| `([a-z-]+)` \| (job|host) \|", DOC.read_text(), re.MULTILINE)
    assert rows, "the code table of docs/pend-reasons.md was not found"
    return rows


def test_pend_codes_are_the_documented_codes_in_the_documented_order():
    """Each code's text and level is the table's row, and the rows' order is the sort order of a pend reason set.

    Kills: decisions.py:PendCode a code's text replaced (e.g. "shared-shortfall", "cluster-limit", "no-plan",
    "host-closed", "select-mismatch" mutated to "XX"), which changes what every output prints."""
    assert [(code.value, "host" if code.host_level else "job") for code in PendCode] == _documented()


def test_a_pend_reason_set_sorts_by_code_in_table_order_then_host_then_detail():
    """Hand-checked: the table puts job-level codes before host-level ones, so cluster-limit (row 2) sorts before
    host-closed (row 7) whatever the hosts; two reasons of one code sort by host, then by detail."""
    reasons = {PendReason(PendCode.HOST_CLOSED, "a", ""),
               PendReason(PendCode.RESOURCE_SHORTFALL, "b", "slots"),
               PendReason(PendCode.RESOURCE_SHORTFALL, "a", "mem"),
               PendReason(PendCode.RESOURCE_SHORTFALL, "a", "cpu"),
               PendReason(PendCode.CLUSTER_LIMIT, "", "L[all] slots")}
    assert [(r.code.value, r.host, r.detail) for r in pend_reason_set(reasons)] == [
        ("cluster-limit", "", "L[all] slots"), ("host-closed", "a", ""),
        ("resource-shortfall", "a", "cpu"), ("resource-shortfall", "a", "mem"), ("resource-shortfall", "b", "slots")]
