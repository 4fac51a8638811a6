"""`--example NAME` completes in the shell: `list` and the shipped examples' names, through click's completion
protocol (the shell sets _REFSIM_COMPLETE and the words typed so far; refsim prints `type,value` lines)."""

from __future__ import annotations

from click.testing import CliRunner

from refsim.cli import main


def completions(words: str) -> list[str]:
    env = {"_REFSIM_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    result = CliRunner().invoke(main, [], env=env, prog_name="refsim")
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_the_examples_complete_after_example():
    """refsim/examples holds backlog, compound-alternatives, limits and six-jobs; demo is built in and comes first;
    `list` lists them. Sorted by file name, as `--example list` shows them."""
    assert completions("refsim sim --example ") == [
        "plain,list", "plain,demo", "plain,backlog", "plain,compound-alternatives", "plain,limits", "plain,six-jobs"]


def test_what_was_typed_narrows_them():
    """`li` starts `list` and `limits`, nothing else."""
    assert completions("refsim sim --example li") == ["plain,list", "plain,limits"]
