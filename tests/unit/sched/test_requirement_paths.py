"""How the JSON decision trace names a requirement's place in the tree (docs/trace.md, trace.schema.json): each
step of its path is its role (member of a compound or alternative), its 1-based index and the number of siblings."""

from refsim.model.jobid import JobId
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.trace.collector import Collector
from refsim.trace.jsontrace import trace_object
from refsim.trace.settings import Level
from tests.support.scenario import cluster, host, job


def _requirements(resreq: str) -> list[dict]:
    state = SchedulerState(cluster(host("a")))
    state.submit(job(1, resreq))
    collector = Collector(JobId(1), Level.FULL, 1000)
    list(run_session(state, 1, observer_for=lambda _job: collector))
    return trace_object(collector.record())["requirements"]


def _paths(resreq: str) -> list[list[dict]]:
    return [requirement["path"] for requirement in _requirements(resreq)]


def test_a_compounds_members_and_the_alternatives_are_named_by_their_role():
    """A compound of two members: the top requirement (empty path), then member 1 of 2 and member 2 of 2. Two
    alternatives, the first asking more mem than a has: the top, then alternative 1 of 2 and alternative 2 of 2.
    Kills: events.py:Role's texts "member" and "alternative" changed (the JSON trace's `role`)."""
    member = [{"role": "member", "index": i, "count": 2} for i in (1, 2)]
    assert _paths("1*{rusage[mem=1]} + 1*{rusage[mem=2]}") == [[], [member[0]], [member[1]]]
    alternative = [{"role": "alternative", "index": i, "count": 2} for i in (1, 2)]
    assert _paths("rusage[mem=99999] || rusage[mem=1]") == [[], [alternative[0]], [alternative[1]]]


def _kinds(resreq: str) -> list[str]:
    return [requirement["kind"] for requirement in _requirements(resreq)]


def test_each_requirement_says_whether_it_is_single_compound_or_alternatives():
    """The same trees as above: a compound of two single members, and two single alternatives (the first asks
    more mem than a has, so both are tried). Kills: events.py:NodeKind's texts "single", "compound" and
    "alternatives" changed (the JSON trace's requirement `kind`)."""
    assert _kinds("1*{rusage[mem=1]} + 1*{rusage[mem=2]}") == ["compound", "single", "single"]
    assert _kinds("rusage[mem=99999] || rusage[mem=1]") == ["alternatives", "single", "single"]
