"""Every kind of event sched can send a traced job's observer has a handler, so a new event kind cannot reach a
collector unhandled (a KeyError mid-decision) nor be silently left out of the trace."""

from __future__ import annotations

import typing

import pytest

from refsim.sched import events
from refsim.trace import collector, jsontrace

EVENT_KINDS = set(typing.get_args(events.Event))


@pytest.mark.parametrize("table", [collector._HANDLERS, jsontrace._HANDLERS], ids=["text", "json"])
def test_every_event_kind_has_a_handler(table):
    assert set(table) == EVENT_KINDS
