"""Rewriting an expected block of a .feature file (`the output is:`, `the trace of job J in round R is:`) from what
a run printed, for `pytest --update-golden=SCENARIO`. The blocks are rewritten when the run ends, from the bottom of
each file up, so the line numbers read at collection stay right."""

from __future__ import annotations

import re
from pathlib import Path

from steps.transcripts import trace_block

TRACE_IS = re.compile(r"^the trace of job (\S+) in round (\d+) is:$")
TEMPLATED = re.compile(r"<\w+>|\{path \d+\}|\{ids \d+ to \d+\}")


def actual_block(step_name: str, args: dict) -> str | None:
    """What the run printed in place of the step's expected block; None for a step that has no such block."""
    transcript, tmp = args.get("transcript"), args.get("tmp_path")
    if transcript is None:
        return None
    if step_name == "the output is:":
        text = transcript.output.removesuffix("\n")
    elif (match := TRACE_IS.match(step_name)) is not None:
        text = "\n".join(trace_block(transcript, match.group(1), int(match.group(2))))
    else:
        return None
    return text.replace(str(tmp), "{tmp}") if tmp is not None else text


def refusal(docstring: str | None) -> str | None:
    """Why a block cannot be rewritten from the output (placeholders the output cannot give back), or None."""
    if docstring is None:
        return "the step has no expected block"
    if TEMPLATED.search(docstring):
        return "its expected block uses placeholders (<name>, {path N}, {ids A to B}): edit it by hand"
    return None


def rewrite(path: Path, blocks: dict[int, str]) -> None:
    """Replace the docstring under each step line (1-based) with the new text, keeping its indentation."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for step_line in sorted(blocks, reverse=True):
        start = step_line  # the line after the step (0-based index step_line) opens the docstring
        indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
        delimiter = lines[start].strip()
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == delimiter)
        body = [indent + line if line else "" for line in blocks[step_line].split("\n")]
        lines[start + 1:end] = body
    path.write_text("\n".join(lines), encoding="utf-8")
