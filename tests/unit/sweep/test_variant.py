"""A replay's recording: dotted-path overrides, host clones and removals, the time scale; the recording's own
document is never changed."""

from __future__ import annotations

import copy

import pytest

from refsim.importers.swf import swf_recording
from refsim.sweep.dotted import DottedPathError, parse_path, with_value
from refsim.sweep.variant import VariantError, clone_names, variant, with_host_count, with_time_scale
from tests.unit.sweep.conftest import TINY_SWF

DOCUMENT = {
    "cluster": {"hosts": [{"name": "node0001", "slots": 1}, {"name": "node0002", "slots": 1},
                          {"name": "gpu", "slots": 4}],
                "queues": [{"name": "normal", "priority": 0}, {"name": "night"}],
                "limits": [{"name": "user_slots", "per_user": "all", "resources": {"slots": 64}}]},
    "events": [{"time": 0, "submit": {"id": 1}}, {"time": 3, "finish": 1}],
}


def test_a_dotted_path_sets_one_field_and_copies_only_its_way():
    before = copy.deepcopy(DOCUMENT)
    changed = with_value(DOCUMENT, parse_path("cluster.limits[name=user_slots].resources.slots"), 32)
    assert changed["cluster"]["limits"][0]["resources"] == {"slots": 32}
    assert DOCUMENT == before  # the recording's document as it was
    assert changed["events"] is DOCUMENT["events"] and changed["cluster"]["hosts"] is DOCUMENT["cluster"]["hosts"]
    added = with_value(DOCUMENT, parse_path("cluster.queues[1].priority"), 5)  # a key left at its default
    assert added["cluster"]["queues"][1] == {"name": "night", "priority": 5}


@pytest.mark.parametrize("path,problem", [
    ("cluster.queues[name=day].priority", "cluster.queues has no element named 'day' (names: normal, night)"),
    ("cluster.queues[2].priority", "cluster.queues has 2 elements, so no element 2"),
    ("cluster.shared.lic", "cluster has no 'shared'"),
    ("cluster.hosts.slots", "cluster.hosts is not a mapping, so it has no 'slots'"),
    # the element a step names, as the path writes it (Kills: dotted.py Step.__str__ with its test negated)
    ("cluster.queues[0].priority[3]", "cluster.queues[0].priority is not a list, so it has no element [3]"),
    ("cluster.limits[0].resources[name=slots]",
     "cluster.limits[0].resources is not a list, so it has no element [name=slots]"),
])
def test_a_path_that_leads_nowhere_names_the_missing_step(path: str, problem: str):
    with pytest.raises(DottedPathError) as raised:
        with_value(DOCUMENT, parse_path(path), 1)
    assert str(raised.value) == f"{path}: {problem}"


@pytest.mark.parametrize(("limits", "names"), [([{"per_user": "all"}, {"name": "cap"}, "slots"], "cap"),
                                               ([{"per_user": "all"}], "none")])
def test_a_missing_name_lists_only_the_elements_that_have_names(limits, names):
    """The list named in the path holds an unnamed element (a limit without a name, as the document may hold
    before it is checked): the message lists the names there are, not a 'None' for it, and says 'none' when no
    element has a name. Kills: sweep/dotted.py:_position's choice of the named elements listed (And->Or would
    list None) and its 'none' text."""
    with pytest.raises(DottedPathError) as raised:
        with_value({"cluster": {"limits": limits}}, parse_path("cluster.limits[name=day].resources"), 1)
    assert str(raised.value) == "cluster.limits[name=day].resources: cluster.limits has no element named 'day' " \
                                f"(names: {names})"


def test_clones_go_on_counting_at_the_template_width():
    assert clone_names("node0001", {"node0001", "node0002", "gpu"}, 3) == ["node0003", "node0004", "node0005"]
    assert clone_names("gpu", {"node0001", "gpu", "gpu-2"}, 2) == ["gpu-1", "gpu-3"]
    assert clone_names("n9", {"n9"}, 2) == ["n10", "n11"]


def test_clones_count_on_from_the_highest_number_not_into_gaps():
    """node0002 is free but node0003 is taken: clones go on after the highest number in use (node0004, node0005),
    as the documented rule says, rather than filling the gap. Kills: sweep/variant.py:clone_names's max of the
    numbers in use (min would start at node0002)."""
    assert clone_names("node0001", {"node0001", "node0003"}, 2) == ["node0004", "node0005"]


def test_a_time_scale_leaves_a_recording_without_events_as_it_is():
    """A recording with no `events` list has no time to scale: the same document comes back. Kills:
    sweep/variant.py:with_time_scale's early return (None instead of the document)."""
    document = {"cluster": {"hosts": [{"name": "a", "slots": 1}]}}
    assert with_time_scale(document, 2.0) is document


