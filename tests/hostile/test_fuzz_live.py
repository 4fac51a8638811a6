"""Fuzzing live mode: random sequences of well-formed, half-formed and hostile messages. Invariants: no exception
ever escapes; every rejected request gets exactly one error reply and leaves the scheduler's state unchanged."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from refsim.sim.live import LiveScheduler
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node
from tests.hostile.test_live import CLUSTER, fingerprint

NUMBERS = st.one_of(st.integers(-5, 12), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([10**25, -(10**25), 2**31, 1e308, 1e-308]))
TEXTS = st.one_of(st.sampled_from(["1", "2", "3[1]", "1,2", "2,1", "²", "١٢", "1,99999999999999999999", "",
                                   "normal", "h1", "h2", "open", "closed", "a\x00b", " 1 ", "8G", "nan"]),
                  st.text(max_size=8))
SCALARS = st.one_of(NUMBERS, TEXTS, st.booleans(), st.none())
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
                      max_leaves=8)

JOB = st.fixed_dictionaries({"id": st.one_of(st.integers(1, 6), SCALARS)}, optional={
    "tasks": st.one_of(st.integers(0, 9), st.lists(SCALARS, max_size=3), TEXTS, NUMBERS),
    "priority": SCALARS, "run_time": NUMBERS, "array": st.one_of(st.integers(0, 4), NUMBERS), "queue": TEXTS,
    "user": TEXTS, "resreq": st.sampled_from(["", "select[mem>1]", "2*{select[x]}", "{" * 200 + "}" * 200,
                                               "select[" + "(" * 150 + "mem" + ")" * 150 + "]", "rusage[mem=1e9]"]),
    "bogus": SCALARS})
HOST = st.fixed_dictionaries({"name": st.sampled_from(["h1", "h2", "h3"]), "slots": st.one_of(st.integers(0, 8), NUMBERS)},
                             optional={"mem": st.one_of(NUMBERS, TEXTS)})
MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": st.just("submit"), "job": JOB}, optional={"time": NUMBERS}),
    st.fixed_dictionaries({"type": st.just("finish"), "job": st.one_of(TEXTS, st.integers(1, 6))}),
    st.fixed_dictionaries({"type": st.just("host"), "name": TEXTS, "status": TEXTS}),
    st.just({"type": "schedule"}), st.just({"type": "status"}),
    st.fixed_dictionaries({"type": st.just("reconfig"), "cluster": st.fixed_dictionaries(
        {"hosts": st.lists(HOST, max_size=3)})}),
    st.dictionaries(TEXTS, VALUES, max_size=3),
    VALUES,
)
LINES = st.one_of(MESSAGES.map(lambda m: json.dumps(m, allow_nan=True)), st.text(max_size=30),
                  st.integers(1, 400).map(lambda n: "[" * n + "]" * n))


@given(st.lists(LINES, min_size=1, max_size=25))
def test_live_mode_survives_any_message_sequence(lines):
    scheduler = LiveScheduler(cluster_from(Node(CLUSTER, "cluster.yaml", "cluster")))
    for line in lines:
        before = fingerprint(scheduler)
        replies = scheduler.handle(line)
        assert replies, line
        if any(r["type"] == "error" for r in replies):
            assert len(replies) == 1 and fingerprint(scheduler) == before, (line, replies)
            assert replies[0]["message"].startswith(f"message {scheduler.messages}: ")
        for reply in replies:
            json.dumps(reply, allow_nan=False)  # every reply is plain JSON (no NaN slipped through)
