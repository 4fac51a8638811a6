"""Runnable fenced blocks in docs/ and README.md (the convention is in docs/README.md).

A fence's info string is a language word followed by marker words and key=value attributes:

    ```yaml recording file=order.yaml      a whole recording: it must load; with file=, later blocks can use it
    ```console                             `$ refsim ...` commands, each followed by its exact output
    ```shell                               `refsim ...` command lines that must succeed (output not compared)
    ```yaml sweep file=six.yaml            a sweep file: written for later blocks; it must read and expand
    ```text live cluster=FILE              a live session: `> message` lines sent, `< reply` lines expected

`needs=nasa` (`needs=lsf`, `needs=slurm`) on any of them: the block needs the NASA iPSC log (the LSF or Slurm
logs) under ../shared/data, and is skipped without it.
Every other fence (`sh`, `yaml`, `json`, none) is an illustration and is never run."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNABLE = ("recording", "console", "shell", "sweep", "live")
_FENCE = re.compile(r"^(`{3,})(.*)$")


@dataclass(frozen=True)
class Block:
    document: Path
    line: int  # of the opening fence, 1-based
    language: str
    markers: tuple[str, ...]
    attributes: dict[str, str] = field(hash=False)
    text: str

    @property
    def kind(self) -> str | None:
        """recording, console, shell, sweep or live; None for an illustration."""
        words = (self.language,) + self.markers
        return next((m for m in RUNNABLE if m in words), None)

    @property
    def where(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"


def documents() -> list[Path]:
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


def blocks(document: Path) -> list[Block]:
    """Every fenced block of a Markdown document, in order."""
    found, lines = [], document.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        fence, words = opening.group(1), opening.group(2).split()
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == fence), len(lines))
        attributes = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        markers = tuple(w for w in words[1:] if "=" not in w)
        found.append(Block(document, i + 1, words[0] if words else "", markers, attributes,
                           "\n".join(lines[i + 1:end]) + "\n"))
        i = end + 1
    return found


def runnable_blocks() -> list[Block]:
    return [b for d in documents() for b in blocks(d) if b.kind is not None]


def transcript(block: Block) -> list[tuple[str, list[str]]]:
    """A console block's commands, each with the output lines shown after it."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"{block.where}: output before the first '$ ' command")
    return steps


def shell_commands(block: Block) -> list[str]:
    """A shell block's command lines, without comments."""
    commands = [line.split(" #", 1)[0].strip() for line in block.text.splitlines()]
    return [c for c in commands if c and not c.startswith("#")]


def live_session(block: Block) -> tuple[list[str], list[str]]:
    """A live block's messages (`> ` lines) and the replies expected (`< ` lines), each in order."""
    messages = [line[2:] for line in block.text.splitlines() if line.startswith("> ")]
    replies = [line[2:] for line in block.text.splitlines() if line.startswith("< ")]
    return messages, replies
