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


def test_project_scopes_and_clauses_are_named_project():
    """Kills: ConsumerKind.PROJECT's value `"project"` changed, and an aggregate clause's `"all"`: a per-project limit's
    scope instance is `project=<name>`, an aggregate one over every project `projects=all`, and the clauses read as
    written in a recording."""
    P = ConsumerKind.PROJECT
    assert Consumer(P, True, None).instance("chem") == "project=chem"
    assert Consumer(P, False, None).instance("chem") == "projects=all"
    assert Consumer(P, False, ("chem", "bio")).instance("bio") == "projects=chem+bio"
    assert Consumer(P, True, None).clause == "per_project: all" and Consumer(P).clause == "projects: all"


def test_a_consumer_is_aggregate_over_all_unless_told_otherwise():
    """Kills: Consumer's `per` default `False` -> `True`: a clause built without `per` counts its members together."""
    assert Consumer(U).instance("ann") == "users=all" and Consumer(U).matches("anyone")


def test_a_limit_naming_a_host_among_other_consumers_is_host_scoped():
    """Kills: Limit.host_scoped's `any` -> `all`: one host consumer makes the limit host-scoped, whatever else it
    names (a per-user, per-host limit is counted per host)."""
    assert Limit("UH", (Consumer(U, True, None), Consumer(H, True, None)), (("slots", 2),)).host_scoped


def test_a_limits_consumer_of_a_kind_is_the_clause_naming_it():
    """Kills: Limit.consumer's return dropped and its `c.kind is kind` -> `is not`."""
    host, user = Consumer(H, False, ("n1",)), Consumer(U, True, None)
    limit = Limit("UH", (user, host), (("slots", 2),))
    assert limit.consumer(H) is host and limit.consumer(U) is user and limit.consumer(Q) is None
