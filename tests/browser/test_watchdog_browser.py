"""The watchdog turns a Playwright call that never returns into a failure, not a hang."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from .watchdog import Watchdog


def test_a_call_that_never_returns_is_broken_and_the_next_test_gets_a_browser(chromium, capsys):
    page = chromium.browser().new_page()
    Watchdog(stall=2).begin("the stalled test")
    with pytest.raises(PlaywrightError):
        page.evaluate("new Promise(() => {})")  # never settles, and evaluate has no timeout
    said = capsys.readouterr().err
    assert "the stalled test stalled for 2 s; where it stood:" in said
    assert "test_watchdog_browser.py" in said  # the greenlet's stack names this test
    again = chromium.browser().new_page()
    again.set_content("<p>alive</p>")
    assert again.text_content("p") == "alive"
    again.context.close()
