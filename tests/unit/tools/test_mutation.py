"""tools/mutation.py's pure parts: sites, applying one mutant, the stratified sample, the equivalents file, and when a
saved coverage map may be reused."""

import ast
import json

import pytest

from tools.mutation import (Mutant, fingerprint, list_mutants, mutated_source, package_of, read_equivalents, report,
                            reusable_map, sample)

SOURCE = '''"""A docstring is never mutated."""


def f(a: int, b: int) -> bool:
    """Nor is this one."""
    if a < b and b > 0:
        return a + 1
    return not a
'''


def _sites(tmp_path) -> list[Mutant]:
    (tmp_path / "refsim" / "pkg").mkdir(parents=True, exist_ok=True)
    (tmp_path / "refsim" / "pkg" / "mod.py").write_text(SOURCE)
    return list_mutants(tmp_path)


def test_sites_skip_docstrings_and_annotations_and_cover_each_operator(tmp_path):
    kinds = {(m.line, m.operator, m.detail) for m in _sites(tmp_path)}
    assert kinds == {
        (6, "condition", "negate"), (6, "boolop", "And->Or"), (6, "compare", "0:Lt->LtE"),
        (6, "compare", "0:Gt->GtE"), (6, "constant", "0->1"),
        (7, "return", "None"), (7, "binary", "Add->Sub"), (7, "constant", "1->2"),
        (8, "return", "None"), (8, "not", "drop")}
    assert {m.package for m in _sites(tmp_path)} == {"pkg"}


def test_a_mutant_changes_exactly_its_site(tmp_path):
    mutant = next(m for m in _sites(tmp_path) if m.operator == "compare" and "Gt" in m.detail)
    changed = mutated_source(SOURCE, mutant)
    assert "if a < b and b >= 0:" in changed
    assert ast.dump(ast.parse(changed)) != ast.dump(ast.parse(SOURCE))
    assert changed.replace("b >= 0", "b > 0") == ast.unparse(ast.parse(SOURCE)) + "\n"


def test_a_mutant_that_no_longer_matches_is_refused(tmp_path):
    mutant = next(m for m in _sites(tmp_path) if m.operator == "not")
    with pytest.raises(LookupError):
        mutated_source(SOURCE.replace("return not a", "return a"), mutant)


def test_the_sample_is_fixed_by_its_seed_and_gives_every_package_its_minimum():
    mutants = [Mutant(f"refsim/{p}/m.py", i, 0, "constant", "1->2", p) for p in ("big", "small")
               for i in range(200 if p == "big" else 10)]
    first = sample(mutants, 50, seed=7, minimum=8)
    assert first == sample(mutants, 50, seed=7, minimum=8) != sample(mutants, 50, seed=8, minimum=8)
    counts = {p: sum(m.package == p for m in first) for p in ("big", "small")}
    assert counts == {"big": 48, "small": 8}  # 50 * 200/210 rounds to 48; small gets its minimum 8


def test_package_of_names_top_level_modules_refsim():
    assert package_of("refsim/cli.py") == "refsim" and package_of("refsim/sched/tree.py") == "sched"


def test_equivalents_need_a_reason(tmp_path):
    listed = tmp_path / "eq.txt"
    listed.write_text("# comment\n\nrefsim/a.py:1:0:constant:1->2  # the value is never read\n")
    assert read_equivalents(listed) == {"refsim/a.py:1:0:constant:1->2": "the value is never read"}
    listed.write_text("refsim/a.py:1:0:constant:1->2\n")
    with pytest.raises(SystemExit):
        read_equivalents(listed)


def test_the_rate_leaves_out_equivalents_and_counts_uncovered_as_surviving():
    results = [{"id": "a", "package": "p", "status": "killed"}, {"id": "b", "package": "p", "status": "timeout"},
               {"id": "c", "package": "p", "status": "survived"}, {"id": "d", "package": "p", "status": "uncovered"},
               {"id": "e", "package": "p", "status": "survived"}]
    row = report(results, {"e": "reason"})[1].split()
    assert row == ["p", "5", "1", "2", "1", "1", "50.0%"]


