"""Docs that run: every block of docs/ and README.md marked runnable (docs/README.md, "Runnable blocks") is
loaded or run, and its output compared with what the block shows. Blocks of one document share a scratch folder,
which is the working directory of their commands, holding the document's named recordings, a link to examples/
and (as ../shared) a link to the shared data, so commands read as they would from the repository root."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from refsim.cli import main
from refsim.sim.load import recording_from
from refsim.sim.reader import parse_text
from tests.support.docblocks import (ROOT, Block, blocks, documents, live_session, runnable_blocks, shell_commands,
                                     transcript)

SHARED = ROOT.parent / "shared"
NASA = SHARED / "data" / "NASA-iPSC-1993-3.1-cln.swf.gz"
NEEDS = {"nasa": NASA, "lsf": SHARED / "data" / "lsf", "slurm": SHARED / "data" / "slurm"}  # `needs=` of a block
BLOCKS = runnable_blocks()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> dict[Path, Path]:
    """One working folder per document, shared by its blocks in document order (see `_ran_in_order`)."""
    folders = {}
    for document in documents():
        work = tmp_path_factory.mktemp(document.stem) / "work"
        work.mkdir()
        (work / "examples").symlink_to(ROOT / "examples")
        if SHARED.exists():
            (work.parent / "shared").symlink_to(SHARED)
        for block in blocks(document):  # written up front, so any one block can run alone
            if block.kind in ("recording", "sweep") and "file" in block.attributes:
                (work / block.attributes["file"]).write_text(block.text, encoding="utf-8")
        folders[document] = work
    return folders


def _refsim(command: str, work: Path, stdin: str | None = None):
    words = shlex.split(command)
    assert words and words[0] == "refsim", f"a runnable command starts with 'refsim': {command!r}"
    cwd = os.getcwd()
    os.chdir(work)
    try:
        return CliRunner().invoke(main, words[1:], input=stdin, catch_exceptions=False)
    finally:
        os.chdir(cwd)


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _needs_missing_data(block: Block) -> bool:
    needed = NEEDS.get(block.attributes.get("needs", ""))
    return needed is not None and not needed.exists()


def _commands(block: Block) -> list[str]:
    return [command for command, _ in transcript(block)] if block.kind == "console" else shell_commands(block)


@pytest.fixture(scope="module")
def ran() -> dict[Block, list]:
    """Each command block run so far in this process: the results of its commands, in order."""
    return {}


def _ran_in_order(block: Block, work: Path, ran: dict[Block, list]) -> list:
    """The results of `block`'s commands, run after every earlier command block of its document, each exactly once
    in this process. A block may read what an earlier one wrote (a run output then reported on); under pytest-xdist
    or in a shuffled order the earlier block may have run in another process, or not yet, so it is run here first.
    Its own test still checks its output; a block already run here is not run again (a sweep run twice would skip
    its replays and show other lines)."""
    for earlier in blocks(block.document):
        if earlier.kind in ("console", "shell") and earlier not in ran and not _needs_missing_data(earlier):
            ran[earlier] = [_refsim(command, work) for command in _commands(earlier)]
        if earlier == block:
            return ran[block]
    raise AssertionError(f"{block.where}: not a block of its document")


@pytest.mark.parametrize("block", BLOCKS, ids=[b.where for b in BLOCKS])
def test_block_runs_as_shown(block: Block, scratch, ran):
    if _needs_missing_data(block):
        pytest.skip(f"{block.where} needs {NEEDS[block.attributes['needs']]}, which is absent")
    work = scratch[block.document]
    if block.kind == "recording":
        name = block.attributes.get("file", block.where)
        recording_from(parse_text(block.text, name, json_format=block.language == "json"), name)
    elif block.kind == "sweep":
        from refsim import __version__
        from refsim.sweep.expand import expand
        from refsim.sweep.sources import resolve_sources
        from refsim.sweep.spec import parse_spec

        spec = parse_spec(work / block.attributes["file"])
        assert expand(spec, resolve_sources(spec), __version__), f"{block.where}: the sweep has no replay"
    elif block.kind == "live":
        messages, replies = live_session(block)
        protocol = block.attributes.get("protocol", "2")
        result = _refsim(f"refsim live {block.attributes['cluster']} --protocol {protocol}", work,
                         stdin="".join(m + "\n" for m in messages))
        assert result.exit_code == 0 and _lines(result.stdout) == replies, f"{block.where}: {result.output}"
    elif block.kind == "console":
        for (command, shown), result in zip(transcript(block), _ran_in_order(block, work, ran), strict=True):
            assert _lines(result.output) == _lines("\n".join(shown)), f"{block.where}: $ {command}"
    else:
        for command, result in zip(shell_commands(block), _ran_in_order(block, work, ran), strict=True):
            assert result.exit_code == 0, f"{block.where}: {command} exited {result.exit_code}: {result.output}"


def test_the_docs_have_runnable_blocks_of_every_kind():
    # The convention is used, not only documented: a recording, a console transcript and a shell block at least.
    assert {b.kind for b in BLOCKS} == {"recording", "console", "shell", "sweep", "live"}
