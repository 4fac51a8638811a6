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
    """A white 20x10 image against one with a black 10x10 half: the mean difference is 0.5, far past the
    tolerance; against itself 0; against a 20x9 image, out of date whatever its pixels."""
    import io

    import numpy as np
    from matplotlib.image import imsave

    def png(pixels) -> bytes:  # type: ignore[no-untyped-def]
        out = io.BytesIO()
        imsave(out, pixels, format="png")
        return out.getvalue()

    white = np.ones((10, 20, 3))
    half = white.copy()
    half[:, :10] = 0
    assert difference(png(white), png(half)).mean == 0.5 > TOLERANCE
    assert difference(png(white), png(white)).current
    assert not difference(png(white[:9]), png(white)).current