def _project(tmp_path):
    (tmp_path / "refsim").mkdir(parents=True)
    (tmp_path / "refsim" / "mod.py").write_text("X = 1\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_mod.py").write_text("def test_x(): pass\n")
    return tmp_path


def test_a_coverage_map_is_reused_only_when_its_run_finished_on_the_same_sources(tmp_path):
    """An interrupted run leaves the data file without its completion marker: reusing it made whole packages
    "uncovered". Kills: reusing any existing data file (the marker check dropped), and ignoring the digest."""
    project = _project(tmp_path / "p")
    data = tmp_path / "cov.data"
    sources = fingerprint(project)
    assert "no coverage map" in reusable_map(data, sources)
    data.write_text("partial")
    assert "no completion marker" in reusable_map(data, sources)
    (tmp_path / "cov.data.complete").write_text(json.dumps({"fingerprint": sources}) + "\n")
    assert reusable_map(data, sources) is None
    (project / "tests" / "test_mod.py").write_text("def test_x(): assert True\n")
    assert "other sources" in reusable_map(data, fingerprint(project))
    (tmp_path / "cov.data.complete").write_text("{not json")
    assert "unreadable" in reusable_map(data, sources)


def test_the_sources_digest_ignores_bytecode_and_the_equivalents_list(tmp_path):
    project = _project(tmp_path)
    before = fingerprint(project)
    (project / "refsim" / "__pycache__").mkdir()
    (project / "refsim" / "__pycache__" / "mod.cpython-312.pyc").write_bytes(b"\0")
    assert fingerprint(project) == before
    (project / "refsim" / "mod.py").write_text("X = 2\n")
    assert fingerprint(project) != before


def test_the_coverage_plugin_notes_each_failing_test_once_and_counts_passes():
    """The baseline re-runs exactly the tests that failed under tracing; a test failing in call and teardown is
    named once. Kills: the `not in self.failed` check dropped, and the passed count taken on setup reports."""
    from types import SimpleNamespace as Report

    from tools.mutation import _ContextPerTest
    plugin = _ContextPerTest(cov=None)
    for nodeid, when, outcome in [("t::a", "setup", "passed"), ("t::a", "call", "passed"),
                                  ("t::b", "setup", "passed"), ("t::b", "call", "failed"),
                                  ("t::b", "teardown", "failed"), ("t::c", "setup", "failed")]:
        plugin.pytest_runtest_logreport(Report(nodeid=nodeid, when=when, failed=outcome == "failed",
                                               passed=outcome == "passed"))
    assert plugin.failed == ["t::b", "t::c"] and plugin.passed == 1


def test_a_check_is_stopped_by_its_cpu_time_not_by_a_slow_wall_clock(tmp_path):
    """A mutant that loops uses CPU and is stopped (None: counted as a timeout); a check that only waits longer than
    its timeout, as a passing check does on a loaded machine, is not. Kills: the wall clock as the only limit
    (WALL_FACTOR -> 1: the waiting check would count as a timeout)."""
    from tools.mutation import _run_forked
    (tmp_path / "test_spin.py").write_text("def test_spin():\n    while True:\n        pass\n")
    # The waiting check gets 3 CPU seconds: pytest's own start in the child (plugins found by entry points) can
    # take more than 1 under load, and it waits 4 s, past a 3 s wall-clock limit.
    (tmp_path / "test_wait.py").write_text("import time\n\ndef test_wait():\n    time.sleep(4)\n")
    assert _run_forked(tmp_path, ["-q", "-p", "no:cacheprovider", "test_spin.py"], timeout=1) is None
    assert _run_forked(tmp_path, ["-q", "-p", "no:cacheprovider", "test_wait.py"], timeout=3) == 0
