"""Mutation testing for refsim: does some test fail when a rule is broken?

    python tools/mutation.py [--sample N] [--seed S] [--packages P,...] [--jobs J] [--out FILE]
    python tools/mutation.py --recheck FILE        # re-run only the survivors of an earlier run

Not part of CI (it runs the tests once per mutant). Steps:

1. Every candidate mutation site in refsim/ is listed by an AST walk (the operators are below). Docstrings,
   options' help texts, annotations, asserts and `if TYPE_CHECKING` blocks are never mutated.
2. A sample is drawn with a fixed seed, stratified by package (each subfolder of refsim/, and `refsim` for the
   top-level modules, so a package added later is sampled too): every package gets its share in proportion to
   its sites, and at least --min-per-package.
3. The test suite runs once under coverage, with one coverage context per test, which maps each source line to
   the tests that execute it. The whole suite runs (no -x); a test that fails only under the tracer is re-run once
   without it, and the map is refused if it fails there too. A finished map gets a completion marker holding a
   digest of the sources it was taken on: `--coverage-data FILE` reuses FILE only with that marker and the same
   digest, and otherwise rebuilds it (an interrupted run leaves a partial map, whose lines would read as uncovered).
   The Python processes a test starts (`python -m refsim ...`, a sweep's workers) are measured too, through
   coverage's COVERAGE_PROCESS_START hook, and their lines are mapped to the test that started them.
4. Each mutant is written into a private copy of the project and only the tests covering its line run there
   (pytest -x). Lines executed only at import time (module constants, decorators, defaults) get every test that
   covers any line of their module, and every test of a test file that names the module (`refsim.resreq.ast`). A mutant is killed when a test fails or its check uses more than --timeout CPU
   seconds (a hang), survives otherwise; a mutant no test covers survives as "uncovered". The limit is CPU time,
   not wall time, so a slow check on a loaded machine is not taken for a hang.
5. Mutants listed in tools/mutation-equivalent.txt (with a one-line reason each) are equivalent: they change no
   behaviour and are left out of the kill rate. Rates are printed per package.

Mutant ids are `path:line:col:operator:detail`. An equivalents entry also carries an anchor (the enclosing class or
function and the source line), so it names its mutant wherever the line moves; `--anchor-equivalents` anchors plain
`id  # reason` entries and rewrites ids at today's lines. Every run prints the entries that name no mutant any more
(stale: the line is gone or changed), so the list is kept honest.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tools" / "mutation-equivalent.txt"
COPIED = ("refsim", "tests", "steps", "features", "golden", "examples", "tools", "docs", "conformance", ".ci",
          "pyproject.toml", "LICENSE",
          "README.md")


# --- operators --------------------------------------------------------------------------------------------------

_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
            ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
           ast.Mod: ast.FloorDiv}
_BOOL = {ast.And: ast.Or, ast.Or: ast.And}
_NAMES = {"min": "max", "max": "min", "any": "all", "all": "any", "sorted": "list", "reversed": "list"}


@dataclass(frozen=True)
class Mutant:
    path: str       # relative to the project root
    line: int
    col: int
    operator: str
    detail: str
    package: str

    @property
    def id(self) -> str:
        return f"{self.path}:{self.line}:{self.col}:{self.operator}:{self.detail}"


def _skipped_nodes(tree: ast.Module) -> set[int]:
    """Nodes never mutated: docstrings, annotations, asserts, TYPE_CHECKING blocks (ids of every node inside)."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                skip(first)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
            for arg in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                skip(arg.annotation)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        elif isinstance(node, ast.Assert):
            skip(node)
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skip(node)
        elif isinstance(node, ast.ImportFrom) or isinstance(node, ast.Import):
            skip(node)
        elif isinstance(node, ast.keyword) and node.arg == "help":
            skip(node.value)  # a command-line option's help text is documentation, like a docstring
    return skipped


