"""`--example list` shows each example's first sentence, cut at a comma when it is longer than SUMMARY_WIDTH."""

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
