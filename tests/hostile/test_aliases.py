"""YAML anchors and aliases (the "billion laughs" bomb among them) are refused before anything is expanded, in every
place refsim reads YAML; error messages quote at most a short prefix of a value."""

from __future__ import annotations

import pytest

from refsim.model.bounds import QUOTE
from refsim.sim.reader import MAX_PROBLEM
from tests.hostile.harness import assert_refused, cli, folder_state

HOSTS = "cluster:\n  hosts:\n    - {name: h1, slots: 4}\n"


def laughs(levels: int = 9) -> str:
    """About 1 KB that a loader with aliases expands to 10**levels strings."""
    lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


ALIAS_DOCUMENTS = [
    ("bomb", "refsim: 1\n" + HOSTS + "test:\n  " + laughs().replace("\n", "\n  ")),
    ("bomb-first", laughs() + "refsim: 1\n" + HOSTS),
    ("anchor-only", "refsim: &v 1\n" + HOSTS),
    ("alias-value", "refsim: 1\nx: &h {name: h1, slots: 4}\ncluster:\n  hosts: [*h]\n"),
    ("merge-key", "refsim: 1\ncluster:\n  hosts:\n    - &h {name: h1, slots: 4}\n    - {<<: *h, name: h2}\n"),
]


@pytest.mark.parametrize("name, text", ALIAS_DOCUMENTS, ids=[n for n, _ in ALIAS_DOCUMENTS])
def test_a_recording_with_anchors_or_aliases_is_refused(tmp_path, name, text):
    (tmp_path / "rec.yaml").write_text(text)
    before = folder_state(tmp_path)
    assert_refused(cli(tmp_path, "sim", "rec.yaml", "--sim-output", "o.jsonl"),
                   "not accepted as YAML: anchors and aliases (& and *) are not accepted")
    assert folder_state(tmp_path) == before


def test_the_verify_file_and_the_live_cluster_file_refuse_aliases_too(tmp_path):
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS)
    (tmp_path / "expected.yaml").write_text(laughs() + "decisions: []\n")
    (tmp_path / "cluster.yaml").write_text(laughs() + HOSTS)
    assert_refused(cli(tmp_path, "sim", "rec.yaml", "--sim-verify", "expected.yaml"), "anchors and aliases")
    assert_refused(cli(tmp_path, "live", "cluster.yaml", stdin=""), "cluster.yaml: line 1: not accepted as YAML")
    result = cli(tmp_path, "sim", "rec.yaml", "-i", "--sim-verify", "expected.yaml", stdin="quit\n")
    assert_refused(result, "anchors and aliases")


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system ['true']", "!!python/name:os.system ''",
                                 "!custom 1", "!!binary aGk="])
def test_tags_beyond_the_plain_ones_are_refused(tmp_path, tag):
    (tmp_path / "rec.yaml").write_text(f"refsim: {tag}\n" + HOSTS)
    result = cli(tmp_path, "sim", "rec.yaml")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "refsim" in result.stderr or "tag" in result.stderr


LONG = "x" * 100_000

# (document, the path the error names): each quotes the 100 KB value, so each message must be short.
LONG_VALUES = [
    ("refsim: 1\ncluster:\n  hosts:\n    - {name: '" + LONG + " y', slots: 4}\n", "cluster.hosts[0].name"),
    ("refsim: 1\ncluster:\n  hosts:\n    - {name: h1, slots: '" + LONG + "'}\n", "cluster.hosts[0].slots"),
    ("refsim: 1\n" + HOSTS + LONG[:1000] + ": 1\n", "unknown key"),  # YAML keys stop at 1024 characters
    ("refsim: 1\n" + HOSTS + "events:\n  - {time: '" + LONG + "', submit: {id: 1}}\n", "events[0].time"),
    ("refsim: 1\n" + HOSTS + "events:\n  - {time: 0, submit: {id: 1, tasks: '" + LONG + "'}}\n", "tasks"),
    ("refsim: 1\n" + HOSTS + "events:\n  - {time: 0, submit: {id: '" + LONG + "'}}\n", "submit.id"),
    ("refsim: 1\n" + HOSTS + "events:\n  - {time: 0, host: {name: '" + LONG + "', status: open}}\n", "host.name"),
    ("refsim: 1\n" + HOSTS + "sessions: {policy: '" + LONG + "'}\n", "sessions.policy"),
    ("refsim: 1\ncluster:\n  hosts:\n    - {name: h1, slots: 4, status: '" + LONG + "'}\n", "status"),
]


@pytest.mark.parametrize("text, where", LONG_VALUES, ids=[f"long{i}" for i in range(len(LONG_VALUES))])
def test_an_error_quotes_only_a_short_prefix_of_a_value(tmp_path, text, where):
    (tmp_path / "rec.yaml").write_text(text)
    result = cli(tmp_path, "sim", "rec.yaml")
    assert_refused(result, where)
    problem = result.stderr.split(f"{where}", 1)[-1]
    assert len(problem) <= MAX_PROBLEM + 10 and "x" * (QUOTE + 1) not in problem.replace("x" * QUOTE + "...", "")


def test_duplicate_keys_are_refused(tmp_path):
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS + "cluster: {hosts: []}\n")
    (tmp_path / "rec.json").write_text('{"refsim": 1, "cluster": {"hosts": [{"name": "h", "slots": 1}]}, '
                                       '"refsim": 2}')
    assert_refused(cli(tmp_path, "sim", "rec.yaml"), "line 5: not accepted as YAML: duplicate key 'cluster'")
    assert_refused(cli(tmp_path, "sim", "rec.json"), "not accepted as JSON: duplicate key 'refsim'")
