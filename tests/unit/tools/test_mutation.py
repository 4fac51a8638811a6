"""tools/mutation.py's pure parts: sites, applying one mutant, the stratified sample, the equivalents file, and when a
saved coverage map may be reused."""

import ast
import json

import pytest

from tools.mutation import (Listed, Mutant, anchor_equivalents, anchored_mutants, fingerprint, list_mutants,
                            listed_equivalents, match_equivalents, mutated_source, package_of, read_equivalents,
                            report, reusable_map, sample)

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


def test_equivalents_need_a_reason_and_may_carry_an_anchor(tmp_path):
    listed = tmp_path / "eq.txt"
    listed.write_text("# comment\n\nrefsim/a.py:1:0:constant:1->2  # the value is never read\n"
                      "refsim/a.py:2:4:compare:0:Lt->LtE @ f: if a < b:  # equal values take the same branch\n")
    assert read_equivalents(listed) == [
        Listed("refsim/a.py:1:0:constant:1->2", None, "the value is never read", 3),
        Listed("refsim/a.py:2:4:compare:0:Lt->LtE", "f: if a < b:", "equal values take the same branch", 4)]
    for bad in ("refsim/a.py:1:0:constant:1->2\n", "refsim/a.py:1:constant  # why\n", "refsim/a.py:1:0:c:d @   # why\n"):
        listed.write_text(bad)
        with pytest.raises(SystemExit):
            read_equivalents(listed)


LIMITS = '''from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    slots: int = 0  # the default is never used


@dataclass(frozen=True)
class Share:
    hosts: int = 0


def free(limit, used):
    if used < limit.slots:
        return limit.slots - used
    return 0
'''


def _module(tmp_path, text: str) -> None:
    (tmp_path / "refsim").mkdir(exist_ok=True)
    (tmp_path / "refsim" / "limits.py").write_text(text)


def test_an_anchor_names_a_mutant_by_its_scope_and_source_line_without_the_comment(tmp_path):
    _module(tmp_path, LIMITS)
    anchors = {m.id: anchor for m, anchor in anchored_mutants(tmp_path)}
    assert anchors["refsim/limits.py:4:18:constant:True->False"] == "Limit: @dataclass(frozen=True)"
    assert anchors["refsim/limits.py:9:18:constant:True->False"] == "Share: @dataclass(frozen=True)"
    assert anchors["refsim/limits.py:6:17:constant:0->1"] == "Limit: slots: int = 0"
    assert anchors["refsim/limits.py:15:7:compare:0:Lt->LtE"] == "free: if used < limit.slots:"
    # two alike mutants in one scope are told apart by their order
    _module(tmp_path, "def f(x):\n    if x:\n        return 1\n    if x:\n        return 1\n")
    anchors = {m.id: anchor for m, anchor in anchored_mutants(tmp_path)}
    assert anchors["refsim/limits.py:2:4:condition:negate"] == "f: if x:"
    assert anchors["refsim/limits.py:4:4:condition:negate"] == "f#2: if x:"


def test_an_anchored_equivalent_survives_lines_inserted_above_it_and_goes_stale_when_its_line_is_gone(tmp_path,
                                                                                                        capsys):
    """The list's entries embed line numbers; with an anchor an entry still names its mutant after an edit above it
    moves the line, and is reported stale (and no longer counted equivalent) once the line is gone."""
    _module(tmp_path, LIMITS)
    listed = tmp_path / "eq.txt"
    listed.write_text("refsim/limits.py:9:18:constant:True->False @ Share: @dataclass(frozen=True)  # never hashed\n"
                      "refsim/limits.py:6:17:constant:0->1  # the default is never used\n")
    assert listed_equivalents(listed, tmp_path) == {"refsim/limits.py:9:18:constant:True->False": "never hashed",
                                                     "refsim/limits.py:6:17:constant:0->1": "the default is never used"}
    assert "1 listed equivalent(s) have no anchor" in capsys.readouterr().err
    _module(tmp_path, LIMITS.replace("\n\n@dataclass(frozen=True)\nclass Limit", "\nX = 1\nY = 2\n\n\n"
                                                                                "@dataclass(frozen=True)\nclass Limit"))
    moved = listed_equivalents(listed, tmp_path)
    assert moved == {"refsim/limits.py:12:18:constant:True->False": "never hashed"}  # Share moved 3 lines down
    err = capsys.readouterr().err
    assert "stale equivalent (eq.txt:2) names no mutant any more" in err  # the plain id's line moved
    assert "eq.txt:1" not in err
    _module(tmp_path, LIMITS.replace("@dataclass(frozen=True)\nclass Share", "@dataclass\nclass Share"))
    assert "refsim/limits.py:9:18:constant:True->False" not in listed_equivalents(listed, tmp_path)
    assert "stale equivalent (eq.txt:1)" in capsys.readouterr().err