def _sites(node: ast.AST) -> list[tuple[str, str]]:
    """The (operator, detail) mutations that apply to one node."""
    out: list[tuple[str, str]] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in _COMPARE:
                out.append(("compare", f"{i}:{type(op).__name__}->{_COMPARE[type(op)].__name__}"))
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        if not (isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)):  # %-formatting
            out.append(("binary", f"{type(node.op).__name__}->{_BINARY[type(node.op)].__name__}"))
    elif isinstance(node, ast.AugAssign) and type(node.op) in _BINARY:
        out.append(("augassign", f"{type(node.op).__name__}->{_BINARY[type(node.op)].__name__}"))
    elif isinstance(node, ast.BoolOp):
        out.append(("boolop", f"{type(node.op).__name__}->{_BOOL[type(node.op)].__name__}"))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        out.append(("not", "drop"))
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            out.append(("constant", f"{value}->{not value}"))
        elif isinstance(value, int):
            out.append(("constant", f"{value}->{value + 1}"))
        elif isinstance(value, float):
            out.append(("constant", f"{value}->{value + 1}"))
        elif isinstance(value, str) and value.strip():
            out.append(("constant", "str->XX"))
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        out.append(("condition", "negate"))
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        out.append(("statement", "drop-call"))
    elif isinstance(node, ast.Return) and node.value is not None \
            and not (isinstance(node.value, ast.Constant) and node.value.value is None):
        out.append(("return", "None"))
    elif isinstance(node, ast.Break):
        out.append(("loop", "break->continue"))
    elif isinstance(node, ast.Continue):
        out.append(("loop", "continue->break"))
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _NAMES:
        out.append(("call", f"{node.func.id}->{_NAMES[node.func.id]}"))
    return out


def _mutable_nodes(tree: ast.Module) -> list[ast.AST]:
    skipped = _skipped_nodes(tree)
    return [n for n in ast.walk(tree) if id(n) not in skipped and hasattr(n, "lineno")]


def package_of(path: str) -> str:
    parts = Path(path).parts  # refsim/<package>/module.py or refsim/module.py
    return parts[1] if len(parts) > 2 else "refsim"


