"""docs/explore.md's screenshot is made by tools/explore_shot.py, not by hand: the page made now must look like
docs/explore.png (same size, mean pixel difference under tools/shot_compare.TOLERANCE). Out of date: run
`python tools/explore_shot.py`."""

from __future__ import annotations

from tools.explore_shot import SHOT, screenshot
from tools.shot_compare import TOLERANCE, difference


def test_the_docs_screenshot_is_current(browser):
    found = difference(screenshot(browser), SHOT.read_bytes())
    assert found.current, f"{SHOT} is out of date ({found}): run python tools/explore_shot.py"


def test_the_comparison_tells_a_changed_page():
    """A blank image of the same size differs from the screenshot by far more than the tolerance, and another size
    is out of date whatever its pixels."""
    import io

    import numpy as np
    from matplotlib.image import imread, imsave

    shot = imread(io.BytesIO(SHOT.read_bytes()), format="png")
    blank, smaller = io.BytesIO(), io.BytesIO()
    imsave(blank, np.zeros_like(shot), format="png")
    imsave(smaller, shot[:-1], format="png")
    assert difference(blank.getvalue(), SHOT.read_bytes()).mean > TOLERANCE
    assert not difference(smaller.getvalue(), SHOT.read_bytes()).current
