import pytest

from refsim.model.cluster import Cluster, Host, Queue


def test_duplicate_names_are_rejected():
    with pytest.raises(ValueError, match="duplicate host 'a'"):
        Cluster((Host("a"), Host("a")))
    with pytest.raises(ValueError, match="duplicate queue 'q'"):
        Cluster((Host("a"),), (Queue("q"), Queue("q")))


def test_hosts_are_immutable_and_lookups_work():
    h = Host("a", {"slots": 4}, {"type": "X86"})
    with pytest.raises(TypeError):
        h.capacities["slots"] = 8  # type: ignore[index]
    cl = Cluster((h,))
    assert cl.host("a") is h and cl.host("b") is None
    assert cl.unit_of("mem") == "MB" and cl.unit_of("slots") is None
    assert cl.with_host(Host("a", {"slots": 8})).host("a").total("slots") == 8


def test_a_hosts_tables_are_its_own_and_cannot_be_changed_through_it():
    """Kills: Host.__post_init__'s freezing of `attributes` dropped (or set under another name): a host's attributes,
    like its capacities, are a read-only copy, so neither the dict it was built from nor a holder of the host can
    change what the scheduler reads."""
    capacities, attributes = {"slots": 4}, {"type": "X86", "gpu": True}
    host = Host("a", capacities, attributes)
    capacities["slots"], attributes["type"] = 8, "ARM"
    assert dict(host.capacities) == {"slots": 4} and dict(host.attributes) == {"type": "X86", "gpu": True}
    with pytest.raises(TypeError):
        host.attributes["type"] = "ARM"  # type: ignore[index]


def test_a_resource_a_host_does_not_have_totals_0():
    """Kills: Host.total's default `0` -> `1`: a host without a capacity for a resource has none of it."""
    host = Host("a", {"slots": 4})
    assert host.total("slots") == 4 and host.total("mem") == 0 and host.total("gpu") == 0
