"""Every kind of event sched can send a traced job's observer has a handler in the one collector, and every body
event it keeps has a maker in both renderers, so a new event kind cannot reach a collector unhandled (a KeyError
mid-decision) nor be silently left out of either trace."""

from __future__ import annotations

import typing

import pytest

from refsim.sched import events
from refsim.trace import collector, decision, jsontrace, text

EVENT_KINDS = set(typing.get_args(events.Event))
BODY_KINDS = set(typing.get_args(decision.BodyEvent))


def test_every_event_kind_has_a_handler():
    assert set(collector._HANDLERS) == EVENT_KINDS


@pytest.mark.parametrize("table", [text._RENDERERS, jsontrace._MAKERS], ids=["text", "json"])
def test_every_body_event_kind_is_rendered(table):
    assert set(table) == BODY_KINDS
    assert BODY_KINDS < EVENT_KINDS
