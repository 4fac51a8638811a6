"""A Host is a value: copies of a cluster (what-if runs, `why`, snapshots) share Host objects, so a host is
changed only by replacing it (Cluster.with_host), never in place."""

from dataclasses import FrozenInstanceError, replace

import pytest

from refsim.model.cluster import Cluster, Host, HostStatus


def test_a_host_cannot_be_changed_in_place():
    """Kills: `@dataclass(frozen=True)` -> `frozen=False` on Host (refsim/model/cluster.py), which no other test
    noticed: nothing in refsim hashes a Host (its capacity tables are mappings), so only assignment tells."""
    host = Host("a", {"slots": 2})
    with pytest.raises(FrozenInstanceError):
        host.status = HostStatus.CLOSED  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        host.name = "b"  # type: ignore[misc]
    assert host.status is HostStatus.OPEN and host.name == "a"


def test_closing_a_host_replaces_it_and_leaves_a_shared_copy_as_it_was():
    before = Cluster((Host("a", {"slots": 2}),))
    after = before.with_host(replace(before.hosts[0], status=HostStatus.CLOSED))
    assert after.hosts[0].status is HostStatus.CLOSED and before.hosts[0].status is HostStatus.OPEN
