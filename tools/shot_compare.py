"""Whether two screenshots show the same page, without comparing them byte for byte (fonts render differently
from one machine to another): the same size, and a mean pixel difference under TOLERANCE."""

from __future__ import annotations

import io
from dataclasses import dataclass

TOLERANCE = 0.03  # mean absolute difference per channel, on a 0..1 scale: room for other fonts, not for a changed page


@dataclass(frozen=True)
class Difference:
    same_size: bool
    mean: float  # 1.0 when the sizes differ

    @property
    def current(self) -> bool:
        return self.same_size and self.mean < TOLERANCE

    def __str__(self) -> str:
        if not self.same_size:
            return "a different size: out of date"
        return f"mean pixel difference {self.mean:.4f} ({'current' if self.current else 'out of date'})"


def difference(a: bytes, b: bytes) -> Difference:
    from matplotlib.image import imread

    first, second = imread(io.BytesIO(a), format="png"), imread(io.BytesIO(b), format="png")
    if first.shape != second.shape:
        return Difference(False, 1.0)
    return Difference(True, float(abs(first[:, :, :3] - second[:, :, :3]).mean()))
