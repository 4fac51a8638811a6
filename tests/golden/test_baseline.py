"""Baseline REPL transcripts (golden/baseline) match byte for byte, under both REPL drivers."""


import pytest

from steps.drivers import InProcessDriver, SubprocessDriver
from tools.baseline import CASES, run_case

NAMES = sorted(p.name for p in CASES.iterdir() if p.is_dir())


def test_every_case_has_its_files():
    assert len(NAMES) >= 6
    for name in NAMES:
        assert all((CASES / name / f).exists() for f in ("case.yaml", "script.txt", "expected.txt"))


# Spec 10.4 lets the help listing change: the trace commands are added to it. Every other case must match.
HELP_CASE = "demo-help"


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
@pytest.mark.parametrize("name", [n for n in NAMES if n != HELP_CASE])
def test_transcript_matches(name, driver):
    expected = (CASES / name / "expected.txt").read_text(encoding="utf-8")
    assert run_case(CASES / name, driver) == expected


@pytest.mark.parametrize("driver", [InProcessDriver(), SubprocessDriver()], ids=["inprocess", "subprocess"])
def test_help_only_gains_the_trace_commands(driver):
    expected = (CASES / HELP_CASE / "expected.txt").read_text(encoding="utf-8").splitlines()
    got = run_case(CASES / HELP_CASE, driver).splitlines()
    old = iter(got)
    assert all(any(line == g for g in old) for line in expected), "a line of the old help is gone or moved"
    listing = got[:got.index("Console:") + 3]  # the sectioned listing ends with the Console section
    trace_section = listing[listing.index("Trace:"):listing.index("Console:")]
    info_trace = [line for line in listing if line.startswith("  info trace ")]  # spec 1.11: among the info commands
    added = list(got)
    for line in expected:
        added.remove(line)
    assert sorted(added) == sorted(info_trace + trace_section), "lines were added outside the trace commands"
