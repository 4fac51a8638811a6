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
