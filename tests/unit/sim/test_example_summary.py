"""`--example list` shows each example's first sentence, cut at a comma when it is longer than SUMMARY_WIDTH."""

import pytest

from refsim.sim.examples import SUMMARY_WIDTH, _summary, example_summaries


def test_a_short_sentence_is_kept_whole_and_a_long_one_is_cut_at_its_last_comma_within_the_width():
    """Kills: `if len(sentence) > SUMMARY_WIDTH` negated in refsim/sim/examples.py (short ones would lose their last
    character and gain ', ...'; long ones would stay long)."""
    assert _summary("# Two jobs, one host. More text.\ncluster: {}\n") == "Two jobs, one host"
    words = ", ".join(f"part {n}" for n in range(1, 30))  # 'part 1, part 2, ...': far past the width
    cut = _summary(f"# {words}.\n")
    within = words[:SUMMARY_WIDTH]
    assert cut == within[:within.rfind(", ")] + ", ..." and len(cut) <= SUMMARY_WIDTH + len(", ...")


def test_every_shipped_example_has_a_summary_within_the_width():
    summaries = example_summaries()
    assert summaries and all(0 < len(s) <= SUMMARY_WIDTH + len(", ...") for s in summaries.values())


def test_the_summary_is_the_opening_comment_only():
    """Kills: sim/examples.py:_summary's `break` at the first line that is not a comment mutated to `continue`
    (a comment further down the recording, here on an event, would be read into a one-sentence summary)."""
    text = "# Two jobs on one host\ncluster: {}\n# job 2 waits for job 1\nevents: []\n"
    assert _summary(text) == "Two jobs on one host"


def test_a_summary_of_exactly_the_width_is_kept_and_one_character_more_is_cut():
    """Kills: sim/examples.py:_summary's `len(sentence) > SUMMARY_WIDTH` -> `>=` (a sentence that fits exactly
    would lose its end). By hand: `a, ` 29 times is 87 characters; with `xyz` the sentence is 90 and stays whole;
    with `xyzw` it is 91 and is cut at its last `, ` (the one after the 29th `a`), which then ends in `, ...`."""
    fits = "a, " * 29 + "xyz"
    assert len(fits) == SUMMARY_WIDTH and _summary(f"# {fits}\n") == fits
    assert _summary(f"# {fits}w\n") == "a, " * 28 + "a, ..."


def test_a_comment_over_several_lines_is_one_sentence_with_single_spaces():
    """Kills: sim/examples.py:_summary's joining space and its stripping of `#` and spaces from each line, and the
    sentence end at `. ` with its final period dropped, and only the period (a last word ending in X keeps it).
    """
    assert _summary("#  Two jobs\n#on one host.   Then more.\n## Not this.\n") == "Two jobs on one host"
    assert _summary("# One job on one host.\nevents: []\n") == "One job on one host"
    assert _summary("# Two jobs on hosts of type X.\n") == "Two jobs on hosts of type X"
    assert _summary("#X86 hosts only.\n") == "X86 hosts only"  # only the `#` is stripped, not a leading X


def test_examples_are_the_demo_then_the_shipped_recordings_by_name():
    """Kills: sim/examples.py:_files' filter (`f.is_file() and f.name.endswith(".yaml")`: the `live` folder of the
    examples would count) and its names (`.yaml` removed), example_summaries' demo first, and
    example_recording's lookups: the demo by its name, a shipped example read under its name, and the refusal of
    an unknown name listing the names."""
    from refsim.sim.batch import demo_recording
    from refsim.sim.examples import example_recording
    from refsim.sim.reader import RecordingError
    assert list(example_summaries()) == ["demo", "backlog", "compound-alternatives", "limits", "six-jobs"]
    assert example_recording("demo") == demo_recording()
    limits = example_recording("limits")
    assert limits.source == "limits" and len(limits.cluster.hosts) == 4 and limits.cluster.limits
    with pytest.raises(RecordingError) as caught:
        example_recording("live")
    assert str(caught.value) == ("--example live: no such example (one of: demo, backlog, compound-alternatives, "
                                 "limits, six-jobs)")


def test_only_yaml_files_of_the_examples_folder_are_examples(tmp_path, monkeypatch):
    """Kills: sim/examples.py:_files' `f.is_file() and f.name.endswith(".yaml")` -> `or` (a note beside the
    examples, or a folder whose name ends in .yaml, would be listed as an example), and its sorting by name."""
    from importlib import resources

    from refsim.sim import examples
    (tmp_path / "examples").mkdir()
    for name in ("b.yaml", "a.yaml", "notes.txt"):
        (tmp_path / "examples" / name).write_text("# x\n")
    (tmp_path / "examples" / "old.yaml").mkdir()
    monkeypatch.setattr(examples.resources, "files", lambda package: tmp_path if package == "refsim"
                        else resources.files(package))
    assert list(examples._files()) == ["a", "b"]
