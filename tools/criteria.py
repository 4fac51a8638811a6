"""The spec's criterion ids and our one-line titles (features/criteria.yaml)."""

from __future__ import annotations

from pathlib import Path

import yaml

CRITERIA = Path(__file__).resolve().parent.parent / "features" / "criteria.yaml"


def criteria() -> dict[str, str]:
    """Criterion id ('7.3') -> title, in spec order."""
    data = yaml.safe_load(CRITERIA.read_text(encoding="utf-8"))
    return {str(item["id"]): item["title"] for item in data["criteria"]}


def criterion_ids() -> list[str]:
    return list(criteria())
