"""Baseline REPL transcripts (golden/baseline) match byte for byte, under both REPL drivers. Every case was checked
by hand, so `--update-golden` rewrites one only when it is named (tests/golden/cases.py)."""


import pytest

from steps.cases import BASELINE, run_case
from steps.drivers import InProcessDriver, SubprocessDriver
from steps.transcripts import first_difference
from tests.golden.cases import baseline_names

NAMES = baseline_names()


def test_every_case_has_its_files():
    assert len(NAMES) >= 6
    for name in NAMES:
        assert all((BASELINE / name / f).exists() for f in ("case.yaml", "script.txt", "expected.txt"))


# Spec 10.4 lets the help listing change: the trace commands are added to it. Every other case must match.
HELP_CASE = "demo-help"


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
@pytest.mark.parametrize("name", [n for n in NAMES if n != HELP_CASE])
def test_transcript_matches(name, driver, golden_update, golden_updates):
    expected = (BASELINE / name / "expected.txt").read_text(encoding="utf-8")
    got = run_case(BASELINE / name, driver)
    if got == expected:
        return
    if golden_update.rewrites(name, verified_by_hand=True):
        (BASELINE / name / "expected.txt").write_text(got, encoding="utf-8")
        golden_updates.append(f"golden/baseline/{name}: rewritten (say why in golden/baseline/README.md)")
        golden_updates.extend(f"  {line}" for line in first_difference(expected, got).splitlines())
        return
    pytest.fail(first_difference(expected, got) + f"\nif the change is deliberate, check it and rewrite with "
                f"--update-golden={name}", pytrace=False)


EXTENSIONS = ("history",)


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
def test_help_only_gains_the_trace_commands(driver):
    expected = (BASELINE / HELP_CASE / "expected.txt").read_text(encoding="utf-8").splitlines()
    got = run_case(BASELINE / HELP_CASE, driver).splitlines()
    old = iter(got)
    assert all(any(line == g for g in old) for line in expected), "a line of the old help is gone or moved"
    listing = got[:got.index("Console:") + 3]  # the sectioned listing ends with the Console section
    trace_section = listing[listing.index("Trace:"):listing.index("Console:")]
    info_trace = [line for line in listing if line.startswith("  info trace ")]  # spec 1.11: among the info commands
    # refsim's own commands added since the baseline, each a new word (no existing command's output changes,
    # spec 11.5; the help listing may, 11.4): `history` tells a job's story in the run so far (docs/repl.md)
    extensions = [line for line in listing if line.startswith(tuple(f"  {name} " for name in EXTENSIONS))]
    added = list(got)
    for line in expected:
        added.remove(line)
    assert sorted(added) == sorted(info_trace + trace_section + extensions), \
        "lines were added outside the trace commands and refsim's extension commands"
    assert len(extensions) == len(EXTENSIONS)
