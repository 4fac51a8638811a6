"""The sweep file: which recordings to replay and which parameters to vary (docs/sweep.md, "The sweep file").

    recordings:                      # paths or globs, relative to the sweep file's folder
      - examples/six-jobs.yaml
      - {path: "logs/*.swf.gz", import: {jobs: 1000}}   # SWF logs are imported on the fly
    host_template: n                 # the host the `hosts` axis clones
    axes:                            # every combination of these values (or `runs:`, a listed set)
      discipline: [greedy, easy]
      time_scale: [1.0, 0.5]
      hosts: [1, 2]
      cluster.queues[name=normal].priority: [0, 10]

Every error is one line naming the sweep file, where in it, and what is wrong."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Hashable

from refsim.importers.formats import ON_THE_FLY, on_the_fly
from refsim.model.bounds import MAX_HOSTS, short
from refsim.sched.disciplines import DISCIPLINES  # the names only, to check the discipline axis
from refsim.sim.reader import Node, RecordingError, read_document
from refsim.sweep.dotted import DottedPath, DottedPathError, looks_dotted, parse_path

TOP_KEYS = ("recordings", "host_template", "axes", "runs")
NAMED_AXES = ("discipline", "time_scale", "hosts")
IMPORT_KEYS = ("hosts", "jobs", "time_scale")  # ImportOptions; `refsim import swf` options, the one format on the fly
MAX_COMBINATIONS = 100_000  # replays of one recording: axes' product or listed runs (docs/sweep.md)

SweepError = RecordingError  # one line: the sweep file, where in it, and the problem
Value = Any  # an axis value as read from the sweep file (plain YAML data)
Parameters = tuple[tuple[str, Value], ...]  # (axis, value) pairs of one replay, in the sweep's axis order


@dataclass(frozen=True)
class ImportOptions:
    """`refsim import swf` options for an SWF log: --hosts, --jobs and --time-scale."""

    hosts: int | None = None
    jobs: int | None = None
    time_scale: float | None = None


@dataclass(frozen=True)
class RecordingEntry:
    pattern: str  # a path or glob, as written
    where: str  # where it is in the sweep file: recordings[2]
    options: ImportOptions | None  # given only for SWF logs


@dataclass(frozen=True)
class Axis:
    name: str
    values: tuple[Value, ...]
    path: DottedPath | None = None  # for an override


@dataclass(frozen=True)
class SweepSpec:
    file: str
    folder: Path
    recordings: tuple[RecordingEntry, ...]
    host_template: str | None
    axis_names: tuple[str, ...]  # the results table's parameter columns, in order
    paths: dict[str, DottedPath]  # the override axes' parsed paths, by axis name
    combinations: tuple[Parameters, ...]  # every replay's parameters, for each recording
    listed: bool  # `runs:` (a listed set) rather than `axes:`

    def error(self, where: str, problem: str) -> SweepError:
        return SweepError(self.file, where, problem)


def parse_spec(path: str | Path) -> SweepSpec:
    """Read and check a sweep file; SweepError says what is wrong and where."""
    name = str(path)
    root = Node(read_document(path), name).mapping(TOP_KEYS, required=("recordings",))
    if root.has("axes") and root.has("runs"):
        raise root.error("give either 'axes' (every combination) or 'runs' (a listed set), not both")
    recordings = tuple(_entry(node) for node in _list(root.child("recordings")))
    template = root.child("host_template").name() if root.has("host_template") else None
    if root.has("runs"):
        names, paths, combinations = _runs(root.child("runs"))
    else:
        axes = _axes(root.child("axes")) if root.has("axes") else ()
        names, paths = tuple(a.name for a in axes), {a.name: a.path for a in axes if a.path is not None}
        combinations = _product(axes)
    if "hosts" in names and template is None:
        raise root.error("the hosts axis needs 'host_template': the name of the host to clone")
    return SweepSpec(name, Path(name).resolve().parent, recordings, template, names, paths, combinations,
                     root.has("runs"))


def _list(node: Node) -> list[Node]:
    items = list(node.elements())
    if not items:
        raise node.error("the list is empty")
    return items


def _entry(node: Node) -> RecordingEntry:
    if isinstance(node.value, str):
        return RecordingEntry(_pattern(node), node.path, None)
    node.mapping(("path", "import"), required=("path",))
    pattern = _pattern(node.child("path"))
    if not node.has("import"):
        return RecordingEntry(pattern, node.path, None)
    if on_the_fly(pattern) is None:
        kinds = " and ".join(f"{f.kind} ({', '.join(f.suffixes)})" for f in ON_THE_FLY)
        raise node.child("import").error(f"import options apply to {kinds}, not '{short(pattern)}'")
    options = node.child("import").mapping(IMPORT_KEYS)
    hosts = options.child("hosts").integer(1, MAX_HOSTS) if options.has("hosts") else None
    jobs = options.child("jobs").integer(1) if options.has("jobs") else None
    scale = _time_scale(options.child("time_scale")) if options.has("time_scale") else None
    return RecordingEntry(pattern, node.path, ImportOptions(hosts, jobs, scale))


def _pattern(node: Node) -> str:
    if not isinstance(node.value, str) or not node.value.strip():
        raise node.error("expected a path or glob")
    if "\0" in node.value:  # no file's path holds one, and os.path refuses it with a ValueError
        raise node.error(f"'{short(node.value)}' holds a NUL character, which no path can")
    return node.value


def _time_scale(node: Node) -> float:
    factor = node.number(0)
    if factor <= 0 or not math.isfinite(factor):
        raise node.error(f"a time scale must be a finite number above 0, not {short(factor)}")
    return float(factor)


def value_of(axis: str, node: Node) -> Value:
    """One value of an axis, checked for its type (an override's value is checked against each recording
    later, when the recordings are read)."""
    if axis == "discipline":
        text = node.value
        if not isinstance(text, str) or text not in DISCIPLINES:
            raise node.error(f"unknown discipline '{short(text)}' (expected one of: {', '.join(DISCIPLINES)})")
        return text
    if axis == "time_scale":
        return _time_scale(node)
    if axis == "hosts":
        return node.integer(1, MAX_HOSTS)
    if node.value is None:
        raise node.error("an override needs a value")
    return node.value


def axis_path(name: str, node: Node) -> DottedPath | None:
    """The parsed path of an override axis; None for a named axis. An unknown name is an error."""
    if name in NAMED_AXES:
        return None
    if not looks_dotted(name):
        raise node.error(f"unknown axis '{short(name)}' (expected {', '.join(NAMED_AXES)}, or a dotted path into "
                         "the recording such as cluster.queues[name=normal].priority)")
    try:
        return parse_path(name)
    except DottedPathError as exc:
        raise node.error(f"bad dotted path {exc}") from None


def _axes(node: Node) -> tuple[Axis, ...]:
    axes = []
    for name, values in node.items():
        path = axis_path(name, node)
        checked = tuple(value_of(name, v) for v in _list(values))
        seen: set[Hashable] = set()
        for i, value in enumerate(checked):
            identity = _identity(value)
            if identity in seen:
                raise values.child(i).error(f"the value {short(value)} is listed twice")
            seen.add(identity)
        axes.append(Axis(name, checked, path))
    if not axes:
        raise node.error("no axis: name at least one, or leave 'axes' out to replay each recording as it is")
    combinations = math.prod(len(axis.values) for axis in axes)
    if combinations > MAX_COMBINATIONS:  # refused before a single combination is built
        sizes = " x ".join(str(len(axis.values)) for axis in axes)
        raise node.error(f"{sizes} = {combinations} combinations, more than the {MAX_COMBINATIONS} a sweep may "
                         "replay for each recording")
    return tuple(axes)


def _identity(value: Value) -> Hashable:
    """A hashable stand-in for an axis value: two values have the same one when they are of one type and equal
    (1 and 1.0 are two values, as are 1 and true; inside a list or mapping, == decides, as it does for the whole).
    Found in one pass, so checking for duplicates is linear in the values."""
    return type(value), _frozen(value)


def _frozen(value: Value) -> Hashable:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return frozenset((k, _frozen(v)) for k, v in value.items())
    plain: Hashable = value  # text, a number, a boolean, null: hashable as they are
    return plain


def _product(axes: tuple[Axis, ...]) -> tuple[Parameters, ...]:
    combinations: list[Parameters] = [()]
    for axis in axes:
        combinations = [c + ((axis.name, v),) for c in combinations for v in axis.values]
    return tuple(combinations)


def _runs(node: Node) -> tuple[tuple[str, ...], dict[str, DottedPath], tuple[Parameters, ...]]:
    names: list[str] = []
    paths: dict[str, DottedPath] = {}
    runs: list[Parameters] = []
    seen: set[frozenset[tuple[str, Hashable]]] = set()
    listed = _list(node)
    if len(listed) > MAX_COMBINATIONS:
        raise node.error(f"{len(listed)} runs, more than the {MAX_COMBINATIONS} a sweep may replay for each "
                         "recording")
    for run in listed:
        parameters: list[tuple[str, Value]] = []
        for name, value in run.items():
            path = axis_path(name, run)
            if path is not None:
                paths[name] = path
            if name not in names:
                names.append(name)
            parameters.append((name, value_of(name, value)))
        identity = frozenset((n, _identity(v)) for n, v in parameters)  # a run's names are its mapping's keys
        if identity in seen:
            raise run.error("this run is listed twice")
        seen.add(identity)
        runs.append(tuple(parameters))
    order = {name: i for i, name in enumerate(names)}
    return tuple(names), paths, tuple(tuple(sorted(r, key=lambda p: order[p[0]])) for r in runs)
