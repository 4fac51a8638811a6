"""Garbage collection during a batch replay.

A replay keeps almost everything it makes until its end (the recording's events and jobs, the scheduler state,
each job's record), and makes next to no reference cycles, so CPython's full collections, which walk every tracked
object, find nothing to free: on the NASA log at time scale 1 nine of them took about 1 s, a seventh of the whole
`refsim sim` process. The young generations still collect as usual, so the few cycles a replay makes are freed
while young. Collection never changes a decision: no refsim object has a finaliser, and nothing reads the
collector's state.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# A full collection after this many collections of the middle generation (CPython's default is 10, which also
# waits until the objects that survived since the last full collection are a quarter of all it tracks).
RARE_FULL_COLLECTIONS = 100


@contextmanager
def rare_full_collections() -> Iterator[None]:
    """Within the block, the oldest generation is collected a tenth as often; the thresholds are given back on the
    way out, whatever they were (blocks may nest, and an embedding program keeps its own setting)."""
    young, middle, oldest = gc.get_threshold()
    gc.set_threshold(young, middle, max(oldest, RARE_FULL_COLLECTIONS))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, oldest)
