"""The --update-golden plumbing: which cases a run may rewrite, how an expected block of a .feature file is
rewritten, and the unified diff a failing comparison prints."""

import subprocess
import sys

import pytest

from steps.drivers import ROOT
from steps.transcripts import first_difference
from tests.golden import feature_blocks
from tests.golden.cases import EVERY, GoldenUpdate, hand_verified, index, scenario_names


def test_a_bare_update_spares_hand_verified_cases_a_named_one_is_rewritten():
    bare = GoldenUpdate.from_option([EVERY])
    assert bare.rewrites("regression-only", verified_by_hand=False)
    assert not bare.rewrites("full-hosts", verified_by_hand=True)
    named = GoldenUpdate.from_option(["full-hosts"])
    assert named.rewrites("full-hosts", True) and not named.rewrites("truncation", False)
    assert not GoldenUpdate.from_option(None).rewrites("x", False)


def test_names_are_checked_against_cases_and_scenarios():
    assert GoldenUpdate.from_option([EVERY, "full-hosts", "demo-step"]).unknown() == []
    assert GoldenUpdate.from_option(["Quit ends the console; commands after it are not read"]).unknown() == []
    assert GoldenUpdate.from_option(["nonesuch", "full-hosts"]).unknown() == ["nonesuch"]
    assert "Quit ends the console; commands after it are not read" in scenario_names()


def test_every_trace_case_today_is_hand_verified():
    # Each NOTE.md title says so (e.g. "# full-hosts (hand-verified)"), so only naming a case rewrites it.
    assert all(hand_verified(name) for name in index())


def test_an_unknown_name_is_a_one_line_usage_error():
    # no cache: the suite may be running in this checkout at the same time (its other worker)
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           "--update-golden=nonesuch", "tests/golden/test_update.py"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert done.stderr.strip() == "ERROR: --update-golden: no golden case or scenario named 'nonesuch'"


def test_updating_goldens_on_several_processes_is_refused():
    # Under -n each worker would rewrite what it saw, and a scenario's two drivers may run on different workers.
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-n", "2",
                           "tests/golden/test_update.py", "--update-golden"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert done.stderr.strip() == "ERROR: --update-golden rewrites files: run it in one process (without -n)"


FEATURE = '''Feature: F
  Scenario: S
    When I run the commands:
      """
      step
      """
    Then the output is:
      """
      old line
        old indented
      """
    And the exit status is 0
'''


def test_an_expected_block_is_replaced_in_place_keeping_its_indent(tmp_path):
    path = tmp_path / "f.feature"
    path.write_text(FEATURE)
    feature_blocks.rewrite(path, {7: "new line\n  new indented\n\nlast"})  # `Then the output is:` is line 7
    assert path.read_text() == FEATURE.replace("      old line\n        old indented\n",
                                               "      new line\n        new indented\n\n      last\n")


def test_blocks_with_placeholders_are_left_for_a_person():
    assert feature_blocks.refusal("a <selection> line") is not None
    assert feature_blocks.refusal("{path 4096}") is not None
    assert feature_blocks.refusal("round 1 dispatch {tmp}") is None


def test_the_first_difference_is_shown_with_three_lines_either_side():
    expected = "".join(f"line {i}\n" for i in range(1, 21))
    got = expected.replace("line 10\n", "line ten\n").replace("line 19\n", "line nineteen\n")
    shown = first_difference(expected, got)
    assert shown.splitlines() == ["first difference (and more differences after it):", "--- expected", "+++ got",
                                  "@@ -7,7 +7,7 @@", " line 7", " line 8", " line 9", "-line 10", "+line ten",
                                  " line 11", " line 12", " line 13"]
    assert "line 1\n" not in shown and "nineteen" not in shown