def test_an_anchored_entry_never_names_a_different_mutant_that_took_its_line(tmp_path):
    """The id's line now holds another mutant of the same kind and column: the anchor decides, so it is stale."""
    _module(tmp_path, LIMITS.replace("class Share:\n    hosts", "class Pool:\n    hosts"))
    entry = Listed("refsim/limits.py:9:18:constant:True->False", "Share: @dataclass(frozen=True)", "never hashed", 1)
    current, stale = match_equivalents([entry], anchored_mutants(tmp_path))
    assert current == {} and stale == [entry]


def test_anchoring_rewrites_plain_entries_at_todays_ids_and_keeps_comments_and_stale_ones(tmp_path):
    _module(tmp_path, LIMITS)
    listed = tmp_path / "eq.txt"
    listed.write_text("# why this list exists\n"
                      "refsim/limits.py:15:7:compare:0:Lt->LtE  # at used == slots both give 0\n"
                      "refsim/limits.py:99:0:constant:1->2  # gone\n")
    stale = anchor_equivalents(listed, tmp_path)
    assert [e.id for e in stale] == ["refsim/limits.py:99:0:constant:1->2"]
    assert listed.read_text() == (
        "# why this list exists\n"
        "refsim/limits.py:15:7:compare:0:Lt->LtE @ free: if used < limit.slots:  # at used == slots both give 0\n"
        "refsim/limits.py:99:0:constant:1->2  # gone\n")
    _module(tmp_path, "\n\n" + LIMITS)  # two lines above: the anchored entry is rewritten at its new line
    anchor_equivalents(listed, tmp_path)
    assert "refsim/limits.py:17:7:compare:0:Lt->LtE @ free: if used < limit.slots:" in listed.read_text()


def test_the_project_list_has_no_stale_entry():
    """Every entry of tools/mutation-equivalent.txt names a mutant of today's sources."""
    from tools.mutation import EQUIVALENT, ROOT
    _, stale = match_equivalents(read_equivalents(EQUIVALENT), anchored_mutants(ROOT))
    assert stale == []


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


def test_a_line_only_a_child_process_runs_is_mapped_to_the_test_that_started_it(tmp_path):
    """`refsim` run as a command by a test is measured too: the mutant of a line that only the child runs gets the
    test that started the child (not uncovered, and not every test of the module), and a line run in-process keeps
    its own test. Kills: the child's coverage never started (COVERAGE_PROCESS_START unset) or its data never
    combined into the map, and the child's context not taken from the running test."""
    import shutil

    from tools.mutation import ROOT, coverage_map, tests_for
    project = tmp_path / "project"  # every copy is <tmp>/project: the map's paths are read relative to it
    (project / "refsim").mkdir(parents=True)
    (project / "refsim" / "__init__.py").write_text("")
    (project / "refsim" / "mod.py").write_text(
        "def in_child(n):\n    return n + 1\n\n\ndef in_process(n):\n    return n - 1\n\n\nLIMIT = 2 + 1\n")
    (project / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "mutation.py", project / "tools" / "mutation.py")
    (project / "tests").mkdir()
    (project / "tests" / "conftest.py").write_text(
        "def pytest_addoption(parser):\n    parser.addoption('--driver')\n")  # the coverage run passes --driver
    (project / "tests" / "test_mod.py").write_text(
        "import subprocess, sys\n\nimport refsim.mod\n\n"
        "def test_child():\n"
        "    done = subprocess.run([sys.executable, '-c', 'import refsim.mod; print(refsim.mod.in_child(1))'],\n"
        "                          capture_output=True, text=True)\n"
        "    assert done.stdout == '2\\n' and done.stderr == ''\n\n"
        "def test_in_process():\n"
        "    from refsim.mod import in_process\n"
        "    assert in_process(1) == 0\n")
    lines, modules = coverage_map(project, tmp_path / "cov.data")
    by_line = {m.line: m for m in list_mutants(project) if m.operator == "binary"}
    assert tests_for(by_line[2], lines, modules) == {"tests/test_mod.py::test_child"}
    assert tests_for(by_line[6], lines, modules) == {"tests/test_mod.py::test_in_process"}
    # LIMIT is set while the suite imports the module, and again in the child: every test of the module may depend
    # on it, not only the one whose child re-imported it
    assert tests_for(by_line[9], lines, modules) == {"tests/test_mod.py::test_child",
                                                     "tests/test_mod.py::test_in_process"}
    assert not (tmp_path / "cov.data.processes").exists()  # the per-process files are combined and removed


