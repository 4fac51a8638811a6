"""The traceability check: it runs on the project's features and catches bad tags and duplicate names."""

import json

from tools.traceability import main, trace

FEATURE = """Feature: F
  Scenario: First
    Given the demo recording

  @R7.3 @whitebox
  Scenario: Second
    Given the demo recording
"""


def test_the_projects_features_cover_every_criterion(tmp_path):
    assert main(["--json", str(tmp_path / "t.json"), "--quiet", "--strict"]) == 0
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["uncovered"] == [] and data["errors"] == []
    assert set(data["coverage"]) == {f"{r}.{c}" for r, n in
                                     [(1, 12), (2, 5), (3, 6), (4, 9), (5, 10), (6, 4), (7, 11), (8, 7), (9, 6),
                                      (10, 5), (11, 4)] for c in range(1, n + 1)}


def test_tags_map_onto_criteria(tmp_path):
    (tmp_path / "a.feature").write_text(FEATURE)
    report = trace(tmp_path)
    assert report.errors == []
    assert report.coverage["7.3"] == ["a.feature:6 Second"]
    assert "7.4" in report.uncovered


def test_strict_fails_on_uncovered_criteria(tmp_path):
    (tmp_path / "a.feature").write_text(FEATURE)
    out = str(tmp_path / "t.json")
    assert main(["--features", str(tmp_path), "--json", out, "--quiet"]) == 0
    assert main(["--features", str(tmp_path), "--json", out, "--quiet", "--strict"]) == 1


def test_bad_tags_and_duplicate_names_fail(tmp_path, capsys):
    (tmp_path / "a.feature").write_text(FEATURE.replace("@R7.3", "@R7.99 @R7 @slow"))
    (tmp_path / "b.feature").write_text(FEATURE.replace("@R7.3 @whitebox", "@R12.1"))
    assert main(["--features", str(tmp_path), "--json", str(tmp_path / "t.json"), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "a.feature:6 Second: tag @R7.99 names no criterion" in out
    assert "tag @R7 is neither" in out and "tag @slow is neither" in out
    assert "b.feature:6 Second: tag @R12.1 names no criterion" in out
    assert "b.feature:2 First: scenario name also used at a.feature:2" in out


def test_a_feature_that_does_not_parse_is_an_error(tmp_path):
    (tmp_path / "bad.feature").write_text("Feature: F\n  Scenario: S\n    Given x\n  Scenari: oops\n")
    assert trace(tmp_path).errors[0].startswith("bad.feature: does not parse")
