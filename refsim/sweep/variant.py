"""One replay's recording: the recording's document with the replay's parameters applied (docs/sweep.md).

Overrides are set first, so a cloned host is a copy of the template as overridden; then the host count, the
discipline, and the time scale. Only the containers that change are copied: the recording's document is shared
by every replay of it and is never changed."""

from __future__ import annotations

import itertools
import re
from typing import Any

from refsim.errors import RefsimError
from refsim.model.bounds import short
from refsim.sweep.dotted import DottedPath, with_value
from refsim.sweep.spec import Parameters

_NUMBERED = re.compile(r"^(.*?)([0-9]+)$")


class VariantError(RefsimError, ValueError):
    """A parameter that cannot be applied to a recording; the message is one line."""


def variant(document: dict[str, Any], parameters: Parameters, paths: dict[str, DottedPath],
            template: str | None, *, scale_times: bool) -> dict[str, Any]:
    """`document` with `parameters` applied. The time scale multiplies every event's time unless
    `scale_times` is false (an SWF log, whose importer has already scaled its submit times)."""
    values = dict(parameters)
    for name, value in parameters:
        if name in paths:
            document = with_value(document, paths[name], value)
    if "hosts" in values:
        document = with_host_count(document, template or "", values["hosts"])
    if "discipline" in values:
        document = {**document, "scheduling": {"discipline": values["discipline"]}}
    if "time_scale" in values and scale_times:
        document = with_time_scale(document, values["time_scale"])
    return document


def with_time_scale(document: dict[str, Any], factor: float) -> dict[str, Any]:
    """Every event's time multiplied by `factor`, as `refsim import swf --time-scale` does to submit times; the
    order of events is kept, since multiplying by a positive number keeps it. A scaled recording's times fall on
    no real dates, so its epoch, if any, is left out."""
    events = document.get("events")
    if not isinstance(events, list):
        return document
    scaled = [{**e, "time": e["time"] * factor} if isinstance(e, dict) and _is_number(e.get("time")) else e
              for e in events]
    kept = {key: value for key, value in document.items() if key != "epoch" or factor == 1}
    return {**kept, "events": scaled}


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def with_host_count(document: dict[str, Any], template: str, count: int) -> dict[str, Any]:
    """The cluster with `count` hosts: clones of the template host are added after the last host, or the last
    hosts other than the template are removed (docs/sweep.md, "The host count")."""
    cluster = document.get("cluster")
    hosts = cluster.get("hosts") if isinstance(cluster, dict) else None
    if not isinstance(cluster, dict) or not isinstance(hosts, list):
        raise VariantError("the recording has no cluster.hosts list")
    found = next((h for h in hosts if isinstance(h, dict) and str(h.get("name")) == template), None)
    if found is None:
        raise VariantError(f"the recording has no host named '{short(template)}' to clone (host_template)")
    if count <= len(hosts):
        keep = len(hosts) - count  # hosts to drop, from the end, never the template
        kept = list(hosts)
        for i in range(len(kept) - 1, -1, -1):
            if keep == 0:
                break
            if kept[i] is not found:
                del kept[i]
                keep -= 1
        return {**document, "cluster": {**cluster, "hosts": kept}}
    taken = {str(h.get("name")) for h in hosts if isinstance(h, dict)}
    names = clone_names(template, taken, count - len(hosts))
    return {**document, "cluster": {**cluster, "hosts": hosts + [{**found, "name": n} for n in names]}}


def clone_names(template: str, taken: set[str], count: int) -> list[str]:
    """Names for `count` clones of `template`: a name ending in digits goes on counting from the highest number
    in use with its prefix, at the same width (node0128 -> node0129, ...); any other name gets -1, -2, ..."""
    numbered = _NUMBERED.match(template)
    if numbered is not None:
        prefix, digits = numbered.groups()
        used = [int(m.group(2)) for t in taken if (m := _NUMBERED.match(t)) is not None and m.group(1) == prefix]
        candidates = (f"{prefix}{n:0{len(digits)}d}" for n in itertools.count(max(used, default=0) + 1))
    else:
        candidates = (f"{template}-{n}" for n in itertools.count(1))
    return list(itertools.islice((name for name in candidates if name not in taken), count))