def test_an_import_time_line_also_gets_the_tests_of_files_that_name_its_module(tmp_path):
    """A dataclass field's default is set while the module is imported. test_b builds that dataclass and compares
    it, which runs no line of the module (the generated `__init__` and `__eq__` have no source line), yet it
    fails if the default changes: the mutant of the default gets test_b, since its file names `refsim.shape`.
    test_c names only `refsim.other` and does not get it; `refsim.shape` in a longer dotted name would not count.
    Kills: tools/mutation.py:_add_importing_tests never called, or matching a module by a prefix of its name."""
    import shutil

    from tools.mutation import ROOT, coverage_map, tests_for
    project = tmp_path / "project"
    (project / "refsim").mkdir(parents=True)
    (project / "refsim" / "__init__.py").write_text("")
    (project / "refsim" / "shape.py").write_text(
        "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass Key:\n    name: str\n"
        "    descending: bool = False\n\n\ndef describe(key):\n    return key.name\n")
    (project / "refsim" / "other.py").write_text("def double(n):\n    return n * 2\n")
    (project / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "mutation.py", project / "tools" / "mutation.py")
    (project / "tests").mkdir()
    (project / "tests" / "conftest.py").write_text(
        "def pytest_addoption(parser):\n    parser.addoption('--driver')\n")
    (project / "tests" / "test_a.py").write_text(
        "from refsim.shape import Key, describe\n\ndef test_a():\n    assert describe(Key('x')) == 'x'\n")
    (project / "tests" / "test_b.py").write_text(
        "from refsim.other import double\nfrom refsim.shape import Key\n\n"
        "def test_b():\n    assert double(1) == 2 and Key('x') == Key('x', False)\n")
    (project / "tests" / "test_c.py").write_text(
        "# refsim.shape.Key is not named here as a module\nfrom refsim.other import double\n\n"
        "def test_c():\n    assert double(2) == 4\n")
    lines, modules = coverage_map(project, tmp_path / "cov.data")
    default = next(m for m in list_mutants(project) if m.path == "refsim/shape.py" and m.line == 7)
    assert tests_for(default, lines, modules) == {"tests/test_a.py::test_a", "tests/test_b.py::test_b"}


def test_a_torn_process_file_is_left_out_and_the_others_are_combined(tmp_path, capsys):
    """A child killed while saving its coverage leaves a file that is not a database. The map keeps every readable
    process's lines and says how many were left out; before, one torn file stopped the whole map after the suite
    had run. Kills: _combine_processes reading every part without catching the data error."""
    import coverage

    main_file = tmp_path / "cov.data"
    suite = coverage.CoverageData(basename=str(main_file))
    suite.set_context("tests/test_x.py::test_in_process")
    suite.add_lines({str(tmp_path / "m.py"): [1]})
    suite.write()
    suite.close()
    processes = tmp_path / "cov.data.processes"
    processes.mkdir()
    part = coverage.CoverageData(basename=str(processes / "cov.data.a"))
    part.set_context("tests/test_x.py::test_child")
    part.add_lines({str(tmp_path / "m.py"): [3]})
    part.write()
    torn = coverage.CoverageData(basename=str(processes / "cov.data.b"))
    torn.set_context("tests/test_x.py::test_killed")
    torn.add_lines({str(tmp_path / f"n{i}.py"): list(range(1, 200)) for i in range(20)})
    torn.write()
    torn.close()  # or this process's open connection would keep serving the whole database
    whole = (processes / "cov.data.b").read_bytes()
    (processes / "cov.data.b").write_bytes(whole[:200])  # the child was killed mid-write (as seen: 200 bytes)

    from tools.mutation import _combine_processes

    assert _combine_processes(main_file, processes) == 1
    data = coverage.CoverageData(basename=str(main_file))
    data.read()
    assert sorted(data.lines(str(tmp_path / "m.py"))) == [1, 3]
    assert "1 measured process file(s) could not be read" in capsys.readouterr().err
    assert not processes.exists()


def test_the_whole_codebase_tests_exist():
    """Every test given to all covered mutants is a file of this project: a renamed one would silently stop being
    run (the tool leaves out names a copy does not have)."""
    from tools.mutation import ROOT, WHOLE_CODEBASE_TESTS

    assert WHOLE_CODEBASE_TESTS and all((ROOT / test).is_file() for test in WHOLE_CODEBASE_TESTS)


def test_the_later_lines_of_a_statement_get_the_tests_of_its_first_line():
    """Coverage records `NAMES = (...)` over three lines at its first line only: its later lines get that line's
    tests; a line of a statement never run, and a line that has its own record, are left as they are. Kills: the
    mutants on a constant's second line counted as uncovered although every test of the module runs it."""
    from tools.mutation import spread_over_statements
    source = ("NAMES = ('a',\n"
              "         'b',\n"
              "         'c')\n"
              "\n"
              "def f(x):\n"
              "    if x:\n"
              "        return (x +\n"
              "                1)\n"
              "    return g(x,\n"
              "             2)\n")
    recorded = {1: {""}, 5: {""}, 6: {"t1", "t2"}, 9: {"t2"}, 10: {"t3"}}
    assert spread_over_statements(recorded, source) == {
        1: {""}, 2: {""}, 3: {""}, 5: {""}, 6: {"t1", "t2"}, 9: {"t2"}, 10: {"t3"}}
