"""The suite on several processes (pytest-xdist) still writes every scenario into its cucumber JSON report, passed or
failed, as tools/traceability.py reads it (tests/support/cucumber_relay.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

FEATURE = """Feature: Relay
  @R1.1
  Scenario: Passes
    Given a step

  @R1.2
  Scenario: Fails
    Given a step
    Then it fails
"""

SCENARIOS = """from pytest_bdd import given, scenarios, then

scenarios("relay.feature")


@given("a step")
def _step():
    pass


@then("it fails")
def _fails():
    raise AssertionError("as the feature says")
"""


def test_a_worker_reports_every_scenario_with_its_step_results(tmp_path: Path):
    # Two scenarios run on an xdist worker (one is enough: the controller's reports are rebuilt from a worker's
    # whatever their number): without the relay the controller's report would list neither ([]).
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # this folder is the root: none of refsim's options
    (tmp_path / "relay.feature").write_text(FEATURE)
    (tmp_path / "test_relay.py").write_text(SCENARIOS)
    report = tmp_path / "cucumber.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "1", "-p", "no:cacheprovider",
                           "-p", "no:hypothesispytest",
                           "-p", "tests.support.cucumber_relay", f"--cucumberjson={report}"],
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr  # the failing scenario failed the run
    features = json.loads(report.read_text())
    assert len(features) == 1 and features[0]["uri"].endswith("relay.feature")
    got = {e["name"]: ([t["name"] for t in e["tags"]], [s["result"]["status"] for s in e["steps"]])
           for e in features[0]["elements"]}
    assert got == {"Passes": (["R1.1"], ["passed"]), "Fails": (["R1.2"], ["passed", "failed"])}
