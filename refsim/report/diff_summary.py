"""The diff of two runs as text lines, or as JSON-ready data."""

from __future__ import annotations

from refsim.report.diff import Moved, RunDiff, StartFigures
from refsim.report.metrics import FIELDS
from refsim.report.summary import HEADINGS, figure, metrics_data


def diff_lines(diff: RunDiff, name_a: str, name_b: str) -> list[str]:
    lines = [f"A: {name_a}", f"B: {name_b}",
             f"decisions at the same session time in both: {diff.compared}; changed: {diff.changed}"
             + (f"; in one run only: {diff.one_run_only}" if diff.one_run_only else "")]
    lines += [f"  {kind}: {count}" for kind, count in diff.changes.items()]
    for title, moved in (("started earlier in B", diff.earlier), ("started later in B", diff.later)):
        lines.append(f"jobs {title} (top {len(moved)}):" if moved else f"jobs {title}: none")
        lines += [f"  job {m.job}: {figure('time', m.start_a)} -> {figure('time', m.start_b)} "
                  f"({_signed(m.delta)})" for m in moved]
    only_a, only_b = diff.started_only
    if only_a or only_b:
        lines.append(f"jobs started in A only: {only_a}; in B only: {only_b}")
    lines.append(_start_line(diff.start_figures))
    lines.append("metrics (A -> B, change):")
    groups_a, groups_b = dict(diff.a.groups()), dict(diff.b.groups())
    for name, deltas in diff.deltas().items():
        cells = []
        for field in FIELDS:
            a, b = getattr(groups_a.get(name), field, None), getattr(groups_b.get(name), field, None)
            if a != b:
                delta = deltas[field]
                change = "" if delta is None else f" ({_signed(delta, field)})"
                cells.append(f"{HEADINGS[field]} {figure(field, a)} -> {figure(field, b)}{change}")
        lines.append(f"  {name}: " + ("; ".join(cells) if cells else "no change"))
    return lines


def _start_line(starts: StartFigures) -> str:
    """How close B's starts come to A's: the share within a minute, the mean and p95 of |B - A|."""
    if not starts.jobs:
        return "starts of jobs started in both: none"
    return (f"starts of jobs started in both ({starts.jobs}): {figure('utilisation', starts.within_minute)} "
            f"within a minute; |B - A| mean {figure('time', starts.mean)}, p95 {figure('time', starts.p95)}")


def start_lines(diff: RunDiff) -> list[str]:
    """Every job started in both runs, by job id: its start in A, in B, and B - A (`refsim diff --starts`)."""
    return ["job,start_a,start_b,difference"] + [f"{m.job},{m.start_a:g},{m.start_b:g},{m.delta:g}"
                                                  for m in diff.starts]


def _signed(value: float, field: str = "time") -> str:
    text = figure(field, abs(value)) if field != "utilisation" else f"{abs(value) * 100:.1f} points"
    return ("-" if value < 0 else "+") + text


def _moved(moved: tuple[Moved, ...]) -> list[dict[str, object]]:
    return [{"job": m.job, "start_a": m.start_a, "start_b": m.start_b, "delta": m.delta} for m in moved]


def diff_data(diff: RunDiff, name_a: str, name_b: str, per_job: bool = False) -> dict[str, object]:
    """The diff as JSON-ready data; `per_job` adds every job's start in both runs."""
    return {"a": name_a, "b": name_b,
            "decisions": {"compared": diff.compared, "changed": diff.changed, "one_run_only": diff.one_run_only,
                          "by_kind": diff.changes},
            "starts": {"jobs": diff.start_figures.jobs, "within_minute": diff.start_figures.within_minute,
                       "abs_difference_mean": diff.start_figures.mean, "abs_difference_p95": diff.start_figures.p95,
                       **({"per_job": _moved(diff.starts)} if per_job else {})},
            "started_earlier_in_b": _moved(diff.earlier), "started_later_in_b": _moved(diff.later),
            "started_only_in_a": diff.started_only[0], "started_only_in_b": diff.started_only[1],
            "metrics": {"a": metrics_data(diff.a), "b": metrics_data(diff.b), "b_minus_a": diff.deltas()}}
