"""`mypy --strict` over the refsim package stays clean. The configuration is pyproject.toml's [tool.mypy], so the
suite runs exactly what `mypy` alone runs in the repository root; a failure lists mypy's errors, one per line."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_mypy_strict_finds_no_error_in_refsim() -> None:
    result = _mypy()
    if result.returncode != 0:
        pytest.fail(f"`mypy` (strict, over refsim; see [tool.mypy] in pyproject.toml) exited "
                    f"{result.returncode}:\n{result.stdout}{result.stderr}", pytrace=False)
    assert result.stdout.startswith("Success: no issues found"), result.stdout


def test_the_configuration_checks_the_whole_package_strictly() -> None:
    """Weakening the check (no strict, another target, a blanket ignore) would let the test above pass on less."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["packages"] == ["refsim"]
    assert "ignore_errors" not in config and "ignore_missing_imports" not in config


def test_the_configuration_reports_what_strict_mode_forbids(tmp_path: Path) -> None:
    """The same configuration on a two-line module: an unannotated function and a bare generic are both errors
    under --strict (and neither is under mypy's defaults), so a clean run above means strict checks ran."""
    module = tmp_path / "loose.py"
    module.write_text("def double(x):\n    return x * 2\n\n\nTABLE: dict = {}\n", encoding="utf-8")
    result = _mypy("--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
                   str(module))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "loose.py:1: error: Function is missing a type annotation  [no-untyped-def]" in result.stdout
    assert 'loose.py:5: error: Missing type arguments for generic type "dict"  [type-arg]' in result.stdout
