"""Hypothesis strategies for small clusters, limits and jobs with requirements of every form."""

from __future__ import annotations

from hypothesis import strategies as st

from refsim.model.cluster import Cluster, Host, HostStatus, Queue, SharedResource
from refsim.model.jobid import JobId
from refsim.model.jobs import Job
from refsim.model.limits import Consumer, ConsumerKind, Limit

USERS = ("alice", "bob", "carol")
QUEUES = (("normal", 10), ("night", 20))
PROJECTS = ("p1", "p2")
TYPES = ("X86", "ARM")


@st.composite
def hosts(draw) -> tuple[Host, ...]:
    count = draw(st.integers(1, 6))
    return tuple(Host(f"h{i}", {"slots": draw(st.integers(1, 8)), "mem": draw(st.sampled_from([1024, 4096, 8192])),
                                "ngpus": draw(st.integers(0, 2))},
                      {"type": draw(st.sampled_from(TYPES))},
                      draw(st.sampled_from([HostStatus.OPEN] * 4 + [HostStatus.CLOSED])))
                 for i in range(count))


@st.composite
def consumer(draw, kind: ConsumerKind, names) -> Consumer:
    per = draw(st.booleans())
    members = draw(st.one_of(st.none(), st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)))
    return Consumer(kind, per, None if members is None else tuple(members))


@st.composite
def limits(draw, host_names) -> tuple[Limit, ...]:
    result = []
    for i in range(draw(st.integers(0, 3))):
        kinds = draw(st.lists(st.sampled_from(list(ConsumerKind)), min_size=1, max_size=2, unique=True))
        names = {ConsumerKind.USER: USERS, ConsumerKind.QUEUE: [q for q, _ in QUEUES],
                 ConsumerKind.PROJECT: PROJECTS, ConsumerKind.HOST: host_names}
        consumers = tuple(draw(consumer(k, names[k])) for k in kinds)
        resources = draw(st.lists(st.sampled_from(["slots", "jobs", "mem"]), min_size=1, max_size=2, unique=True))
        values = tuple((r, draw(st.integers(1, 4096 if r == "mem" else 8))) for r in resources)
        result.append(Limit(f"lim{i}", consumers, values))
    return tuple(result)


@st.composite
def clusters(draw) -> Cluster:
    hs = draw(hosts())
    shared = (SharedResource("lic", draw(st.integers(0, 3))),) if draw(st.booleans()) else ()
    return Cluster(hs, tuple(Queue(n, p) for n, p in QUEUES), shared, draw(limits([h.name for h in hs])))


SINGLES = st.sampled_from([
    "", "select[type==X86]", "select[type==ARM] rusage[mem=1024]", "rusage[mem=2G]", "span[hosts=1]",
    "span[ptile=2]", "rusage[lic=1]", "select[ngpus>0] rusage[ngpus=1]", "order[-slots] rusage[mem=512]",
    "select[type==GPU]"])


@st.composite
def requirements(draw, depth: int = 0) -> str:
    form = draw(st.sampled_from(["single", "single", "compound", "alternatives", "bad"] if depth == 0
                                else ["single"]))
    if form == "single":
        return draw(SINGLES)
    if form == "bad":
        return draw(st.sampled_from(["select[", "span[hosts=3]"]))
    if form == "compound":
        members = draw(st.lists(SINGLES.filter(bool), min_size=1, max_size=3))
        return " + ".join(f"{draw(st.integers(1, 3))}*{{{m}}}" for m in members)
    options = draw(st.lists(st.one_of(st.just("{}"), SINGLES.filter(bool).map(lambda s: f"{{{s}}}"),
                                      st.builds(lambda r: f"{{{r}}}", requirements(depth + 1))),
                            min_size=2, max_size=3))
    return " || ".join(options)


@st.composite
def jobs(draw) -> tuple[Job, ...]:
    result = []
    for i in range(draw(st.integers(1, 8))):
        low = draw(st.integers(1, 4))
        high = draw(st.integers(low, low + 3))
        jid = JobId(100 + i, draw(st.sampled_from([None, None, 1, 2])))
        if any(j.id == jid for j in result):
            continue
        result.append(Job(jid, draw(st.sampled_from(USERS)), draw(st.sampled_from([q for q, _ in QUEUES])),
                          draw(st.sampled_from(PROJECTS)), draw(st.integers(0, 2)), draw(st.integers(0, 5)),
                          draw(requirements()), low, high, 10))
    return tuple(result)
