"""Reading console transcripts: trace blocks, and the transcript with the traces taken away."""

from __future__ import annotations

import difflib

TRACE_REPLIES = ("trace on for", "trace off (")


def untraced_view(lines: list[str]) -> list[str]:
    """The lines less the trace commands' replies and every trace block (indented under `  trace of ...`)."""
    kept, in_block = [], False
    for line in lines:
        if line.startswith("  trace of "):
            in_block = True
        elif not (in_block and line.startswith("  ")):
            in_block = False
            if not line.startswith(TRACE_REPLIES):
                kept.append(line)
    return kept


def block_lines(lines: list[str], job: str, round_no: int) -> list[str] | None:
    """A trace block as printed, its two-space indent removed: from `trace of J: round R` to the next line that
    is not part of it (an echo or round line, or the next block); None when there is none."""
    start = next((i for i, line in enumerate(lines) if line.startswith(f"  trace of {job}: round {round_no},")),
                 None)
    if start is None:
        return None
    block = [lines[start][2:]]
    for line in lines[start + 1:]:
        if not line.startswith("  ") or line.startswith("  trace of "):
            break
        block.append(line[2:])
    return block


def trace_block(transcript, job: str, round_no: int) -> list[str]:
    """The trace block of job J in round R in a transcript (block_lines); a missing block fails the step."""
    block = block_lines(transcript.lines, job, round_no)
    assert block is not None, f"no trace of {job} in round {round_no}:\n{transcript.output}"
    return block


def first_difference(expected: str, got: str, context: int = 3) -> str:
    """A unified diff of the first place two transcripts differ, `context` lines either side, not the whole text."""
    diff = list(difflib.unified_diff(expected.splitlines(), got.splitlines(), "expected", "got", n=context,
                                     lineterm=""))
    if not diff:
        return "the transcripts are equal"
    second_hunk = next((i for i, line in enumerate(diff) if line.startswith("@@") and i > 2), len(diff))
    more = " (and more differences after it)" if second_hunk < len(diff) else ""
    return "first difference" + more + ":\n" + "\n".join(diff[:second_hunk])
