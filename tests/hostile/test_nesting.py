"""Nesting is bounded with a clear error before any recursion: requirements (braces, parentheses, negations), YAML
and JSON documents, live messages; and a console line longer than the bound is refused at once."""

from __future__ import annotations

import json
import time

import pytest

from refsim.model.bounds import MAX_DOCUMENT_DEPTH, MAX_LINE, MAX_REQUIREMENT_DEPTH
from refsim.resreq import ResreqError, parse_requirement
from tests.hostile.harness import assert_refused, cli, folder_state

HOSTS = "cluster:\n  hosts:\n    - {name: h1, slots: 4, type: x}\n"


def deep_requirements():
    yield "braces-5000", "{" * 5000 + "select[type]" + "}" * 5000
    yield "parens-3000", "select[" + "(" * 3000 + "type" + ")" * 3000 + "]"
    yield "negations-3000", "select[" + "!" * 3000 + "type]"
    yield "not-words-500", "select[" + "not " * 500 + "type]"
    yield "compound-500", "1*{" * 500 + "select[type]" + "}" * 500


@pytest.mark.parametrize("name, text", list(deep_requirements()))
def test_a_deep_requirement_is_refused_by_the_parser(name, text):
    with pytest.raises(ResreqError, match=f"nested more than {MAX_REQUIREMENT_DEPTH} deep"):
        parse_requirement(text)


def test_the_bound_itself_is_accepted():
    """Exactly MAX_REQUIREMENT_DEPTH braces parse; one more does not (the boundary, both sides)."""
    depth = MAX_REQUIREMENT_DEPTH
    assert parse_requirement("{" * depth + "select[type]" + "}" * depth) is not None
    with pytest.raises(ResreqError):
        parse_requirement("{" * (depth + 1) + "select[type]" + "}" * (depth + 1))


@pytest.mark.parametrize("name, text", list(deep_requirements()))
def test_a_job_with_a_deep_requirement_gets_no_decision_and_the_replay_goes_on(tmp_path, name, text):
    """Job 1's requirement cannot be parsed, so it has no scheduling object (no decision, docs/resreq.md); job 2 is
    dispatched as usual in the same session: 2 submitted, 1 dispatched, 1 pending."""
    events = (f"events:\n  - {{time: 0, submit: {{id: 1, resreq: '{text}'}}}}\n"
              "  - {time: 0, submit: {id: 2, run_time: 5}}\n")
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS + events)
    result = cli(tmp_path, "sim", "rec.yaml")
    assert result.exit_code == 0, result.output
    assert "jobs: 2 submitted, 1 dispatched, 1 finished, 0 running, 1 pending" in result.output


def nested_documents():
    yield "rec.json", "[" * 100_000 + "]" * 100_000, "not accepted as JSON: nested more than 64 levels deep"
    yield "rec.json", '{"a":' * 65 + "1" + "}" * 65, "nested more than 64 levels deep"
    yield "rec.yaml", "[" * 5000, "not valid YAML"  # the YAML scanner's own bound
    yield "rec.yaml", "a: " + "[" * 65 + "]" * 65, "line 1: not accepted as YAML: nested more than 64 levels deep"
    yield "rec.yaml", "".join(" " * i + "- \n" for i in range(0, 200, 2)), "nested more than 64 levels deep"


@pytest.mark.parametrize("name, text, fragment", list(nested_documents()))
def test_a_deeply_nested_document_is_refused_before_it_is_built(tmp_path, name, text, fragment):
    (tmp_path / name).write_text(text)
    before = folder_state(tmp_path)
    assert_refused(cli(tmp_path, "sim", name, "--sim-output", "out.jsonl"), fragment)
    assert folder_state(tmp_path) == before


def test_document_depth_boundary():
    """A document nested exactly MAX_DOCUMENT_DEPTH deep parses; the JSON depth scan skips brackets in strings."""
    from refsim.sim.document import json_depth, load_json
    from refsim.sim.yamldoc import load_yaml
    assert load_json("[" * MAX_DOCUMENT_DEPTH + "]" * MAX_DOCUMENT_DEPTH) is not None
    assert load_yaml("[" * MAX_DOCUMENT_DEPTH + "]" * MAX_DOCUMENT_DEPTH) is not None
    assert json_depth(json.dumps({"a": "[[[[{{{{", "b": ['"]]]', '\\"[[']})) == 2


def test_an_over_long_console_line_is_refused_at_once(tmp_path):
    """A 1 MB line is refused without being split into words; the session goes on. Its cost is reported in CPU
    seconds by the caller's profile, not asserted: the check is the message and that the next command runs."""
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS + "events:\n  - {time: 0, submit: {id: 1}}\n")
    line = "snapshot " + "'" + "x" * 1_000_000
    started = time.process_time()
    result = cli(tmp_path, "sim", "rec.yaml", "-i", stdin=line + "\nstep\n")
    spent = time.process_time() - started
    lines = result.output.splitlines()
    assert lines[0] == f"error: line 1 is longer than {MAX_LINE} characters; skipped"  # cut while being read
    assert lines[1] == "round 1 #1 dispatch 1 -> h1*1"
    print(f"1 MB console line refused in {spent:.3f} CPU seconds")


def test_a_line_just_past_the_bound_is_refused_by_the_console(tmp_path):
    """Read whole (under the reader's byte bound, 4 bytes a character) but over MAX_LINE characters."""
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS)
    line = "help " + "x" * (MAX_LINE - 4)
    result = cli(tmp_path, "sim", "rec.yaml", "-i", stdin=line + "\nshow\n")
    lines = result.output.splitlines()
    assert lines[0] == f"error: the line is {MAX_LINE + 1} characters long (at most {MAX_LINE}); ignored"
    assert lines[1] == "units auto"


def test_a_line_at_the_bound_is_read_as_a_command(tmp_path):
    (tmp_path / "rec.yaml").write_text("refsim: 1\n" + HOSTS)
    line = "help " + "x" * (MAX_LINE - 5)
    result = cli(tmp_path, "sim", "rec.yaml", "-i", stdin=line + "\n")
    assert result.output.startswith("error: word 2 is")  # split into words: past the line bound
