"""Outputs never destroy inputs: the results, the kept --sim-output files and the report are checked with
guarded_output before anything is opened, and a refused path leaves every file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.sweep.conftest import run


def test_the_output_folder_must_be_a_folder(six: Path):
    (six / "file").write_text("mine\n")
    result = run("sweep", str(six / "six.yaml"), "-o", str(six / "file"), "-j", "1")
    assert result.exit_code == 2 and result.stderr == f"Error: -o {six / 'file'}: is not a folder\n"
    assert (six / "file").read_text() == "mine\n"


def test_the_results_may_not_be_the_sweep_file(six: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(six)
    (six / "out").mkdir()
    spec = (six / "six.yaml").read_text().replace("six-jobs.yaml", "../six-jobs.yaml")
    (six / "out" / "results.csv").write_text(spec)
    result = run("sweep", "out/results.csv", "-o", "out", "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == "Error: results out/results.csv: is the same file as the sweep file out/results.csv; " \
                            "refused so that nothing is overwritten\n"
    assert (six / "out" / "results.csv").read_text() == spec


def test_the_results_may_not_be_a_recording(six: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(six)
    (six / "out").mkdir()
    recording = (six / "six-jobs.yaml").read_text()
    (six / "out" / "results.jsonl").write_text(recording)  # a YAML recording, whatever its name
    (six / "s.yaml").write_text("recordings: [out/results.jsonl]\n")
    result = run("sweep", "s.yaml", "-o", "out", "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == "Error: results out/results.jsonl: is the same file as the recording " \
                            f"{six / 'out' / 'results.jsonl'}; refused so that nothing is overwritten\n"
    assert (six / "out" / "results.jsonl").read_text() == recording and not (six / "out" / "results.csv").exists()


def test_the_report_may_not_replace_the_results_nor_a_plot_the_results(six: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(six)
    assert run("sweep", "six.yaml", "-o", "out", "-j", "1").exit_code == 0
    table = (six / "out" / "results.csv").read_text()
    same = run("sweep-report", "out/results.csv", "-o", "out/results.csv")
    assert same.exit_code == 2  # not .md or .html: a usage mistake before anything else
    (six / "r-hosts.png").write_text(table)  # results that happen to sit where a plot of report r.md would go
    clash = run("sweep-report", "r-hosts.png", "-o", "r.md")
    assert clash.exit_code == 2
    assert clash.stderr == "Error: sweep-report plot r-hosts.png: is the same file as the results table " \
                           "r-hosts.png; refused so that nothing is overwritten\n"
    assert (six / "r-hosts.png").read_text() == table and not (six / "r.md").exists()
    (six / "r.html").symlink_to(six / "out" / "results.csv")
    linked = run("sweep-report", "out/results.csv", "-o", "r.html")
    assert linked.exit_code == 2 and "is the same file as the results table" in linked.stderr
    assert (six / "out" / "results.csv").read_text() == table


def test_the_two_results_files_may_not_be_one_file(six: Path, monkeypatch: pytest.MonkeyPatch):
    """results.jsonl linked to results.csv would have each written over the other. Kills: sweep/results.py:
    ResultsFolder's description of the results table in the refusal mutated."""
    monkeypatch.chdir(six)
    (six / "out").mkdir()
    (six / "out" / "results.csv").write_text("mine\n")
    (six / "out" / "results.jsonl").symlink_to(six / "out" / "results.csv")
    result = run("sweep", "six.yaml", "-o", "out", "-j", "1")
    assert result.exit_code == 2
    assert result.stderr == "Error: results out/results.jsonl: is the same file as the results table " \
                            "out/results.csv; refused so that nothing is overwritten\n"
    assert (six / "out" / "results.csv").read_text() == "mine\n"
