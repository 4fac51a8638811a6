"""Disciplines describe themselves: the facts each discipline states (refsim/sched/disciplines/base.py,
Discipline), and no module outside refsim/sched/disciplines/ deciding anything by a discipline's name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from refsim.sched.disciplines import DISCIPLINES, discipline

FACTS = ("holds_back", "blocks_behind_first_waiting", "single_reservation", "plans_every_job",
         "independent_starts", "extra_resources_rule", "inclusive_shadow")

# name: the facts in FACTS order, stated by hand from each discipline's rule (docs/disciplines.md)
EXPECTED = {
    # every job that fits starts: nothing is held back, nothing planned
    "greedy": (False, False, False, False, False, False, False),
    # FCFS without backfilling: the first job that does not fit blocks every later one
    "strict": (True, True, False, False, False, False, False),
    # textbook EASY: one reservation; a backfill may end at the planned start or use the extra resources
    "easy": (True, False, True, False, False, True, True),
    # conservative backfilling: every waiting job holds a reservation; intervals half-open, so no shadow rule
    "conservative": (True, False, False, True, False, False, False),
    # DR_EVT's EASY: one reservation; a backfill must end strictly before it; no extra-resources rule
    "easy-drevt": (True, False, True, False, False, False, False),
    # DR_EVT's conservative: every job ahead gets its own planned start, from the running jobs alone
    "conservative-drevt": (True, False, False, False, True, False, False),
}

NAMES = frozenset(EXPECTED)
ROOT = Path(__file__).resolve().parents[4] / "refsim"


def test_every_discipline_is_described():
    assert set(DISCIPLINES) == NAMES


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_discipline_states_its_facts(name):
    chosen = discipline(name)
    assert chosen.name == name
    assert tuple(getattr(chosen, fact) for fact in FACTS) == EXPECTED[name]


def _name_comparisons(tree: ast.AST) -> list[int]:
    """Lines of comparisons with a discipline name as a constant operand (in a tuple, list or set too)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for operand in [node.left, *node.comparators]:
            items = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
            if any(isinstance(i, ast.Constant) and i.value in NAMES for i in items):
                found.append(node.lineno)
    return found


def test_the_scan_sees_a_name_comparison():
    assert _name_comparisons(ast.parse('x == "greedy"\ny in ("easy", "easy-drevt")\nz != "mine"')) == [1, 2]


def test_no_module_outside_the_disciplines_compares_a_discipline_name():
    """A module asks the discipline what it is (its facts), never which one it is."""
    own = ROOT / "sched" / "disciplines"
    found = [f"{path.relative_to(ROOT.parent)}:{line}" for path in sorted(ROOT.rglob("*.py"))
             if own not in path.parents for line in _name_comparisons(ast.parse(path.read_text()))]
    assert found == []