def _scopes(tree: ast.Module) -> dict[int, str]:
    """Each node's innermost enclosing class or function, dotted (`Outer.method`; '' at module level). A decorator
    or a default value belongs to the definition it decorates."""
    scopes: dict[int, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name else child.name
            scopes[id(child)] = inner
            visit(child, inner)

    visit(tree, "")
    return scopes


def _line_texts(source: str) -> dict[int, str]:
    """Each physical line without its comment, runs of whitespace collapsed to one space (so never two spaces,
    which is what separates an equivalents entry from its reason)."""
    import io
    import tokenize
    comments = {tok.start[0]: tok.start[1] for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT}
    return {number: " ".join(line[:comments.get(number, len(line))].split())
            for number, line in enumerate(source.splitlines(), start=1)}


def _file_mutants(root: Path, file: Path) -> list[tuple[Mutant, str]]:
    """One module's mutants, each with its anchor: `scope: line text`, or `scope#N: line text` for the Nth (in line
    order) of several mutants alike in kind, column, scope and text. An anchor names a mutant without its line
    number, so it still names it after lines are added or removed above. The mutants keep the AST walk's order,
    which the seeded sample draws from."""
    rel = file.relative_to(root).as_posix()
    source = file.read_text(encoding="utf-8")
    tree = ast.parse(source)
    scopes, texts = _scopes(tree), _line_texts(source)
    found: dict[str, tuple[Mutant, str, str]] = {}
    for node in _mutable_nodes(tree):
        for operator, detail in _sites(node):
            mutant = Mutant(rel, node.lineno, node.col_offset, operator, detail, package_of(rel))
            # two sites alike at one place (rare) count once
            found.setdefault(mutant.id, (mutant, scopes.get(id(node), ""), texts.get(node.lineno, "")))
    anchors, seen = {}, defaultdict(int)
    for mutant, scope, text in sorted(found.values(), key=lambda f: (f[0].line, f[0].col)):
        key = (mutant.operator, mutant.detail, mutant.col, scope, text)
        seen[key] += 1
        anchors[mutant.id] = f"{scope or '<module>'}{f'#{seen[key]}' if seen[key] > 1 else ''}: {text}"
    return [(mutant, anchors[mutant.id]) for mutant, _, _ in found.values()]


def anchored_mutants(root: Path = ROOT) -> list[tuple[Mutant, str]]:
    """Every mutant of refsim/ with its anchor (see _file_mutants)."""
    return [pair for file in sorted((root / "refsim").rglob("*.py")) for pair in _file_mutants(root, file)]


def list_mutants(root: Path = ROOT) -> list[Mutant]:
    return [mutant for mutant, _ in anchored_mutants(root)]


class _Apply(ast.NodeTransformer):
    def __init__(self, mutant: Mutant) -> None:
        self.mutant = mutant
        self.done = False

    def _is_site(self, node: ast.AST) -> bool:
        m = self.mutant
        return (not self.done and getattr(node, "lineno", None) == m.line and node.col_offset == m.col
                and (m.operator, m.detail) in _sites(node))

    def generic_visit(self, node: ast.AST) -> ast.AST:
        node = super().generic_visit(node)
        if not self._is_site(node):
            return node
        self.done = True
        return _mutate(node, self.mutant)


def _mutate(node: ast.AST, mutant: Mutant) -> ast.AST:
    op, detail = mutant.operator, mutant.detail
    if op == "compare":
        i = int(detail.split(":")[0])
        node.ops[i] = _COMPARE[type(node.ops[i])]()
    elif op in ("binary", "augassign"):
        node.op = _BINARY[type(node.op)]()
    elif op == "boolop":
        node.op = _BOOL[type(node.op)]()
    elif op == "not":
        return node.operand
    elif op == "constant":
        value = node.value
        node.value = (not value) if isinstance(value, bool) else value + 1 if isinstance(value, (int, float)) \
            else "XX" + value
    elif op == "condition":
        node.test = ast.UnaryOp(ast.Not(), node.test)
    elif op == "statement":
        return ast.Pass()
    elif op == "return":
        node.value = ast.Constant(None)
    elif op == "loop":
        return ast.Continue() if isinstance(node, ast.Break) else ast.Break()
    elif op == "call":
        node.func = ast.Name(_NAMES[node.func.id], ast.Load())
    return node


def mutated_source(source: str, mutant: Mutant) -> str:
    """The module's source with the one mutation applied (re-generated from the AST)."""
    apply = _Apply(mutant)
    tree = apply.visit(ast.parse(source))
    if not apply.done:
        raise LookupError(f"mutant {mutant.id} no longer matches its source")
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def sample(mutants: list[Mutant], size: int, seed: int, minimum: int) -> list[Mutant]:
    """A stratified sample: each package's share in proportion to its sites, at least `minimum` (or all)."""
    by_package: dict[str, list[Mutant]] = defaultdict(list)
    for m in mutants:
        by_package[m.package].append(m)
    total = len(mutants)
    rng = random.Random(seed)
    chosen = []
    for package in sorted(by_package):
        pool = by_package[package]
        share = min(len(pool), max(minimum, round(size * len(pool) / total)))
        chosen += rng.sample(pool, share)
    return sorted(chosen, key=lambda m: (m.path, m.line, m.col, m.operator, m.detail))


# --- equivalents ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Listed:
    """One entry of the equivalents list: `id  # reason`, or `id @ anchor  # reason` (see _file_mutants)."""
    id: str
    anchor: str | None
    reason: str
    number: int  # its line in the list


def read_equivalents(path: Path = EQUIVALENT) -> list[Listed]:
    """The entries, one a line; blank lines and lines starting with # are ignored. A reason is required."""
    found: list[Listed] = []
    if not path.exists():
        return found
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        named, sep, reason = line.partition("  # ")
        if not sep or not reason.strip():
            raise SystemExit(f"{path}:{number}: an equivalent mutant needs a one-line reason after '  # '")
        mutant_id, at, anchor = named.strip().partition(" @")
        parts = mutant_id.split(":", 4)
        if len(parts) != 5 or not (parts[1].isdigit() and parts[2].isdigit()) or (at and not anchor.strip()):
            raise SystemExit(f"{path}:{number}: expected `path:line:col:operator:detail [@ anchor]  # reason`")
        found.append(Listed(mutant_id, anchor.strip() if at else None, reason.strip(), number))
    return found


def match_equivalents(listed: list[Listed], anchored: list[tuple[Mutant, str]]
                      ) -> tuple[dict[str, str], list[Listed]]:
    """The listed equivalents by the id of the mutant each names today, and the stale entries that name none.
    An anchored entry names the mutant of its file, kind and column whose anchor is the same, wherever its line
    now is; a plain `id  # reason` entry names the mutant with that id."""
    ids = {m.id for m, _ in anchored}
    by_anchor = {(m.path, m.operator, m.detail, m.col, anchor): m.id for m, anchor in anchored}
    current: dict[str, str] = {}
    stale: list[Listed] = []
    for entry in listed:
        if entry.anchor is None:
            found = entry.id if entry.id in ids else None
        else:
            path, _line, col, operator, detail = entry.id.split(":", 4)
            found = by_anchor.get((path, operator, detail, int(col), entry.anchor))
        if found is None:
            stale.append(entry)
        else:
            current[found] = entry.reason
    return current, stale


def listed_equivalents(path: Path = EQUIVALENT, root: Path = ROOT, quiet: bool = False) -> dict[str, str]:
    """The listed equivalents by today's ids; entries that name no mutant any more are printed as stale."""
    listed = read_equivalents(path)
    current, stale = match_equivalents(listed, anchored_mutants(root))
    if not quiet:
        for entry in stale:
            print(f"note: stale equivalent ({path.name}:{entry.number}) names no mutant any more, re-check it: "
                  f"{entry.id}{f' @ {entry.anchor}' if entry.anchor else ''}", file=sys.stderr)
        plain = sum(e.anchor is None for e in listed if e not in stale)
        if plain:
            print(f"note: {plain} listed equivalent(s) have no anchor yet; --anchor-equivalents adds them",
                  file=sys.stderr)
    return current


def anchor_equivalents(path: Path = EQUIVALENT, root: Path = ROOT) -> list[Listed]:
    """Rewrite the list with every entry that names a mutant as `today's id @ anchor  # reason`; comments, blank
    lines and stale entries are kept as they are. Returns the stale entries."""
    anchored = anchored_mutants(root)
    anchor_of = {m.id: anchor for m, anchor in anchored}
    listed = read_equivalents(path)
    _, stale = match_equivalents(listed, anchored)
    lines = path.read_text(encoding="utf-8").splitlines()
    for entry in listed:
        if entry in stale:
            continue
        current, _ = match_equivalents([entry], anchored)
        (mutant_id,) = current
        lines[entry.number - 1] = f"{mutant_id} @ {anchor_of[mutant_id]}  # {entry.reason}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return stale


# --- coverage ---------------------------------------------------------------------------------------------------

TEST_VARIABLE = "REFSIM_MUTATION_TEST"  # the running test's node id, read by the processes it starts
# Coverage for every Python process a test starts (`refsim` run as a command, a sweep's worker processes): coverage's
# .pth hook starts it in any interpreter whose environment names this file in COVERAGE_PROCESS_START, and each
# process writes its own data file, its context the test's node id; also when it is ended by SIGTERM (a sweep's
# workers stopped by Ctrl-C), where coverage saves and then lets the signal end the process as before.
PROCESS_CONFIG = """[run]
source = {source}
parallel = true
data_file = {data}
context = ${{{variable}}}
sigterm = true
disable_warnings = no-data-collected, module-not-imported, module-not-measured, couldnt-parse, no-ctracer
"""


class _ContextPerTest:
    """A pytest plugin: one coverage context per test, named by its node id, and the same context for the Python
    processes the test starts (through TEST_VARIABLE); it also notes the tests that fail."""

    def __init__(self, cov) -> None:
        self.cov = cov
        self.failed: list[str] = []
        self.passed = 0

    def pytest_runtest_setup(self, item):
        self.cov.switch_context(item.nodeid)
        os.environ[TEST_VARIABLE] = item.nodeid  # the context of the Python processes this test starts

    def pytest_runtest_teardown(self, item):
        self.cov.switch_context("")
        os.environ[TEST_VARIABLE] = ""

    def pytest_runtest_logreport(self, report):
        if report.failed and report.nodeid not in self.failed:
            self.failed.append(report.nodeid)
        elif report.when == "call" and report.passed:
            self.passed += 1


# the tool itself and its equivalents list change no test's path through refsim, so editing them keeps a map
_NOT_COVERAGE_INPUTS = ("tools/mutation.py", "tools/mutation-equivalent.txt")


def fingerprint(root: Path = ROOT) -> str:
    """A digest of every file a kill-check copies: a coverage map is only reused for the sources it was taken on."""
    import hashlib
    digest = hashlib.sha256()
    for name in COPIED:
        source = root / name
        files = sorted(source.rglob("*")) if source.is_dir() else [source] if source.exists() else []
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts and file.suffix != ".pyc" \
                    and file.relative_to(root).as_posix() not in _NOT_COVERAGE_INPUTS:
                digest.update(file.relative_to(root).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def _marker(data_file: Path) -> Path:
    return data_file.with_name(data_file.name + ".complete")


def reusable_map(data_file: Path, sources: str) -> str | None:
    """None when the coverage map at data_file can be reused; otherwise why not (one line). A map is reusable
    only when the run that wrote it finished (its completion marker exists) on these same sources: an
    interrupted run leaves a partial map, whose untraced lines would count as uncovered."""
    marker = _marker(data_file)
    if not data_file.exists():
        return f"no coverage map at {data_file} yet"
    if not marker.exists():
        return f"the coverage map {data_file} has no completion marker (an interrupted run left it partial)"
    try:
        written = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"the completion marker {marker} is unreadable"
    if written.get("fingerprint") != sources:
        return f"the coverage map {data_file} was taken on other sources"
    return None


def _suite_under_coverage(copy: Path, data_file: Path, sources: str) -> None:
    """Run the whole suite once under coverage (no -x: every test leaves its context), with the Python processes the
    tests start measured too, then mark the map complete. A test failing only under the tracer (a timing-sensitive
    one) is re-run once without it: if it passes there, the unmutated suite is sound and its coverage is kept; if
    not, the run stops."""
    failed_file = copy / ".mutation-baseline-failed"
    processes = data_file.with_name(data_file.name + ".processes")
    shutil.rmtree(processes, ignore_errors=True)
    processes.mkdir(parents=True)
    config = copy / ".mutation-process-coverage"
    config.write_text(PROCESS_CONFIG.format(source=copy / "refsim", data=processes / data_file.name,
                                            variable=TEST_VARIABLE), encoding="utf-8")
    # set here, not in the child's environment: coverage's .pth hook would measure the pytest process twice
    code = ("import json, os, sys, coverage, pytest\n"
            f"sys.path.insert(0, {str(copy)!r})\n"
            "from tools.mutation import _ContextPerTest\n"
            f"cov = coverage.Coverage(data_file={str(data_file)!r}, source=['refsim'])\n"
            "plugin = _ContextPerTest(cov)\n"
            f"os.environ['COVERAGE_PROCESS_START'] = {str(config)!r}\n"
            "cov.start()\n"
            "code = pytest.main(['-q', '-p', 'no:cacheprovider', '--driver', 'inprocess', 'tests'],"
            " plugins=[plugin])\n"
            "cov.stop(); cov.save()\n"
            f"open({str(failed_file)!r}, 'w').write(json.dumps({{'code': int(code), 'failed': plugin.failed,"
            " 'passed': plugin.passed}))\n")
    subprocess.run([sys.executable, "-c", code], cwd=copy, env=_env(copy))
    _combine_processes(data_file, processes)
    try:
        outcome = json.loads(failed_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise SystemExit("the coverage run of the unmutated suite did not finish; no map written") from None
    if outcome["code"] not in (0, 1) or (outcome["code"] == 1 and not outcome["failed"]):
        raise SystemExit(f"the coverage run of the unmutated suite stopped (pytest exit {outcome['code']})")
    if outcome["failed"]:
        again = _run_forked(copy, ["-q", "-p", "no:cacheprovider", "--driver", "inprocess", *outcome["failed"]],
                            timeout=600)
        if again != 0:
            raise SystemExit(f"the test suite does not pass unmutated ({len(outcome['failed'])} failing, first "
                             f"{outcome['failed'][0]}); fix it before mutation testing")
        print(f"note: {len(outcome['failed'])} test(s) failed only under coverage tracing and pass without it: "
              f"{', '.join(outcome['failed'])}", file=sys.stderr)
    _marker(data_file).write_text(json.dumps({"fingerprint": sources, "passed": outcome["passed"],
                                             "failed_under_tracing": outcome["failed"]}) + "\n", encoding="utf-8")


def _combine_processes(data_file: Path, processes: Path) -> int:
    """Add each measured process's lines, with their contexts, to the map; then drop the per-process files. A file
    that cannot be read (a process killed while saving it: the signal tests kill children) is left out and
    counted: its lines were run by a child the test killed, and no other test loses coverage by it."""
    import coverage
    from coverage.exceptions import CoverageException
    torn = 0
    if data_file.exists() and processes.is_dir():
        data = coverage.CoverageData(basename=str(data_file))
        data.read()
        for part in sorted(processes.iterdir()):
            other = coverage.CoverageData(basename=str(part))
            try:
                other.read()
                data.update(other)
            except CoverageException:
                torn += 1
        data.write()
    if torn:
        print(f"note: {torn} measured process file(s) could not be read (killed while saving) and were left out",
              file=sys.stderr)
    shutil.rmtree(processes, ignore_errors=True)
    return torn


def coverage_map(copy: Path, data_file: Path) -> tuple[dict[str, dict[int, set[str]]], dict[str, set[str]]]:
    """Per file: line -> the tests executing it; and per file: every test executing any of its lines."""
    sources = fingerprint(copy)  # before the suite runs: tests write files into the copy
    why_not = reusable_map(data_file, sources)
    if why_not is not None:
        if data_file.exists():
            print(f"note: {why_not}; rebuilding it", file=sys.stderr)
            data_file.unlink()
        _marker(data_file).unlink(missing_ok=True)
        _suite_under_coverage(copy, data_file, sources)
    import coverage
    data = coverage.CoverageData(basename=str(data_file))
    data.read()
    lines: dict[str, dict[int, set[str]]] = {}
    modules: dict[str, set[str]] = {}
    for measured in data.measured_files():
        rel = measured.split("/project/", 1)[1]  # every copy is <tmp>/project, so saved data stays usable
        per_line = {n: set(ctx) for n, ctx in data.contexts_by_lineno(measured).items()}  # "" = while importing
        source = copy / rel
        if source.exists():
            per_line = spread_over_statements(per_line, source.read_text(encoding="utf-8"))
        lines[rel] = per_line
        modules[rel] = set().union(*per_line.values()) - {""} if per_line else set()
    _add_importing_tests(modules, copy)
    return lines, modules


def _add_importing_tests(modules: dict[str, set[str]], copy: Path) -> None:
    """Give each module's tests also those of every test file that names the module (`refsim.resreq.ast`): a test
    that only builds a module's dataclasses runs none of its lines (the generated `__init__` and `__eq__` have no
    source line), yet it decides the module's import-time lines, such as a field's default."""
    by_file: dict[str, set[str]] = {}
    for test in set().union(*modules.values()) if modules else ():
        by_file.setdefault(test.split("::", 1)[0], set()).add(test)
    texts = {name: (copy / name).read_text(encoding="utf-8", errors="replace")
             for name in by_file if (copy / name).is_file()}
    for rel, tests in modules.items():
        dotted = rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        named = re.compile(rf"\b{re.escape(dotted)}\b(?!\.)")
        for name, text in texts.items():
            if named.search(text):
                tests |= by_file[name]


def spread_over_statements(per_line: dict[int, set[str]], source: str) -> dict[int, set[str]]:
    """Coverage records a statement written over several lines (a tuple constant, a call's arguments) at its first
    line only: each later line of it that has no record of its own gets the tests of that first line, so a mutant
    there is checked against them instead of counting as uncovered."""
    first: dict[int, int] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt):
            for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                first[number] = max(first.get(number, 0), node.lineno)  # the innermost statement starts last
    spread = dict(per_line)
    for number, start in first.items():
        if number not in spread and start in per_line:
            spread[number] = per_line[start]
    return spread


# Tests that check refsim as a whole by looking at its objects (every dataclass frozen, every public name
# exported) without running their lines, so no coverage context ever names them: given to every covered mutant.
WHOLE_CODEBASE_TESTS = ("tests/unit/test_frozen_data.py", "tests/unit/test_public_names.py")


def tests_for(mutant: Mutant, lines, modules) -> set[str]:
    """The tests that run the mutant's line. A line run while the suite imported refsim (the empty context: module
    constants, decorators, defaults) also gets every test of its module, since each of them may depend on it; a
    test's child process that imports the module again does not make such a line any less import-time."""
    contexts = lines.get(mutant.path, {}).get(mutant.line)
    if contexts is None:
        return set()
    covering = contexts - {""}
    if "" in contexts or not covering:
        return covering | modules.get(mutant.path, set())
    return covering


# --- running ----------------------------------------------------------------------------------------------------

def _env(copy: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # no bytecode: a mutated module of the same size written in the same second must never be read stale
    return {**env, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}


def make_copy(target: Path) -> Path:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.exists():
            shutil.copy2(source, target / name)
    shared = ROOT.parent / "shared"
    if shared.exists():  # tests that read ../shared/data (the NASA log) find it from the copy too
        (target.parent / "shared").symlink_to(shared)
    probe = subprocess.run([sys.executable, "-c", "import refsim; print(refsim.__file__)"], cwd=target,
                           env=_env(target), capture_output=True, text=True)
    if not probe.stdout.strip().startswith(str(target)):
        raise SystemExit(f"the copy's refsim is not the one imported: {probe.stdout.strip()}")
    return target


PRELOADED = ("pytest", "pytest_bdd", "hypothesis", "yaml", "click", "deepdiff", "prompt_toolkit", "pexpect")


def preload() -> None:
    """Import the test tools once in this process, so each forked kill-check starts without that cost. refsim
    itself is never imported here: each child imports the copy's, mutated."""
    import importlib
    for name in PRELOADED:
        try:
            importlib.import_module(name)
        except ImportError:
            pass


WALL_FACTOR = 10  # a loaded machine stretches the wall clock, not the CPU time a check needs


def _run_forked(copy: Path, args: list[str], timeout: float) -> int | None:
    """pytest.main(args) in a forked child working in the copy; its exit status, None on timeout. The timeout is
    CPU seconds (RLIMIT_CPU, so a mutant that loops is stopped by the kernel): on a shared machine a wall-clock
    limit stopped slow but passing checks and counted their mutants as killed. The wall clock only catches a
    child that hangs without using CPU, after WALL_FACTOR times the timeout."""
    import resource
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 3
        try:
            limit = max(1, int(timeout))
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 10))
            os.chdir(copy)
            sys.path.insert(0, str(copy))
            sys.dont_write_bytecode = True
            os.environ.update(_env(copy))
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            import pytest
            code = int(pytest.main(args))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout * WALL_FACTOR
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
                return None
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.05)


