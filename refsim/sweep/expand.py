"""A sweep's replays: each recording under each combination of parameters, in the order listed, with its key.

Before anything runs, each override value and host count is tried on each recording's cluster, so a path that
leads nowhere or a value the recording format refuses stops the sweep with one line, not a pile of failed
replays. What can only be found by loading a whole variant (a removed host that an event names) fails that
replay alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from refsim.model.bounds import short
from refsim.sim.load import cluster_from
from refsim.sim.reader import Node, RecordingError
from refsim.sweep.dotted import DottedPathError
from refsim.sweep.keys import replay_key
from refsim.sweep.sources import Source, check_source
from refsim.sweep.spec import Parameters, SweepSpec, Value
from refsim.sweep.variant import VariantError, variant


@dataclass(frozen=True)
class Replay:
    index: int  # from 1, in sweep order
    source: Source
    parameters: Parameters
    key: str


def expand(spec: SweepSpec, sources: list[Source], version: str) -> list[Replay]:
    """Every replay of the sweep, checked against the recordings; replays with the same key (the same content
    under the same parameters) are kept once."""
    replays: list[Replay] = []
    keys: set[str] = set()
    for source in sources:
        document = check_source(source)
        _check_values(spec, source, document)
        for parameters in spec.combinations:
            key = replay_key(source.digest, source.options, parameters, version)
            if key not in keys:
                keys.add(key)
                replays.append(Replay(len(replays) + 1, source, parameters, key))
    return replays


def _check_values(spec: SweepSpec, source: Source, document: dict[str, Any]) -> None:
    if source.importer is not None and source.options is not None and source.options.time_scale is not None \
            and "time_scale" in spec.axis_names:
        raise spec.error("axes", f"time_scale is both an axis and an import option of {source.name}; give one")
    tried: set[tuple[str, str]] = set()
    for parameters in spec.combinations:
        for name, value in parameters:
            if (name, repr(value)) in tried:
                continue
            tried.add((name, repr(value)))
            _try(spec, source, document, name, value)


def _try(spec: SweepSpec, source: Source, document: dict[str, Any], name: str, value: Value) -> None:
    """Apply one value alone and load the resulting cluster."""
    where = "runs" if spec.listed else f"axes.{name}"
    try:
        changed = variant(document, ((name, value),), spec.paths, spec.host_template, scale_times=False)
    except (DottedPathError, VariantError) as exc:
        raise spec.error(where, f"in {source.name}: {exc}") from None
    try:
        cluster_from(Node(changed["cluster"], source.name, "cluster"))
    except RecordingError as exc:
        raise spec.error(where, f"the value {short(value)} does not fit {exc}") from None
