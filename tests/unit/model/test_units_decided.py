"""Amount suffixes: each one's factor decides (memory is counted in MB)."""

import pytest

from refsim.model.units import parse_amount


# K is normalised to 6 decimal places of MB: 2K = 2/1024 MB = 0.001953125, kept as 0.001953.
@pytest.mark.parametrize("text, mb", [("2K", 0.001953), ("2KB", 0.001953), ("1000K", 0.976562), ("2M", 2), ("2MB", 2), ("2G", 2048),
                                      ("2GB", 2048), ("2T", 2 * 1024 * 1024), ("2TB", 2 * 1024 * 1024)])
def test_each_suffix_scales_by_its_power_of_1024(text, mb):
    """Kills: any factor of _TO_MB changed (for instance 1024 -> 1025 for G or GB)."""
    assert parse_amount(text, "MB") == mb
