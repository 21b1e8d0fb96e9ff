"""The home page in a phone-sized real browser."""

from __future__ import annotations

import pytest

from .helpers import no_horizontal_overflow

pytestmark = pytest.mark.browser


def test_home_page_loads_htmx_and_fits_a_phone(page, live_server):
    page.goto(live_server + "/")
    assert page.locator("h1").inner_text() == "Keep the score. Settle the argument."
    assert page.evaluate("typeof window.htmx === 'object' && typeof htmx.ajax === 'function'")
    assert page.locator("#game-basra h3").inner_text() == "Basra"
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
