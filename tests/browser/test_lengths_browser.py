"""A name too long says so as it is typed, and nothing typed is cut off."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path, field, limit", [
    ("/games/new?game=basra", "#player-1", 40),
    ("/tournaments/new", "#t-name", 80),
])
def test_a_too_long_name_is_said_while_typing(page, live_server, path, field, limit):
    page.goto(live_server + path)
    box = page.locator(field)
    box.fill("")
    box.type("A" * limit)
    expect(page.locator(f"{field}-too-long")).to_have_count(0)
    box.type("BC")
    note = page.locator(f"{field}-too-long")
    expect(note).to_have_text(f"A name can be at most {limit} characters.")
    expect(note).to_be_visible()
    assert box.input_value() == "A" * limit + "BC"  # nothing cut off
    expect(box).to_have_attribute("aria-invalid", "true")
    box.press("Backspace")
    box.press("Backspace")
    expect(note).to_be_hidden()
    assert page.js_errors == []
