"""The traceability check: it runs on the project's features and catches bad tags and duplicate names."""

import json

from tools.traceability import main, result_matrix, trace

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


def _element(test_id: str, name: str, tags: list[str], statuses: list[str]) -> dict:
    return {"id": test_id, "name": name, "tags": [{"name": t, "line": 1} for t in tags],
            "steps": [{"result": {"status": s}} for s in statuses]}


def _report(path, elements: list[dict]) -> None:
    path.write_text(json.dumps([{"uri": "features/x.feature", "tags": [], "elements": elements}]))


def test_results_give_each_criterion_a_status_per_driver(tmp_path):
    # 1.1 passes under both drivers; 1.2 fails in-process (one failing step) and passes through the subprocess;
    # 1.3 runs only in-process (a white-box scenario); the rest never ran.
    _report(tmp_path / "cucumber.json", [
        _element("test_a[inprocess]", "A", ["R1.1"], ["passed", "passed"]),
        _element("test_a[subprocess]", "A", ["R1.1"], ["passed", "passed"]),
        _element("test_b[inprocess-x]", "B", ["R1.2", "R1.1"], ["passed", "failed"]),
        _element("test_b[subprocess-x]", "B", ["R1.2"], ["passed", "passed"]),
        _element("test_c[inprocess]", "C", ["R1.3", "whitebox"], ["passed"]),
    ])
    matrix = result_matrix(tmp_path, ["inprocess", "subprocess"])
    assert matrix["1.1"] == {"inprocess": "failed", "subprocess": "passed"}  # one failure is enough
    assert matrix["1.2"] == {"inprocess": "failed", "subprocess": "passed"}
    assert matrix["1.3"] == {"inprocess": "passed", "subprocess": "not run"}
    assert matrix["7.3"] == {"inprocess": "not run", "subprocess": "not run"}


def test_a_report_without_driver_ids_is_named_by_its_file(tmp_path, capsys):
    # A conformance kit run has no driver parameter: its file name, subprocess.json, names the driver.
    reports = tmp_path / "reports"
    reports.mkdir()
    _report(reports / "subprocess.json", [_element("test_a", "A", ["R1.1"], ["passed"])])
    _report(reports / "inprocess.json", [_element("test_a", "A", ["R1.1"], ["passed"])])
    out = str(tmp_path / "t.json")
    assert result_matrix(reports, ["inprocess", "subprocess"])["1.1"] == {"inprocess": "passed",
                                                                           "subprocess": "passed"}
    assert main(["--results", str(reports), "--json", out, "--quiet"]) == 0  # nothing failed
    assert main(["--results", str(reports), "--json", out, "--quiet", "--strict"]) == 1  # 1.2 onwards not run
    printed = capsys.readouterr().out
    assert "error: 1.2 under inprocess: no passing scenario" in printed
    assert "error: 1.1 under" not in printed
    assert json.loads((tmp_path / "t.json").read_text())["results"]["1.1"]["subprocess"] == "passed"


def test_a_failed_scenario_fails_even_without_strict(tmp_path, capsys):
    _report(tmp_path / "subprocess.json", [_element("test_a", "A", ["R4.2"], ["failed"])])
    assert main(["--results", str(tmp_path), "--json", str(tmp_path / "t.txt"), "--quiet"]) == 1
    assert "error: 4.2: a scenario failed" in capsys.readouterr().out


def test_unreadable_results_are_a_one_line_error(tmp_path, capsys):
    assert main(["--results", str(tmp_path), "--json", str(tmp_path / "t.txt")]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path}: no cucumber JSON report (*.json) there\n"
    (tmp_path / "bad.json").write_text("{not json")
    assert main(["--results", str(tmp_path), "--json", str(tmp_path / "t.txt")]) == 2
    assert capsys.readouterr().err.startswith(f"error: {tmp_path / 'bad.json'}: not a cucumber JSON report")
