"""Without a browser the explorer's browser tests skip, saying how to get one; under REFSIM_REQUIRE_BROWSER=1 (CI)
they fail instead, so CI cannot pass with them skipped."""

from __future__ import annotations

import shutil

import pytest

from tests.support import browser


@pytest.fixture
def no_chromium(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)


def test_without_a_browser_the_tests_skip_saying_how_to_install_one(no_chromium, monkeypatch):
    monkeypatch.delenv("REFSIM_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium"):
        with browser.chromium():
            pass


def test_under_require_browser_they_fail(no_chromium, monkeypatch):
    monkeypatch.setenv("REFSIM_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="REFSIM_REQUIRE_BROWSER=1 but no `chromium` on PATH"):
        with browser.chromium():
            pass
