"""docs/trace.schema.json ships inside the package (refsim/trace/trace.schema.json links to it, and pyproject's
package data names it), so an installed refsim carries the schema of the JSON trace it writes. tools/wheel_check.py
checks the built wheel itself; this checks the two ends it relies on, without building anything."""

from __future__ import annotations

import importlib.resources
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_package_resource_is_the_documented_schema() -> None:
    shipped = importlib.resources.files("refsim.trace").joinpath("trace.schema.json").read_bytes()
    assert shipped == (ROOT / "docs" / "trace.schema.json").read_bytes()


def test_the_package_data_names_the_schema() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert "trace/trace.schema.json" in data["refsim"]
    assert (ROOT / "refsim" / "trace" / "trace.schema.json").resolve() == (ROOT / "docs" / "trace.schema.json")