def _cheap_first(test: str) -> tuple[int, str]:
    """Unit tests first, hypothesis properties last: with -x a killed mutant stops at its first failure."""
    order = ("tests/unit/", "tests/golden/", "tests/bdd/", "tests/property/")
    return next((i for i, prefix in enumerate(order) if test.startswith(prefix)), len(order)), test


def kill_check(copy: Path, mutant: Mutant, tests: set[str], timeout: float) -> str:
    """'killed', 'survived' or 'timeout' (counted as killed: the mutant hangs the run)."""
    original = (copy / mutant.path).read_text(encoding="utf-8")
    try:
        (copy / mutant.path).write_text(mutated_source(original, mutant), encoding="utf-8")
        args = copy / ".mutation-args"
        args.write_text("\n".join(sorted(tests, key=_cheap_first)) + "\n", encoding="utf-8")
        code = _run_forked(copy, ["-x", "-q", "-p", "no:cacheprovider", "--driver", "inprocess", f"@{args}"],
                           timeout)
        if code is None:
            return "timeout"
        return "survived" if code == 0 else "killed"
    finally:
        (copy / mutant.path).write_text(original, encoding="utf-8")


def report(results: list[dict], equivalents: dict[str, str], sites: set[str] | None = None) -> list[str]:
    """Per package: sampled, equivalent, killed, survived, uncovered and the kill rate of the deciding mutants.
    Results whose id is not in `sites` (the sample drawn under the current rules) are left out."""
    per: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in {r["id"]: r for r in results}.values():  # one result per mutant: the latest
        if sites is not None and r["id"] not in sites:
            continue
        status = "equivalent" if r["id"] in equivalents else r["status"]
        per[r["package"]][status] += 1
    lines = [f"{'package':<10} {'sampled':>7} {'equiv':>5} {'killed':>6} {'survived':>8} {'uncovered':>9} {'rate':>7}"]
    total = defaultdict(int)
    for package in sorted(per):
        c = per[package]
        for k, v in c.items():
            total[k] += v
        lines.append(_row(package, c))
    lines.append(_row("all", total))
    return lines


