from refsim.model.limits import Consumer, ConsumerKind, Limit

U, Q, H = ConsumerKind.USER, ConsumerKind.QUEUE, ConsumerKind.HOST


def test_aggregate_and_per_member_scopes():
    agg = Limit("L", (Consumer(U, False, ("alice", "bob")),), (("slots", 4),))
    per = Limit("P", (Consumer(U, True, None), Consumer(Q, False, ("night",))), (("jobs", 1),))
    values = {U: "alice", Q: "night"}
    assert agg.scope(values) == "users=alice+bob"
    assert per.scope(values) == "user=alice,queues=night"
    assert agg.applies(values) and per.applies(values)
    assert not per.applies({U: "alice", Q: "normal"})


def test_host_scoped_when_a_host_consumer_is_named():
    assert Limit("H", (Consumer(H, True, None),), ()).host_scoped
    assert not Limit("C", (Consumer(U, True, None),), ()).host_scoped


def test_clause_text_for_messages():
    assert Consumer(U, True, None).clause == "per_user: all"
    assert Consumer(H, False, ("a", "b")).clause == "hosts: a,b"
