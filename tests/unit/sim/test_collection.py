import gc

import pytest

from refsim.sim.collection import RARE_FULL_COLLECTIONS, rare_full_collections


def test_full_collections_are_rare_within_the_block_and_the_thresholds_come_back_even_on_an_error():
    before = gc.get_threshold()
    with pytest.raises(ZeroDivisionError):
        with rare_full_collections():
            young, middle, oldest = gc.get_threshold()
            assert (young, middle) == before[:2] and oldest == max(before[2], RARE_FULL_COLLECTIONS)
            with rare_full_collections():  # nested: the inner block gives back the outer one's setting
                pass
            assert gc.get_threshold() == (young, middle, oldest)
            1 / 0
    assert gc.get_threshold() == before


def test_the_refsim_process_freezes_what_is_left_on_its_way_out():
    from refsim.cli import run

    gc.unfreeze()
    try:
        with pytest.raises(SystemExit):
            run(args=["--version"])
        assert gc.get_freeze_count() > 0  # the interpreter's last collection will pass these over
    finally:
        gc.unfreeze()
