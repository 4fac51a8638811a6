"""Rendering a trace as indented text: two spaces per level, amounts in the current units mode."""

from __future__ import annotations

from refsim.model.units import UnitsMode, format_amount
from refsim.trace.records import Line, LineMemo, Trace

INDENT = "  "


def render_line(line: Line, units: UnitsMode) -> str:
    parts = line.parts
    if len(parts) == 1 and isinstance(parts[0], str):  # most lines are one text
        return INDENT * line.depth + parts[0]
    text = "".join([p if isinstance(p, str) else format_amount(p.value, p.unit, units) for p in parts])
    return INDENT * line.depth + text


def totals_lines(trace: Trace) -> list[Line]:
    """The truncation marker and the exact decision-wide counts, in a fixed two lines."""
    t = trace.totals
    counts = ", ".join(f"{kind.value} {n}" for kind, n in t.verdicts)
    discipline = "; discipline: " + ", ".join(f"{name} {n}" for name, n in t.discipline) if t.discipline else ""
    return [Line(1, (f"trace truncated: {trace.omitted} lines omitted (bound {trace.bound} lines)",)),
            Line(1, (f"decision totals: plans tried {t.plans_tried}, plans discarded {t.plans_discarded}; "
                      f"host evaluations: {counts}{discipline}",))]


def render(trace: Trace, units: UnitsMode, memo: LineMemo | None = None) -> list[str]:
    """The trace's lines as text; `memo`, when given, renders lines in `units` and keeps their texts."""
    lines = list(trace.head) + list(trace.discipline) + list(trace.body)
    if trace.omitted:
        lines += totals_lines(trace)
    lines += list(trace.outcome)
    if memo is not None:
        return memo.each(lines)
    return [render_line(line, units) for line in lines]


class Renderer:
    """render() for a console: the text of each distinct line is kept, for the units mode last asked for."""

    def __init__(self) -> None:
        self._memos: dict[UnitsMode, LineMemo] = {}

    def __call__(self, trace: Trace, units: UnitsMode) -> list[str]:
        memo = self._memos.get(units)
        if memo is None:
            self._memos = {units: (memo := LineMemo(lambda line: render_line(line, units)))}
        return render(trace, units, memo)