def _row(name: str, c) -> str:
    killed = c["killed"] + c["timeout"]
    deciding = killed + c["survived"] + c["uncovered"]
    sampled = deciding + c["equivalent"]
    rate = f"{100 * killed / deciding:.1f}%" if deciding else "-"
    return f"{name:<10} {sampled:>7} {c['equivalent']:>5} {killed:>6} {c['survived']:>8} {c['uncovered']:>9} {rate:>7}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=320, help="mutants to draw in all (default 320)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--min-per-package", type=int, default=25)
    parser.add_argument("--packages", default="", help="comma-separated packages to draw from (default all)")
    parser.add_argument("--out", default="mutation-results.jsonl", help="results, one JSON line per mutant")
    parser.add_argument("--recheck", metavar="FILE", help="re-run the survivors of an earlier results file")
    parser.add_argument("--report", metavar="FILE", help="only print the rates of an earlier results file")
    parser.add_argument("--coverage-data", metavar="FILE",
                        help="reuse this coverage map (written to FILE when it does not exist yet)")
    parser.add_argument("--shard", default="0/1", help="K/N: check only the sampled mutants K, K+N, ... (default 0/1)")
    parser.add_argument("--resume", metavar="FILE", help="keep the results of an earlier file; check the rest")
    parser.add_argument("--list", action="store_true", help="only list the sample drawn")
    parser.add_argument("--anchor-equivalents", action="store_true",
                        help="rewrite tools/mutation-equivalent.txt with each entry at today's id and anchored to its "
                             "source line; list the stale ones")
    parser.add_argument("--only", metavar="ID", action="append", default=[],
                        help="check this mutant (an id as listed) instead of a sample; repeatable")
    parser.add_argument("--tests", metavar="NODEID", action="append", default=[],
                        help="run these tests against every mutant instead of the covering ones; repeatable")
    parser.add_argument("--timeout", type=float, default=240.0,
                        help="CPU seconds per check before its mutant counts as killed (a hang; default 240)")
    args = parser.parse_args(argv)

    if args.anchor_equivalents:
        stale = anchor_equivalents()
        print(f"{EQUIVALENT.name}: every entry that names a mutant is anchored; {len(stale)} stale", file=sys.stderr)
        for entry in stale:
            print(f"stale ({EQUIVALENT.name}:{entry.number}): {entry.id}", file=sys.stderr)
        return 1 if stale else 0
    equivalents = listed_equivalents()
    if args.report:
        earlier = [json.loads(line) for line in Path(args.report).read_text().splitlines() if line.strip()]
        drawn = {m.id for m in sample(list_mutants(), args.sample, args.seed, args.min_per_package)}
        print("\n".join(report(earlier, equivalents, drawn)))
        for r in {r["id"]: r for r in earlier}.values():
            if r["id"] in drawn and r["status"] in ("survived", "uncovered") and r["id"] not in equivalents:
                print(f"{r['status']}: {r['id']}")
        print(f"{len({r['id'] for r in earlier} & drawn)} of the {len(drawn)} mutants drawn have a result")
        return 0
    if args.only:
        by_id = {m.id: m for m in list_mutants()}
        missing = [i for i in args.only if i not in by_id]
        if missing:
            raise SystemExit(f"no such mutant: {missing[0]}")
        chosen, kept = [by_id[i] for i in args.only], []
    elif args.recheck:
        earlier = [json.loads(line) for line in Path(args.recheck).read_text().splitlines() if line.strip()]
        fields = Mutant.__dataclass_fields__
        chosen = [Mutant(**{k: r[k] for k in fields}) for r in earlier
                  if r["status"] in ("survived", "uncovered") and r["id"] not in equivalents]
        kept = [r for r in earlier if not (r["status"] in ("survived", "uncovered") and r["id"] not in equivalents)]
    else:
        everything = list_mutants()
        if args.packages:
            wanted = set(args.packages.split(","))
            everything = [m for m in everything if m.package in wanted]
        chosen = sample(everything, args.sample, args.seed, args.min_per_package)
        kept = []
    # a seeded shuffle, so a run stopped early has checked a random part of every package
    random.Random(args.seed).shuffle(chosen)
    k, n = (int(x) for x in args.shard.split("/"))
    chosen = chosen[k::n]
    if args.resume:
        done = [json.loads(line) for line in Path(args.resume).read_text().splitlines() if line.strip()]
        done_ids = {r["id"] for r in done}
        kept += [r for r in done if r["id"] in {m.id for m in chosen}]
        chosen = [m for m in chosen if m.id not in done_ids]
    if args.list:
        for m in chosen:
            print(m.id)
        return 0

    results = list(kept)
    preload()
    with tempfile.TemporaryDirectory(prefix="refsim-mutation-") as tmp:
        copy = make_copy(Path(tmp) / "project")
        if args.tests:
            lines, modules = {}, {}
        else:
            data = Path(args.coverage_data) if args.coverage_data else Path(tmp) / "coverage.data"
            lines, modules = coverage_map(copy, data)
            print(f"coverage map: {resource_children_cpu():.0f} s CPU", file=sys.stderr)
        out = Path(args.out).open("w", encoding="utf-8")
        for r in kept:
            out.write(json.dumps(r) + "\n")
        for number, mutant in enumerate(chosen, start=1):
            if mutant.id in equivalents:
                status, tests = "equivalent", set()
            else:
                tests = set(args.tests) or tests_for(mutant, lines, modules)
                if tests and not args.tests:
                    tests |= {test for test in WHOLE_CODEBASE_TESTS if (copy / test).exists()}
                status = kill_check(copy, mutant, tests, args.timeout) if tests else "uncovered"
            record = {**asdict(mutant), "id": mutant.id, "status": status, "tests": len(tests)}
            results.append(record)
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(f"[{number}/{len(chosen)}] {status:<10} {mutant.id} ({len(tests)} tests)", file=sys.stderr,
                  flush=True)
        out.close()
        print(f"coverage map and kill-checks: {resource_children_cpu():.0f} s CPU in all", file=sys.stderr)
    sites = {m.id for m in list_mutants()}
    for line in report(results, equivalents, sites):
        print(line)
    for r in results:
        if r["status"] in ("survived", "uncovered") and r["id"] not in equivalents and r["id"] in sites:
            print(f"{r['status']}: {r['id']}")
    return 0


def resource_children_cpu() -> float:
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    sys.exit(main())
