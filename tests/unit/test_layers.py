"""refsim's import graph, read from the source with `ast`: no import circle among its modules, and each import
between top-level parts goes down the layer order of docs/architecture.md. Every import counts, those under
`if TYPE_CHECKING:` and inside functions too: a circle hidden there is still a circle in the design."""

from __future__ import annotations

import ast
from collections.abc import Container
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "refsim"

# docs/architecture.md, "Layers": lowest first; a part may import only the parts of lower layers.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("refsim", "progress", "errors", "blasthreads"),
    ("model",),
    ("resreq",),
    ("sched",),
    ("trace", "sim", "importers"),
    ("repl", "report"),
    ("sweep",),
    ("cli",),
    ("__main__",),  # above cli: `python -m refsim` runs cli.main
)
RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}

Graph = dict[str, set[str]]


def module_names(package: Path) -> dict[str, Path]:
    """Each module's dotted name and file: `pkg/a/__init__.py` is `pkg.a`, `pkg/a/b.py` is `pkg.a.b`."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _known(name: str, modules: Container[str]) -> str | None:
    """The module an import of `name` runs: itself when it is one, else its longest known parent (None outside)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that module `name` imports anywhere in its file (TYPE_CHECKING blocks and function
    bodies included). `from p import x` imports the submodule p.x when there is one, else p."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        found.update(t for t in (_known(target, modules) for target in targets) if t is not None)
    found.discard(name)  # a package naming its own members is no arrow
    return found


def import_graph(package: Path) -> Graph:
    modules = module_names(package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: Graph) -> list[list[str]]:
    """The graph's import circles: its strongly connected components of more than one module (Tarjan), each
    sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # iterative, so a long chain of imports cannot reach Python's recursion limit
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def part(module: str) -> str:
    """The top-level part a module belongs to: `refsim.sched.events` is `sched`, the root package `refsim`."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else pieces[0]


def upward(graph: Graph) -> list[str]:
    """The imports between top-level parts that do not go to a lower layer, as `a -> b (part a -> part b)`."""
    wrong = []
    for source, targets in sorted(graph.items()):
        for target in sorted(targets):
            importer, imported = part(source), part(target)
            if importer != imported and not RANK[imported] < RANK[importer]:
                wrong.append(f"{source} -> {target} ({importer} -> {imported})")
    return wrong


def shortest_circle(graph: Graph, component: list[str]) -> list[str]:
    """One circle of a component, from its first module back to it by the fewest imports (breadth first)."""
    start, inside = component[0], set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & inside):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{component} is no circle")


def circles_message(graph: Graph, found: list[list[str]]) -> str:
    return "import circles among refsim's modules:\n" + "\n".join(
        f"  {len(c)} modules: {', '.join(c)}\n    e.g. {' -> '.join(shortest_circle(graph, c))}" for c in found)


# --- the package ---------------------------------------------------------------------------------------------------


def test_refsim_has_no_import_circle():
    graph = import_graph(PACKAGE)
    found = cycles(graph)
    assert found == [], circles_message(graph, found)


def test_each_import_between_parts_goes_down_the_layers():
    graph = import_graph(PACKAGE)
    assert {part(m) for m in graph} == set(RANK), "a top-level part of refsim missing from LAYERS, or gone from it"
    wrong = upward(graph)
    assert wrong == [], "imports that do not go to a lower layer (docs/architecture.md):\n  " + "\n  ".join(wrong)


def test_the_layers_written_in_the_architecture_page_are_the_tested_ones():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for rank, parts in enumerate(LAYERS, start=1):
        assert f"{rank}. " + ", ".join(f"`{p}`" for p in parts) in text


def test_the_scan_reads_the_whole_package():
    graph = import_graph(PACKAGE)
    assert len(graph) > 100
    assert {"refsim", "refsim.__main__", "refsim.sched", "refsim.sched.events"} <= set(graph)
    # a module-level import, a `from package import submodule` and a function-level import
    assert "refsim.cli" in graph["refsim.__main__"]
    assert "refsim.sched.events" in graph["refsim.trace.collector"]
    assert "refsim.sweep.plots" in graph["refsim.sweep.report"]


# --- the scanner ---------------------------------------------------------------------------------------------------


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_the_scanner_finds_a_circle_closed_under_type_checking_and_in_a_function(tmp_path):
    package = _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/low/__init__.py": "from pkg.low.names import NAME\n",
        "pkg/low/names.py": "NAME = 1\n",
        "pkg/low/deep.py": "from ..b import B\nfrom .. import low\n",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
        "pkg/b.py": "def f():\n    from . import c\n    return c\nB = 1\n",
        "pkg/c.py": "import pkg.a\nfrom .low import NAME\nfrom pkg.low import names\nimport os\n",
    })
    graph = import_graph(package)
    assert graph == {"pkg": set(), "pkg.low": {"pkg.low.names"}, "pkg.low.names": set(),
                     "pkg.low.deep": {"pkg.b", "pkg.low"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"},
                     "pkg.c": {"pkg.a", "pkg.low", "pkg.low.names"}}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert circles_message(graph, cycles(graph)) == ("import circles among refsim's modules:\n"
                                                     "  3 modules: pkg.a, pkg.b, pkg.c\n"
                                                     "    e.g. pkg.a -> pkg.b -> pkg.c -> pkg.a")


def test_the_scanner_finds_no_circle_in_a_chain_and_each_of_two_separate_circles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}) == [["a", "b"], ["c", "d"]]


def test_the_circle_shown_is_a_shortest_one():
    graph = {"a": {"b", "e"}, "b": {"c"}, "c": {"a"}, "e": {"f"}, "f": {"b", "a"}}
    assert cycles(graph) == [["a", "b", "c", "e", "f"]]
    assert shortest_circle(graph, ["a", "b", "c", "e", "f"]) == ["a", "b", "c", "a"]
    assert shortest_circle(graph | {"c": {"e"}}, ["a", "b", "c", "e", "f"]) == ["a", "e", "f", "a"]


def test_an_import_up_the_layers_or_across_one_is_reported():
    graph = {"refsim.model.jobs": {"refsim.sched.events", "refsim.progress"}, "refsim.trace.store": {"refsim.sim.log"},
             "refsim.cli": {"refsim.sweep.run", "refsim"}}
    assert upward(graph) == ["refsim.model.jobs -> refsim.sched.events (model -> sched)",
                             "refsim.trace.store -> refsim.sim.log (trace -> sim)"]
