"""Transcripts as trees, for structural comparison: indentation (two spaces a level) gives nesting, and each line
is keyed by its label (the text before its first ': ', or the whole line), so a difference is reported at a path
that names the round, job, requirement, plan, position and host it concerns."""

from __future__ import annotations

from deepdiff import DeepDiff

INDENT = "  "


def _label(text: str) -> str:
    head, sep, _ = text.partition(": ")
    return head if sep else text


def tree(text: str) -> dict:
    """{label: {"line": text, "under": {...}}}; a label repeated at one level gets ` (2)`, ` (3)`, ..."""
    root: dict = {}
    stack: list[tuple[int, dict]] = [(-1, root)]
    for raw in text.splitlines():
        depth = (len(raw) - len(raw.lstrip(" "))) // len(INDENT)
        line = raw.strip()
        while stack[-1][0] >= depth:
            stack.pop()
        siblings = stack[-1][1]
        label, n = _label(line), 2
        while label in siblings:
            label = f"{_label(line)} ({n})"
            n += 1
        siblings[label] = {"line": line, "under": {}}
        stack.append((depth, siblings[label]["under"]))
    return root


def _where(level) -> str:
    """A deepdiff path as the labels it goes through: `round 3 #2 pend 104 > requirement > plan 1 > h1`."""
    return " > ".join(str(step) for step in level.path(output_format="list") if step not in ("under", "line"))


def differences(expected: str, got: str) -> list[str]:
    """Readable differences between two transcripts: each with its path and the old and new lines."""
    diff = DeepDiff(tree(expected), tree(got), ignore_order=False, view="tree")
    lines = []
    for kind, levels in diff.items():
        for level in levels:
            old = level.t1["line"] if isinstance(level.t1, dict) and "line" in level.t1 else level.t1
            new = level.t2["line"] if isinstance(level.t2, dict) and "line" in level.t2 else level.t2
            lines.append(f"{kind}: {_where(level)}: expected {old!r}, got {new!r}")
    return lines