def test_the_host_count_adds_clones_or_removes_the_last_hosts_but_never_the_template():
    more = with_host_count(DOCUMENT, "node0001", 5)["cluster"]["hosts"]
    assert [h["name"] for h in more] == ["node0001", "node0002", "gpu", "node0003", "node0004"]
    assert more[3] == {"name": "node0003", "slots": 1}
    fewer = with_host_count(DOCUMENT, "gpu", 1)["cluster"]["hosts"]
    assert [h["name"] for h in fewer] == ["gpu"]
    assert [h["name"] for h in with_host_count(DOCUMENT, "node0001", 2)["cluster"]["hosts"]] == ["node0001",
                                                                                                   "node0002"]
    with pytest.raises(VariantError, match="no host named 'cpu' to clone"):
        with_host_count(DOCUMENT, "cpu", 4)


def test_overrides_come_before_the_clones():
    paths = {"cluster.hosts[name=node0001].slots": parse_path("cluster.hosts[name=node0001].slots")}
    changed = variant(DOCUMENT, (("cluster.hosts[name=node0001].slots", 8), ("hosts", 4)), paths, "node0001",
                      scale_times=True)
    assert [h["slots"] for h in changed["cluster"]["hosts"]] == [8, 1, 4, 8]


def test_the_time_scale_of_a_recording_is_the_importers_on_an_swf_log():
    # The importer multiplies each submit time by the factor; scaling an imported recording's event times
    # gives the very same document.
    imported = swf_recording(TINY_SWF)
    for factor in (0.5, 0.75, 1.3):
        assert with_time_scale(imported, factor) == swf_recording(TINY_SWF, time_scale=factor)
    assert [e["time"] for e in with_time_scale(DOCUMENT, 0.5)["events"]] == [0, 1.5]
    assert variant(DOCUMENT, (("time_scale", 0.5),), {}, None, scale_times=False) is DOCUMENT


def test_a_path_to_the_whole_cluster_or_into_a_document_without_one_is_refused():
    """`cluster` alone names no field to set, and a document without a cluster mapping has nothing to set a field
    in: each is one line naming the path. Kills: sweep/dotted.py:parse_path's refusal of a path without steps
    (an IndexError) and with_value's of a document without a cluster."""
    with pytest.raises(DottedPathError) as whole:
        parse_path("cluster")
    assert str(whole.value) == "'cluster': the path names the whole cluster, not a field of it"
    with pytest.raises(DottedPathError) as nowhere:
        with_value({"events": []}, parse_path("cluster.hosts[0].slots"), 2)
    assert str(nowhere.value) == "cluster.hosts[0].slots: the recording has no cluster mapping"


@pytest.mark.parametrize(("path", "first"), [("cluster.queue.priority", "queue"), ("cluster[0].slots", "[0]"),
                                             ("cluster[name=a].slots", "[name=a]")])
def test_a_first_step_that_is_no_part_of_cluster_is_quoted_as_written(path, first):
    """The first step must be one of cluster's sections; the message quotes it as written, without the dot that
    joins it to `cluster` (a list step keeps its brackets: cluster is a mapping, not a list). Kills: sweep/dotted.py:
    parse_path's text of the first step (mutated, '.queue' or '0]' would be shown)."""
    with pytest.raises(DottedPathError) as raised:
        parse_path(path)
    assert str(raised.value) == (f"'{path}': '{first}' is not a part of cluster (expected one of: resources, hosts, "
                                 "shared, queues, limits)")


@pytest.mark.parametrize("document", [{"events": []}, {"cluster": {"hosts": {"a": 1}}}, {"cluster": [1]}])
def test_a_host_count_needs_a_list_of_hosts(document):
    """Kills: sweep/variant.py:with_host_count's refusal of a document without a cluster.hosts list."""
    with pytest.raises(VariantError) as raised:
        with_host_count(document, "a", 2)
    assert str(raised.value) == "the recording has no cluster.hosts list"


def test_a_time_scale_leaves_alone_the_events_it_cannot_scale():
    """Only events that are mappings with a number as time are scaled; anything else (an event that is not a
    mapping, a time that is text or true) is passed on as it is, for the recording's loader to refuse with its
    own message, instead of breaking here. Kills: sweep/variant.py:with_time_scale's test of a scalable event
    and _is_number's (And->Or in either would multiply the text, or ask a string for its time)."""
    events = [{"time": 2, "finish": 1}, "later", {"time": "soon", "finish": 2}, {"time": True, "finish": 3}]
    assert with_time_scale({"events": events}, 0.5)["events"] == [{"time": 1.0, "finish": 1}, "later",
                                                                 {"time": "soon", "finish": 2},
                                                                 {"time": True, "finish": 3}]


def test_the_discipline_axis_sets_the_recordings_discipline():
    """The discipline axis's value becomes the recording's `scheduling: {discipline: ...}`, added where the
    recording has none and replacing the one it has (the only scheduling setting); nothing else changes.
    Kills: sweep/variant.py:variant's discipline read from the parameters under another name."""
    assert variant(DOCUMENT, (("discipline", "strict"),), {}, None, scale_times=True) == \
        {**DOCUMENT, "scheduling": {"discipline": "strict"}}
    easy = {**DOCUMENT, "scheduling": {"discipline": "easy"}}
    assert variant(easy, (("discipline", "conservative"),), {}, None, scale_times=True) == \
        {**DOCUMENT, "scheduling": {"discipline": "conservative"}}
    assert easy["scheduling"] == {"discipline": "easy"}  # the recording's own document unchanged
