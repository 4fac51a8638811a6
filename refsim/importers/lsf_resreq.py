"""A site job's LSF requirement string as refsim keeps it. The cluster an import builds knows each host's slots
and nothing else (no types, load indices, memory or attributes), so only what refsim can apply to such hosts is
kept: `span[...]`. Every other section is left out and named, one warning per kind with the number of jobs
(docs/lsf.md, "Requirements"); none is dropped silently."""

from __future__ import annotations

import re
from collections import Counter

from refsim.resreq.parser import ResreqError, parse_requirement

_SECTION = re.compile(r"\s*([a-z]+)\[")
_ANY_TYPE = re.compile(r"^\(*\s*type\s*==\s*(any|local)\s*\)*$")

WHY = {
    "select[type == any]": "every host type matches, so nothing is lost",
    "select[...]": "the hosts' types and attributes are not in the log",
    "order[...]": "load indices and host order are not in the log",
    "rusage[...]": "the hosts' memory and resources are not in the log",
    "span[...]": "refsim cannot read this span",
    "compound or alternative": "refsim keeps only a plain list of sections from a site log",
}


def sections(text: str) -> list[tuple[str, str]] | None:
    """(name, body) of each top-level `name[body]` section; None when the string is not a plain list of them."""
    found, at = [], 0
    while at < len(text.rstrip()):
        match = _SECTION.match(text, at)
        if match is None:
            return None
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"[": 1, "]": -1}.get(text[end], 0)
            end += 1
        if depth:
            return None
        found.append((match.group(1), text[match.end():end - 1]))
        at = end
    return found


def kept_requirement(text: str, dropped: Counter[str]) -> str:
    """The part of `text` refsim keeps; each kind of section left out is counted once in `dropped`."""
    if not text.strip():
        return ""
    parts = sections(text)
    if parts is None:
        dropped["compound or alternative"] += 1
        return ""
    kept, kinds = [], set()
    for name, body in parts:
        if name == "span":
            kept.append(f"span[{body.strip()}]")
        elif name == "select" and _ANY_TYPE.match(body.strip()):
            kinds.add("select[type == any]")
        else:
            kinds.add(f"{name}[...]")
    result = " ".join(kept)
    try:
        parse_requirement(result)
    except ResreqError:
        kinds.add("span[...]")
        result = ""
    dropped.update(kinds)
    return result


def warnings(dropped: Counter[str], title: str) -> list[str]:
    """One line per kind of section left out, with the number of jobs."""
    return [f"warning: {title}: {count} {'jobs ask' if count != 1 else 'job asks'} for {kind}, left out of their "
            f"requirements ({WHY.get(kind, 'refsim does not model it')})" for kind, count in sorted(dropped.items())]
