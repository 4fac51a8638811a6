"""Golden trace transcripts (golden/trace), compared structurally under both REPL drivers; `--update-golden`
rewrites them on purpose (tests/golden/cases.py)."""

import pytest

from steps.cases import run_case
from steps.drivers import InProcessDriver, SubprocessDriver
from steps.transcripts import first_difference
from tests.golden.cases import GOLDEN, expected_trace, hand_verified, index, problems, write_trace
from tools.transcript_tree import differences, tree


def test_cases_are_complete_and_all_listed():
    assert problems() == []
    assert len(index()) >= 12


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
@pytest.mark.parametrize("name", list(index()))
def test_case_matches(name, driver, golden_update, golden_updates):
    got = run_case(GOLDEN / name, driver)
    want = expected_trace(name)
    diff = differences(want or "", got)
    if want is not None and not diff:
        return
    if golden_update.rewrites(name, hand_verified(name)):
        write_trace(name, got)
        golden_updates.append(f"golden/trace/{name}: rewritten ({len(diff)} differences; say why in its NOTE.md)")
        golden_updates.extend(f"  {line}" for line in diff)
        return
    hint = f"--update-golden={name}" if hand_verified(name) else "--update-golden"
    pytest.fail("\n".join(diff) + "\n" + first_difference(want or "", got)
                + f"\nif the change is deliberate, check it and rewrite with {hint}", pytrace=False)


def test_a_difference_is_reported_at_its_path():
    old = "round 1 #2 pend 3: x\n  trace of 3: round 1\n  requirement: single\n    plan 1: tried\n      h1: accepted\n"
    new = old.replace("h1: accepted", "h1: already claimed")
    assert differences(old, new) == [
        "values_changed: round 1 #2 pend 3 > requirement > plan 1 > h1: expected 'h1: accepted', "
        "got 'h1: already claimed'"]
    added = differences(old, old + "      h2: accepted\n")
    assert added == ["dictionary_item_added: round 1 #2 pend 3 > requirement > plan 1 > h2: expected not present, "
                     "got 'h2: accepted'"]


def test_indentation_gives_nesting_and_repeated_labels_are_numbered():
    t = tree("a: 1\n  b: 2\n  b: 3\nc\n")
    assert list(t) == ["a", "c"] and list(t["a"]["under"]) == ["b", "b (2)"]
