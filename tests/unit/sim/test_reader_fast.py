import sys

import pytest

from refsim.sim.reader import _NOT_IN_NAMES, Node, RecordingError


def test_the_name_pattern_refuses_exactly_whitespace_and_the_reserved_characters_over_every_code_point():
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    assert set(_NOT_IN_NAMES.findall(every)) == {c for c in every if c.isspace()} | set("[]{}=,:")


def test_a_deep_nodes_error_names_its_path_written_out_when_read():
    root = Node({"events": [{"submit": {"user": "a b"}}]}, "f.json")
    node = root.child("events").child(0).child("submit").child("user")
    with pytest.raises(RecordingError, match=r"^f\.json: events\[0\]\.submit\.user: 'a b' is not a valid name"):
        node.name()
    assert node.path == "events[0].submit.user" and Node({}, "f", "line 3").child("x").path == "line 3.x"
