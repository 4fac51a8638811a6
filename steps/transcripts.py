"""Reading console transcripts: trace blocks, and the transcript with the traces taken away."""

from __future__ import annotations

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
